// puzzle_function: calls one of a problem formulation's functions on several states and judges
// each return value against the reference: A2's 8-puzzle helpers on the spec's sliding-tile
// `domain` (checkers/puzzle_function_checker.h), or, with `domain:` one of the spec's `domains`
// (a graph, a maze), the problem's own actions(state) and result(state, action)
// (checkers/domain_function_checker.h); on either, goal_test(state) and h(state) by their values.
//
// Spec keys:
//   role:     find_blank (boards) | actions | take_action | goal_test | h | neighbors
//             (required; neighbors: the boards one slide away, as a set, boards only)
//   function: the Python name (default findBlank_8p / actionsF_8p / takeActionF_8p on a board,
//             actions / result on a domain, goal_test / h on both)
//   domain:   one of the spec's `domains`; default the spec's sliding-tile `domain`
//   states:   the states to call it on                     (required, a list of states: boards
//             as lists, or as rows (passed as rows: Java's int[][]; of any size when the goal
//             has a pattern), a graph's node names, a maze's cells as [row, col])
//   receiver: a class: each call is `new Class(state).function()` (Princeton's Board methods)
//   heuristic: h's heuristic on a board (misplaced_tiles | manhattan), else the domain's
//   A board object's roles (twin, equals, to_string, immutable, solve, rejects_null) call its
//   methods through the driver: kinds/board_object_calls.h (solver: the Solver class, default
//   Solver; raises: what rejects_null expects, default IllegalArgumentException)
//   actions:  take_action only: the actions to apply to each state (default: every legal one,
//             in the domain's order)
//   cross_check: {value: ...}: what the assignment publishes for the first call (the course
//             grader's output), which the reference must reproduce
// Aspects: value (every call returned the right value), input_unchanged (take_action: no call
// modified the state passed to it), format (to_string: the course's layout, `layout:` lines
// (default) or aligned, checkers/board_object_checks.h), dequeues
// (solve with `dequeues:`: the search nodes the Solver's A* dequeued, kinds/dequeue_plan.h).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class PuzzleFunctionKind : public TestKind {
 public:
  std::string_view name() const override { return "puzzle_function"; }
  std::vector<std::string> aspects() const override {
    return {"value", "input_unchanged", "format", "dequeues", "calls", "memory"};
  }
  bool uses_action_order(const Assignment&) const override { return true; }
  std::vector<std::string> keys() const override {
    return {"role",       "function", "states",    "actions",       "cross_check", "goal",
            "domain",     "receiver", "heuristic", "solver",        "raises",      "dequeues",
            "unsolvable", "calls",    "memory",    "bytes_at_most", "layout"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants of the helpers' classic slips, each call judged as a student's: findBlank's (column,
  /// row) (row_col_swapped), the actions in reverse (actions_reversed) or with left and right
  /// mirrored (left_right_mirrored, also takeAction's), and takeAction moving the tiles of the
  /// state it was given (mutates_input). None for goal_test, h, or a domain's result.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
