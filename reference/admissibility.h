// Admissibility of a problem's heuristic, checked exhaustively: h(s) never exceeds h*(s), the
// cheapest cost from s to a goal, for every state reachable from the initial state. h* comes from
// one Dijkstra search from the goals over the reversed reachable state space. For the small
// explicit domains specs write by hand (graphs with a heuristic table, mazes); larger spaces are
// not enumerated. This file has no I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "reference/problem.h"

namespace sg::ref {

/// The reachable state space of a problem with every state's h*, the cheapest cost to a goal.
struct CostToGoal {
  bool complete = true;       ///< False when there are more than max_states states (then empty).
  std::vector<State> states;  ///< Breadth-first from the initial state.
  /// Per state, its successors (index, step cost) in the domain's order.
  std::vector<std::vector<std::pair<std::size_t, double>>> edges;
  std::vector<double> cheapest;  ///< h* per state; infinity where no goal can be reached.
  /// True for a sample (sampled_space.h) rather than the whole space: there infinity means h*
  /// is not known, and only the sampled states have edges.
  bool sampled = false;
};

/// Enumerates the states reachable from problem.initial_state() (at most `max_states`) and
/// computes h* by one Dijkstra search from the goals over the reversed edges.
CostToGoal cost_to_goal(const Problem& problem, std::size_t max_states);

/// A state where h overestimates.
struct Overestimate {
  State state;
  double h = 0.0;
  double cheapest = 0.0;  ///< h*(state).
};

struct AdmissibilityCheck {
  bool complete = true;  ///< False when the space has more than max_states states (not checked).
  std::optional<Overestimate> first;  ///< The first overestimate in breadth-first order, if any.
};

/// Checks every state reachable from problem.initial_state() (at most `max_states`).
AdmissibilityCheck check_admissible(const Problem& problem, std::size_t max_states = 50000);

}  // namespace sg::ref
