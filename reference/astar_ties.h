// What every tie-breaking of A* can do on a problem: A* as a graph search with a consistent
// heuristic expands every state with f = g* + h below the optimal cost C*, and some of those with
// f equal to it, before it takes a goal off the frontier; which ones depends only on how it
// breaks ties. So the number of states it expands lies between the count with f < C* and the
// count with f <= C* (goals aside), whatever its queue does with equal priorities, and so does
// the depth of the deepest node it puts on its frontier (ColumbiaX's max_search_depth): at least
// C*'s depth, at most one more than the deepest state with f <= C*. The published figures of a
// course (the 8-puzzle's 696 and 1585 expansions) lie inside, as do other correct A*s'.
// Computed by one uniform-cost sweep of the reachable space. No I/O, no grading.
#pragma once

#include <cstddef>
#include <optional>

#include "reference/problem.h"

namespace sg::ref {

/// The range of figures A* shows under every tie-breaking (a consistent heuristic assumed).
struct AStarTies {
  double optimal_cost = 0.0;        ///< C*.
  std::size_t fewest_expanded = 0;  ///< States with f < C*.
  std::size_t most_expanded = 0;    ///< States with f <= C*, goals aside.
  /// The deepest frontier node's depth (actions from the start), when every step costs 1
  /// (depth is then g): at least C*, at most 1 + the deepest non-goal state with f <= C*.
  std::optional<std::size_t> least_max_depth;
  std::optional<std::size_t> most_max_depth;
};

/// The ranges on `problem`, or nullopt when no goal is reachable or more than `max_states`
/// states are reachable (a 15-puzzle's space is not swept).
std::optional<AStarTies> astar_ties(const Problem& problem, std::size_t max_states = 2000000);

}  // namespace sg::ref
