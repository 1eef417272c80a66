#include "reference/astar.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "reference/astar_packed.h"
#include "reference/indexed_heap.h"

namespace sg::ref {
namespace {

constexpr std::size_t kNoParent = std::numeric_limits<std::size_t>::max();

// A search node. Its id (index in the node table) is also its insertion sequence number: ids
// are handed out in the order states first enter the frontier.
struct Node {
  Tiles state;
  int g;
  int h;
  std::size_t parent;
  std::optional<BlankMove> move;
  bool closed;
};

// Frontier key: (f, order), smallest first. order = +id for earliest_inserted, -id for
// latest_inserted; it never changes for a node, so updated entries keep their place.
using FrontierKey = std::pair<int, std::int64_t>;

void check_start(const TilePuzzle& puzzle, const Tiles& start) {
  const std::string problem = puzzle.validate(start);
  if (!problem.empty()) throw std::invalid_argument("invalid start state: " + problem);
}

}  // namespace

AStarResult astar(const TilePuzzle& puzzle, const Tiles& start, Heuristic heuristic,
                  const FrontierPolicy& policy, std::size_t node_limit) {
  check_start(puzzle, start);
  // The same search on packed boards where they pack (astar_packed.h), else on Tiles.
  if (std::optional<AStarResult> packed =
          astar_packed(puzzle, start, heuristic, policy, node_limit))
    return std::move(*packed);
  return astar(
      puzzle, start,
      [&puzzle, heuristic](const Tiles& state) { return evaluate(puzzle, state, heuristic); },
      policy, node_limit);
}

AStarResult astar(const TilePuzzle& puzzle, const Tiles& start,
                  const std::function<int(const Tiles&)>& h_of, const FrontierPolicy& policy,
                  std::size_t node_limit) {
  check_start(puzzle, start);

  std::vector<Node> nodes;
  std::unordered_map<Tiles, std::size_t, TilesHash> node_of;
  IndexedHeap<FrontierKey> frontier;
  AStarResult result;

  auto order_of = [&](std::size_t id) {
    const auto seq = static_cast<std::int64_t>(id);
    return policy.tie_break == TieBreak::earliest_inserted ? seq : -seq;
  };
  auto note_frontier_size = [&] {
    result.max_frontier = std::max(result.max_frontier, frontier.size());
  };

  {
    const int h = h_of(start);
    nodes.push_back(Node{start, 0, h, kNoParent, std::nullopt, false});
    node_of.emplace(start, 0);
    frontier.push(0, FrontierKey{h, order_of(0)});
    note_frontier_size();
  }

  while (!frontier.empty()) {
    const std::size_t id = frontier.pop();
    nodes[id].closed = true;

    if (puzzle.is_goal(nodes[id].state)) {
      result.found = true;
      for (std::size_t at = id; at != kNoParent; at = nodes[at].parent) {
        const Node& n = nodes[at];
        result.path.push_back(SearchStep{n.state, n.g, n.h, n.move});
      }
      std::reverse(result.path.begin(), result.path.end());
      return result;
    }
    if (node_limit != 0 && result.expanded >= node_limit) {
      result.limit_reached = true;
      return result;
    }

    ++result.expanded;
    std::vector<Successor> successors = policy.successor_order == SuccessorOrder::ascending_state
                                            ? puzzle.successors_ascending(nodes[id].state)
                                            : puzzle.successors(nodes[id].state, policy.move_order);
    result.generated += successors.size();
    const int g = nodes[id].g + 1;

    for (Successor& succ : successors) {
      const auto [found, is_new] = node_of.try_emplace(succ.state, nodes.size());
      if (is_new) {
        const int h = h_of(succ.state);
        const std::size_t child = found->second;
        nodes.push_back(Node{std::move(succ.state), g, h, id, succ.move, false});
        frontier.push(child, FrontierKey{g + h, order_of(child)});
      } else {
        Node& existing = nodes[found->second];
        if (existing.closed) continue;  // Popped states are not enqueued again.
        if (policy.update_on_lower_g && g < existing.g) {
          existing.g = g;
          existing.parent = id;
          existing.move = succ.move;
          frontier.decrease_key(found->second,
                                FrontierKey{g + existing.h, order_of(found->second)});
        }
      }
      note_frontier_size();
    }
  }
  return result;  // Frontier exhausted: the goal is unreachable.
}

std::optional<int> optimal_solution_length(const TilePuzzle& puzzle, const Tiles& start) {
  check_start(puzzle, start);
  if (puzzle.is_goal(start)) return 0;

  // Bidirectional breadth-first search. Every move is reversible (the blank can move back), so
  // the backward search from the goal uses the same successor function. Each side has a map from
  // every state it reached to its depth, and a layer (the states at its current depth). A round
  // expands one full layer of the smaller side; a generated state already reached by the other
  // side at depth k closes a path of length (this side's new depth) + k. Taking the minimum over
  // the whole layer gives the shortest length: if the shortest path has length D <= d_this + 1 +
  // d_other, its state at distance d_this + 1 from this side lies in the other side's map.
  struct Side {
    std::unordered_map<Tiles, int, TilesHash> depth;
    std::vector<Tiles> layer;
    int layer_depth = 0;
  };
  Side forward;
  Side backward;
  forward.depth.emplace(start, 0);
  forward.layer.push_back(start);
  backward.depth.emplace(puzzle.goal(), 0);
  backward.layer.push_back(puzzle.goal());

  std::vector<Tiles> next;
  while (!forward.layer.empty() && !backward.layer.empty()) {
    Side& side = forward.layer.size() <= backward.layer.size() ? forward : backward;
    const Side& other = &side == &forward ? backward : forward;
    const int depth = side.layer_depth + 1;
    std::optional<int> best;
    next.clear();
    for (const Tiles& state : side.layer) {
      for (Successor& succ : puzzle.successors(state, kAllBlankMoves)) {
        if (auto met = other.depth.find(succ.state); met != other.depth.end()) {
          const int length = depth + met->second;
          if (!best || length < *best) best = length;
        }
        if (side.depth.emplace(succ.state, depth).second) next.push_back(std::move(succ.state));
      }
    }
    if (best) return best;
    std::swap(side.layer, next);
    side.layer_depth = depth;
  }
  return std::nullopt;  // One side exhausted its component without meeting the other.
}

}  // namespace sg::ref
