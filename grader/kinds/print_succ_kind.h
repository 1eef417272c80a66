// print_succ: calls the submission's print_succ(state) and checks the printed successors
// (aspects: successors, order, format). Spec keys: state (a state of the domain). On a domain the
// spec names (`domain:`, a graph or a maze) the call and the lines are the test's: see
// kinds/domain_trace.h.
#pragma once

#include "domains/sliding_tile_setup.h"
#include "kinds/test_kind.h"

namespace sg {

class PrintSuccKind : public TestKind {
 public:
  std::string_view name() const override { return "print_succ"; }
  std::vector<std::string> aspects() const override { return {"successors", "order", "format"}; }
  bool uses_action_order(const Assignment& assignment) const override {
    return successors_in_action_order(assignment);
  }
  std::vector<std::string> keys() const override;
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: h with the blank counted as a tile; the successors in the other order (sorted
  /// versus the blank's move order). Each printed listing judged as the student's output.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
