// Problem: a search problem in the textbook's terms (AIMA, chapter 3): an initial state,
// actions(s) with their results and step costs (together: the successors of s, in the domain's
// order), a goal test and a heuristic h. Every domain (an explicit graph, a grid maze, a sliding-
// tile puzzle) implements it, so every algorithm (search.h, depth_limited.h, local_beam.h) runs on
// every domain, and the grader judges what a student did against any of them the same way.
//
// States are text: a graph's node name ("Arad"), a grid cell ("(3, 4)"), a board
// ("[1, 2, 3, 4, 0, 5, 6, 7, 8]"). One canonical text per state, so two states are equal exactly
// when their texts are, and traces and feedback can quote them as they are.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace sg::ref {

/// A state's canonical text.
using State = std::string;

/// One action from a state: its name, the state it leads to and what it costs.
struct Step {
  std::string action;  ///< e.g. "Sibiu" (graph: the neighbour), "North", "up".
  State state;         ///< result(s, action).
  double cost = 1.0;   ///< step_cost(s, action, result) > 0.
};

/// A search problem. Implementations are immutable after construction and safe to use from
/// several threads at once.
class Problem {
 public:
  virtual ~Problem() = default;

  /// The state the search starts from.
  virtual State initial_state() const = 0;

  /// actions(s) with their results and costs, in the domain's order (the order a search that
  /// follows "the order the successors are generated" uses). Empty for a dead end.
  virtual std::vector<Step> successors(const State& state) const = 0;

  /// The goal test.
  virtual bool is_goal(const State& state) const = 0;

  /// The heuristic estimate of the cost from `state` to a goal (0 unless the domain defines one).
  virtual double h(const State& state) const;

  /// True if `state` is a state of this problem (for judging what a student printed). The default
  /// accepts the initial state and anything reachable from it through successors().
  virtual bool is_state(const State& state) const;

  /// The step from `from` to `to`, if one action leads there (the cheapest, when several do).
  std::optional<Step> step_between(const State& from, const State& to) const;

  /// The step named `action` from `from`, if the domain has one.
  std::optional<Step> step_named(const State& from, const std::string& action) const;
};

}  // namespace sg::ref
