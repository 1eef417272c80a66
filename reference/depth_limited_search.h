// Depth-limited and iterative-deepening search, with the semantics of AIMA figures 3.17 and 3.18
// as the iterative-deepening assignment (A2) states them:
//
//   depthLimitedSearch(s, goal, limit):
//     if s == goal: return []                       (goal test first, even at limit 0)
//     if limit == 0: return 'cutoff'
//     cutoffOccurred = false
//     for each child of s, in action order:
//       result = depthLimitedSearch(child, goal, limit - 1)
//       if result == 'cutoff': cutoffOccurred = true
//       elif result != 'failure': return [child] + result   (the path OMITS s itself)
//     return 'cutoff' if cutoffOccurred else 'failure'
//
//   iterativeDeepeningSearch(s, goal, maxDepth):
//     for depth in 0, 1, ..., maxDepth (inclusive):
//       result = depthLimitedSearch(s, goal, depth)
//       if result == 'failure': return 'failure'
//       if result != 'cutoff': return [s] + result          (the path INCLUDES s)
//     return 'cutoff'
//
// No repeated-state checking: on a graph with cycles a search only ends in 'failure' when every
// path from s dead-ends within the limit. Generic over the state type: `expand(state)` returns the
// children in action order (for an explicit graph its successor list, for a sliding-tile puzzle
// the results of the legal blank moves in the assignment's order). No I/O.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace sg::ref {

/// How a depth-limited or iterative-deepening search ended.
enum class DepthLimitedStatus {
  found,    ///< `path` holds the solution.
  cutoff,   ///< Some state at the depth limit was not expanded; the goal may lie deeper.
  failure,  ///< Every path from the start dead-ends within the limit; the goal is unreachable.
};

template <class State>
struct DepthLimitedResult {
  DepthLimitedStatus status = DepthLimitedStatus::failure;
  /// For depth_limited_search: the states after the start, up to and including the goal (empty
  /// when the start is the goal). For iterative_deepening_search: the start first, then those.
  std::vector<State> path;
  /// Calls of expand() made, over all iterations (a measure of the work the search did).
  std::size_t expanded = 0;
  /// The depth limit that produced the result (iterative_deepening_search only).
  int depth = 0;
};

/// Thrown when a search would expand more than the caller's node budget.
class SearchBudgetExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace detail {

template <class State, class Expand>
DepthLimitedStatus recursive_dls(const State& state, const State& goal, const Expand& expand,
                                 int limit, std::size_t budget, std::size_t& expanded,
                                 std::vector<State>& reversed_path) {
  if (state == goal) return DepthLimitedStatus::found;
  if (limit <= 0) return DepthLimitedStatus::cutoff;
  if (budget != 0 && expanded >= budget) {
    throw SearchBudgetExceeded("the search needs more than the allowed number of expansions");
  }
  ++expanded;
  bool cutoff_occurred = false;
  for (const State& child : expand(state)) {
    const DepthLimitedStatus result =
        recursive_dls(child, goal, expand, limit - 1, budget, expanded, reversed_path);
    if (result == DepthLimitedStatus::cutoff) {
      cutoff_occurred = true;
    } else if (result == DepthLimitedStatus::found) {
      reversed_path.push_back(child);
      return DepthLimitedStatus::found;
    }
  }
  return cutoff_occurred ? DepthLimitedStatus::cutoff : DepthLimitedStatus::failure;
}

}  // namespace detail

/// depthLimitedSearch (see the file comment). `expand(state)` -> a range of child states in
/// action order. `limit` >= 0 (a negative limit behaves as 0). `budget`: maximum expansions, 0 =
/// unlimited; exceeding it throws SearchBudgetExceeded.
template <class State, class Expand>
DepthLimitedResult<State> depth_limited_search(const State& start, const State& goal,
                                               const Expand& expand, int limit,
                                               std::size_t budget = 0) {
  DepthLimitedResult<State> result;
  std::vector<State> reversed_path;
  result.status =
      detail::recursive_dls(start, goal, expand, limit, budget, result.expanded, reversed_path);
  result.path.assign(reversed_path.rbegin(), reversed_path.rend());
  result.depth = limit;
  return result;
}

/// iterativeDeepeningSearch (see the file comment): depth limits 0..max_depth inclusive; the
/// path starts with `start`. `budget` counts expansions over all iterations.
template <class State, class Expand>
DepthLimitedResult<State> iterative_deepening_search(const State& start, const State& goal,
                                                     const Expand& expand, int max_depth,
                                                     std::size_t budget = 0) {
  DepthLimitedResult<State> result;
  result.status = DepthLimitedStatus::cutoff;
  for (int depth = 0; depth <= max_depth; ++depth) {
    std::vector<State> reversed_path;
    const DepthLimitedStatus status =
        detail::recursive_dls(start, goal, expand, depth, budget, result.expanded, reversed_path);
    result.depth = depth;
    if (status == DepthLimitedStatus::failure) {
      result.status = status;
      return result;
    }
    if (status == DepthLimitedStatus::found) {
      result.status = status;
      result.path.push_back(start);
      result.path.insert(result.path.end(), reversed_path.rbegin(), reversed_path.rend());
      return result;
    }
  }
  return result;
}

}  // namespace sg::ref
