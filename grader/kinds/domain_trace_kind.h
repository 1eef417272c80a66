// print_succ, solve and print_path: the tests of a function that prints what a search does on
// a domain (kinds/domain_trace.h), one kind with what is asked as its parameter:
//   print_succ  the successors of a state, listed (aspects: successors, order, format)
//   solve       the path a search takes to the goal, each state with h and its depth, then the
//               max queue length (aspects: path, heuristic, format, max_queue)
//   print_path  the path it is handed (A2's printPath_8p: iterative deepening's path within the
//               test's `limit`), in any format (aspect prints) or, with `line:`, judged as a
//               solve trace against that path (path, heuristic, format). Keys: start, goal,
//               limit, function (default printPath_8p), domain, line.
// Keys of the seed form (a tile test, no `call:`): state, function; solve also exact_path,
// max_queue_line (optional | required | forbidden), max_queue_length (feedback | exact | range)
// and cross_check {moves, max_queue_length} (figures published with the assignment that the
// reference must reproduce). The composed form's keys: kinds/domain_trace.h.
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class DomainTraceKind : public TestKind {
 public:
  /// What the test asks the printed trace to show.
  enum class Asked { successors, path, handed_path };
  explicit DomainTraceKind(Asked asked) : asked_(asked) {}

  std::string_view name() const override;
  std::vector<std::string> aspects() const override;
  bool uses_action_order(const Assignment& assignment) const override;
  std::vector<std::string> keys() const override;
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants (algorithms/trace_mutants.h): for print_succ the successors in another order, f
  /// printed for h and the domain's slips (a tile h counting the blank, two blanks "swapped");
  /// for solve greedy instead of A* and -1 printed for a judged max queue length. What each
  /// prints is judged as the student's output.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;

 private:
  Asked asked_;
};

}  // namespace sg
