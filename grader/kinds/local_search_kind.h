// local_search: calls a student's local-search functions on a space of complete states
// (reference/local_search.h: UW-Madison CS540's N-Queens with a static queen is
// `space: static_queens`; a sliding_tile domain, its heuristic the value, is another, and so is
// a course's rules file with neighbors and value) and judges
// each against the reference (checkers/local_search_checker.h): the neighbours of a state, its
// value, the state hill climbing chooses next, the climb a function prints, the results random
// restarts print, and the run simulated annealing prints (checkers/anneal_checker.h).
//
// Spec keys:
//   space:    static_queens (a state is a list of N rows, one per column; a queen always on the
//             static square (static_x, static_y)), or one of the spec's `domains`: of `type:
//             sliding_tile` (a state is the board, row by row; its neighbours the blank's moves
//             in the board's action_order; its value the board's heuristic; a test's `goal:`
//             replaces the board's), or given as a rules file with `is: local`
//             (domains/rules_local_space.h)                                         (required)
//   role:     neighbours | value | choose_next | climb | restarts | anneal         (required)
//   function: the Python name                                                      (required)
//   calls:    the calls, each a list of its arguments as the handout orders them  (required):
//             neighbours, choose_next, climb, anneal: [state, static_x, static_y]; value:
//             [state];
//             restarts: [n, k, static_x, static_y]; on a board or rules space [state], and
//             restarts the handout's own arguments as given (judged without draws)
//   order:    neighbours: sorted (as Python's sorted() lists them; the default) or space (the
//             space's own order)
//   line:     how a state is printed with its value (fields {state} and {value}; default
//             "{state} - f={value}", read with any spacing)
//   policy:   hill climbing's policies (defaults CS540's): {objective: minimise | maximise,
//             current_competes: true, tie: lowest_state | first_generated, stop: equal_values |
//             no_better, sideways: 0, target: 0 (or null: none)}
//   draws:    restarts: the draws the handout prescribes, whose exact run feedback shows beside
//             the student's (graded by properties either way): randint_per_column
//             (random.seed(1), then for each restart randint(0, n - 1) for each column but the
//             static one, in column order)
//   schedule: anneal: {kind: exponential, k, lambda, limit} (AIMA's exp_schedule; its defaults
//             20, 0.005, 100) or {kind: geometric, initial, alpha, minimum}
//   seed:     anneal: the grader calls random.seed(seed) before each call (the driver's
//             `seed`), so a run drawn as AIMA's code draws is exact and judged as `drawn`
//   helpers:  climb, restarts: {neighbours, value, choose_next: the student's function names}:
//             while the test runs, each answers as the reference does on the states of the
//             expected climbs (the driver's `patch`; the student's own code elsewhere), so a
//             mistake in a helper is graded by the helper's own tests only (restarts need draws)
// Aspects: value (neighbours: the right states; value, choose_next: the right answer), order
// (neighbours listed sorted), path (climb: the printed climb), returned (climb: the state it
// returns), result (restarts: what holds for every run) and seeded (restarts: a second call
// prints the same: the seed is set inside the function); anneal: path (each line the start, a
// neighbour of the line before or that state again, one per time step while T > 0), returned
// and drawn (with `seed`: the exact run).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class LocalSearchKind : public TestKind {
 public:
  std::string_view name() const override { return "local_search"; }
  std::vector<std::string> aspects() const override {
    return {"value", "order", "path", "returned", "result", "seeded", "drawn"};
  }
  std::vector<std::string> judged_aspects(const Assignment& assignment,
                                          const TestSpec& test) const override;
  std::vector<std::string> keys() const override {
    return {"space", "role",    "function", "calls", "line",     "policy",
            "draws", "helpers", "order",    "goal",  "schedule", "seed"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants of the assignment's classic slips, each judged as a student's answer: neighbours
  /// unsorted or moving the static queen too; a value counting attacking pairs; choose_next
  /// leaving the current state out; a climb that stops one state early; restart results printed
  /// with every climb's path (where the spec gives the draws).
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
