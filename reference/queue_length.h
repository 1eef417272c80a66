// The "Max queue length" a correct A* may print: it depends on how the frontier keeps a state
// that is generated again (updated in place as the torus course's PriorityQueue does, the first
// entry kept, pushed again as the heapq pattern of the 7-tile handout does, with stale entries
// skipped on pop, or pushed again only when it is new or reached with a lower g, open or closed,
// as AIMA's graph search does), on whether closed states are skipped before or after the push,
// and on how ties are broken (a heapq entry's state or a push counter after the priority). Every
// variant finds an optimal path with a consistent heuristic; their largest frontiers differ. The
// range over them is what a spec may judge a printed count against.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "reference/astar.h"
#include "reference/search.h"

namespace sg::ref {

/// One frontier variant and the largest frontier it reached (entries, stale ones included).
struct QueueLengthVariant {
  std::string name;  ///< E.g. "heapq, duplicates pushed, closed states skipped before the push".
  std::size_t max_frontier = 0;
};

/// The largest frontier of a search under each variant, and the smallest and largest of them.
/// Entries counted right after a push (as the reference's max_frontier is).
struct QueueLengthRange {
  std::size_t low = 0;
  std::size_t high = 0;
  std::vector<QueueLengthVariant> variants;
};

/// How Python orders two states of a problem (a board's lists, a cell's tuple, a node's name): the
/// heapq pattern's ties between equal priorities go to the smaller state.
using StateLess = std::function<bool(const State&, const State&)>;

/// The range for a best-first search over any Problem (a graph, a maze, a board): `policy` with a
/// lower g updating the entry in place or the first entry kept, each with ties broken earliest
/// or latest; every generated state pushed again and stale entries skipped on pop, ties either
/// way; and for uniform-cost, greedy and A*, the heapq pattern, its entries (priority, state,
/// ...) with ties ordered by `state_less` (default: the states' text) or (priority, counter,
/// state, ...) with ties in push order, each pushing every generated state with closed states
/// skipped before the push or only on pop, or pushing a state only when it is new or reached
/// with a lower g than before (open or closed; the stale entry left in the heap). Errors:
/// std::invalid_argument when a variant does not reach a goal within `policy.max_expansions`.
QueueLengthRange max_frontier_range(const Problem& problem, const SearchPolicy& policy,
                                    const StateLess& state_less = {});

}  // namespace sg::ref
