// print_succ: calls the submission's print_succ and checks the printed successors (aspects:
// successors, order, format), composed from the spec's parts (kinds/domain_trace.h): a domain, the
// function adapter, a line template and the shared judgements. Spec keys: state (whose
// successors), function; or the composed keys (domain, call, line, order, start, goal).
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
  /// Mutants: the successors in another order; f printed for h; the domain's slips (a tile h
  /// counting the blank, two blanks "swapped"). Each printed listing judged as the student's
  /// output.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
