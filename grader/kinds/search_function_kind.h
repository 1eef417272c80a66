// search_function: calls the submission's depthLimitedSearch or iterativeDeepeningSearch (A2)
// and judges its return value against the reference (reference/depth_limited_search.h) with the
// search result checker: 'cutoff', 'failure' or a path.
//
// Spec keys:
//   algorithm: iterative_deepening | depth_limited          (required)
//   function:  the Python name (default iterativeDeepeningSearch / depthLimitedSearch)
//   limit:     maxDepth or depthLimit                       (required, whole number)
//   graph:     {node: [successors]}: search this explicit graph (states are node names); the
//              driver supplies actionsF(s) = graph[s] and takeActionF(s, a) = a.
//              Without a graph the spec's sliding_tile domain is searched; the driver supplies
//              correct actionsF/takeActionF in the domain's action_order, so a mistake in the
//              student's own actionsF_8p is charged where it is tested, not here.
//   domain:    one of the spec's `domains` (a graph, a maze): search it instead, from its start
//              to its one goal (a graph's `start` and `goal`; a maze's map); the driver supplies
//              actionsF(s) and takeActionF(s, a) from the domain's table of states
//   start, goal: states (goal defaults to the domain's for puzzles)
//   own_functions: true: also call it with the student's actionsF_8p / takeActionF_8p (aspect
//              own_functions, usually feedback only), as the course's grader does
//   cross_check: {result: cutoff | failure, moves: N}: published figures the reference must match
// Aspects: result, own_functions.
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class SearchFunctionKind : public TestKind {
 public:
  std::string_view name() const override { return "search_function"; }
  std::vector<std::string> aspects() const override { return {"result", "own_functions"}; }
  bool uses_action_order(const Assignment&) const override { return true; }
  std::vector<std::string> keys() const override {
    return {"algorithm", "function",      "limit",       "graph", "start",
            "goal",      "own_functions", "cross_check", "domain"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants (algorithms/search_mutants.h): the depth limit off by one either way, and 'failure'
  /// reported where the search was cut off; each answer judged as the student's return value.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
