// Admissibility of a problem's heuristic, checked exhaustively: h(s) never exceeds h*(s), the
// cheapest cost from s to a goal, for every state reachable from the initial state. h* comes from
// one Dijkstra search from the goals over the reversed reachable state space. For the small
// explicit domains specs write by hand (graphs with a heuristic table, mazes); larger spaces are
// not enumerated. This file has no I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <optional>

#include "reference/problem.h"

namespace sg::ref {

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
