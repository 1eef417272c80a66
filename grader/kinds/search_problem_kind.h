// search_problem: a search problem the student formulated (a Berkeley-style problem class:
// getStartState, isGoalState, getSuccessors returning (successor, action, stepCost) triples),
// and optionally a heuristic for it, judged without the student's own search: the Python
// driver's `explore` op walks the student's problem breadth-first (calling the heuristic on each
// state in the same pass), and checkers/problem_judgements.h compares what it found with the
// reference's problem on the test's domain, state by state, matched by the actions that reach
// them. A wrong BFS in the student's search.py cannot cost a correct problem its points.
//
// Spec keys: domain (a search domain; a `pacman_problem` domain also hands the problem the game
// state built from its layout), with start and goal where the domain takes them (a graph's); call
// (the problem's construction, e.g. "CornersProblem(game_state)"; words: game_state, start,
// numbers); heuristic (a function h(state, problem) of the module, e.g. cornersHeuristic);
// max_states (states explored, default 20000); size_leeway (default 2: the student's space may have
// up to twice the reference's states); informed {at_most: 1 to 4 decreasing expansion counts of the
// reference's A* (as Berkeley's: every path pushed, expanded states skipped) over the student's
// space guided by the student's h, from the start}. Aspects: start (Pacman's square, for Pacman
// domains), successors, goal_test, states, solution_cost, size; with a heuristic also h_values (a
// number >= 0 at every state), goal_zero, admissible, consistent, informed_1 .. informed_4.
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class SearchProblemKind : public TestKind {
 public:
  std::string_view name() const override { return "search_problem"; }
  std::vector<std::string> aspects() const override {
    return {"start",      "successors", "goal_test",  "states",     "solution_cost",
            "size",       "h_values",   "goal_zero",  "admissible", "consistent",
            "informed_1", "informed_2", "informed_3", "informed_4"};
  }
  std::vector<std::string> keys() const override {
    return {"domain",    "start",      "goal",        "call",
            "heuristic", "max_states", "size_leeway", "informed"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: the reference's problem explored as a student's would be, with a classic slip
  /// (goal_never_true, last_successor_dropped, step_costs_one), judged as a student's problem;
  /// the heuristic's aspects are left to the heuristic kind's mutants (not judged).
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
