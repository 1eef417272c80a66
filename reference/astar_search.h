// The A* loop with the course's frontier semantics (astar.h's file comment), once, over any board
// representation: astar.cc runs it on Tiles, astar_packed.cc on boards packed into words. A
// Space supplies what differs:
//   using State;                                   a board
//   State start() const;  bool is_goal(const State&) const;  int h(const State&) const;
//   using Successors;                              indexable (state, move) pairs: a std::array
//                                                  of 4 for one blank, a vector for several
//   std::size_t successors(const State&, Successors&) const;
//                                                  in the policy's order; returns how many
//   std::pair<std::size_t, bool> find_or_insert(const State&, std::size_t id);
//                                                  the id of a known board, or `id` (true) when new
//   Tiles tiles(const State&) const;               for the path
//   void prefetch(const State&) const;             optional: called for a node's successors
//                                                  before find_or_insert, to overlap misses
// Internal to the reference: include it only from those two files.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "reference/astar.h"
#include "reference/indexed_heap.h"

namespace sg::ref::detail {

/// A* from space.start() to its goal under `policy` (astar.h), stopping after `node_limit`
/// expansions (0: never). Node ids are insertion sequence numbers: states get them in the order
/// they first enter the frontier, which is what the tie-break orders by.
template <typename Space>
AStarResult run_astar(Space& space, const FrontierPolicy& policy, std::size_t node_limit) {
  using State = typename Space::State;
  constexpr std::size_t kNoParent = std::numeric_limits<std::size_t>::max();
  struct Node {
    State state;
    int g;
    int h;
    std::size_t parent;
    std::optional<BlankMove> move;
    bool closed;
  };
  // Frontier key: (f, order), smallest first, as one word (f above bit 40, order + 2^39 below:
  // one comparison, and a 16-byte heap entry). order = +id for earliest_inserted, -id for
  // latest_inserted; it never changes for a node, so updated entries keep their place.
  using FrontierKey = std::int64_t;
  constexpr std::int64_t kOrderBias = std::int64_t{1} << 39;
  const auto key_of = [](int f, std::int64_t order) {
    return (static_cast<std::int64_t>(f) << 40) + order + kOrderBias;
  };

  std::vector<Node> nodes;
  IndexedHeap<FrontierKey> frontier;
  AStarResult result;
  const auto order_of = [&](std::size_t id) {
    const auto sequence = static_cast<std::int64_t>(id);
    return policy.tie_break == TieBreak::earliest_inserted ? sequence : -sequence;
  };
  const auto note_frontier_size = [&] {
    result.max_frontier = std::max(result.max_frontier, frontier.size());
  };

  {
    State start = space.start();
    const int h = space.h(start);
    space.find_or_insert(start, 0);
    nodes.push_back(Node{std::move(start), 0, h, kNoParent, std::nullopt, false});
    frontier.push(0, key_of(h, order_of(0)));
    note_frontier_size();
  }

  typename Space::Successors successors{};
  while (!frontier.empty()) {
    const std::size_t id = frontier.pop();
    nodes[id].closed = true;
    if (space.is_goal(nodes[id].state)) {
      result.found = true;
      for (std::size_t at = id; at != kNoParent; at = nodes[at].parent) {
        const Node& node = nodes[at];
        result.path.push_back(SearchStep{space.tiles(node.state), node.g, node.h, node.move});
      }
      std::reverse(result.path.begin(), result.path.end());
      return result;
    }
    if (node_limit != 0 && result.expanded >= node_limit) {
      result.limit_reached = true;
      return result;
    }
    ++result.expanded;
    const std::size_t count = space.successors(nodes[id].state, successors);
    result.generated += count;
    const int g = nodes[id].g + 1;
    if constexpr (requires { space.prefetch(successors[0].first); }) {
      for (std::size_t s = 0; s < count; ++s) space.prefetch(successors[s].first);
    }
    for (std::size_t s = 0; s < count; ++s) {
      auto& [next, move] = successors[s];
      const auto [found, is_new] = space.find_or_insert(next, nodes.size());
      if (is_new) {
        const int h = space.h(next);
        nodes.push_back(Node{std::move(next), g, h, id, move, false});
        frontier.push(found, key_of(g + h, order_of(found)));
      } else {
        Node& existing = nodes[found];
        if (existing.closed) continue;  // popped states are not enqueued again
        if (policy.update_on_lower_g && g < existing.g) {
          existing.g = g;
          existing.parent = id;
          existing.move = move;
          frontier.decrease_key(found, key_of(g + existing.h, order_of(found)));
        }
      }
      note_frontier_size();
    }
  }
  return result;  // the frontier ran empty: the goal is unreachable
}

}  // namespace sg::ref::detail
