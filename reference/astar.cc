#include "reference/astar.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "reference/astar_packed.h"
#include "reference/astar_search.h"

namespace sg::ref {
namespace {

// Boards as Tiles, any size and values; h through a function.
class TilesSpace {
 public:
  using State = Tiles;
  TilesSpace(const TilePuzzle& puzzle, const Tiles& start,
             const std::function<int(const Tiles&)>& h_of, const FrontierPolicy& policy)
      : puzzle_(puzzle), start_(start), h_of_(h_of), policy_(policy) {}

  State start() const { return start_; }
  bool is_goal(const State& state) const { return puzzle_.is_goal(state); }
  int h(const State& state) const { return h_of_(state); }
  // Any number of blanks: up to 4 successors each.
  using Successors = std::vector<std::pair<State, BlankMove>>;
  std::size_t successors(const State& state, Successors& out) const {
    std::vector<Successor> next = policy_.successor_order == SuccessorOrder::ascending_state
                                      ? puzzle_.successors_ascending(state)
                                      : puzzle_.successors(state, policy_.move_order);
    out.resize(next.size());
    for (std::size_t i = 0; i < next.size(); ++i) out[i] = {std::move(next[i].state), next[i].move};
    return next.size();
  }
  std::pair<std::size_t, bool> find_or_insert(const State& state, std::size_t id) {
    const auto [found, is_new] = node_of_.try_emplace(state, id);
    return {found->second, is_new};
  }
  Tiles tiles(const State& state) const { return state; }

 private:
  const TilePuzzle& puzzle_;
  const Tiles& start_;
  const std::function<int(const Tiles&)>& h_of_;
  const FrontierPolicy& policy_;
  std::unordered_map<Tiles, std::size_t, TilesHash> node_of_;
};

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
  TilesSpace space(puzzle, start, h_of, policy);
  return detail::run_astar(space, policy, node_limit);
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
