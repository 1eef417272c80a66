// heuristic: a heuristic the student wrote, judged on every state of the space (checkers/
// heuristic_judgements.h: goal_zero, admissible, consistent, stronger) after the Python driver
// has called it on all of them, many states per round trip (the driver's `map` step). The
// function adapter passes the test's `call:` words: `state` is each state in turn, the others
// (goal, graph, maze, a number) as a `search` test passes them.
//
// Spec keys: call (e.g. "linear_conflict(state)"); domain (one of `domains`; default the spec's
// sliding-tile `domain`); start and goal (a graph's; the space enumerated is every state
// reachable from the start; a board's space is every board reachable from its goal);
// stronger_than (`domain`: the domain's own heuristic, or for boards `manhattan` or
// `misplaced`); max_states (default 200000: a larger space is refused at validate); sample
// {walks, max_length, seed} (boards: judged on seeded random walks from the goal, their
// optimal paths and their neighbours instead of the whole space: reference/sampled_space.h);
// informed {starts: states to search from (a graph's default: its start), at_most: 1 to 4
// decreasing expansion counts} with algorithm (default A* as Berkeley's: every path pushed,
// what was expanded skipped, ties first in first out).
// Aspect `values`: every call returned a number >= 0 (a call that raised names its state);
// informed_1 .. informed_4: the tiers of `informed.at_most` (checkers/heuristic_judgements.h).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class HeuristicKind : public TestKind {
 public:
  std::string_view name() const override { return "heuristic"; }
  std::vector<std::string> aspects() const override {
    return {"values",     "goal_zero",  "admissible", "consistent", "stronger",
            "informed_1", "informed_2", "informed_3", "informed_4"};
  }
  std::vector<std::string> keys() const override {
    return {"call",       "domain",   "start",     "goal",  "stronger_than",
            "max_states", "informed", "algorithm", "sample"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: h = 0; h counting the blanks (boards); twice the domain's h; h + 1 at the goal.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
