#include "reference/sampled_space.h"

#include <limits>
#include <random>
#include <stdexcept>
#include <unordered_map>

#include "reference/ida_star.h"
#include "reference/tile_problem.h"

namespace sg::ref {

CostToGoal sample_cost_to_goal(const TilePuzzle& puzzle, const BoardSample& sample) {
  if (sample.max_length < 1) throw std::invalid_argument("a walk needs at least one move");
  constexpr double kUnknown = std::numeric_limits<double>::infinity();
  CostToGoal space;
  space.sampled = true;
  std::unordered_map<State, std::size_t> index;
  std::vector<Tiles> boards;
  const auto add = [&](const Tiles& board) {
    const State state = tiles_state(board);
    const auto [it, inserted] = index.emplace(state, space.states.size());
    if (inserted) {
      space.states.push_back(state);
      space.cheapest.push_back(kUnknown);
      space.edges.emplace_back();
      boards.push_back(board);
    }
    return it->second;
  };
  const auto know = [&](const Tiles& board, double cheapest) {
    space.cheapest[add(board)] = cheapest;
  };

  std::mt19937_64 random(sample.seed);
  know(puzzle.goal(), 0);
  for (std::size_t walk = 0; walk < sample.walks; ++walk) {
    const int length =
        1 + static_cast<int>(random() % static_cast<std::uint64_t>(sample.max_length));
    Tiles board = puzzle.goal();
    Tiles previous;
    for (int step = 0; step < length; ++step) {
      std::vector<Tiles> next;
      for (const Successor& successor : puzzle.successors(board, kAllBlankMoves))
        if (successor.state != previous) next.push_back(successor.state);
      previous = board;
      board = next[random() % next.size()];
    }
    const auto solved = ida_star(puzzle, board);
    if (!solved) throw std::logic_error("a board reached from the goal has no way back");
    Tiles on_path = board;
    double left = static_cast<double>(solved->moves.size());
    know(on_path, left);
    for (const BlankMove move : solved->moves) {
      on_path = *puzzle.result(on_path, move);
      know(on_path, --left);
    }
  }
  // Edges from every board with h* known (the neighbours appended here have none).
  const std::size_t known = space.states.size();
  for (std::size_t i = 0; i < known; ++i) {
    if (space.cheapest[i] == kUnknown) continue;
    for (const Successor& successor : puzzle.successors(boards[i], kAllBlankMoves)) {
      const std::size_t j = add(successor.state);
      space.edges[i].emplace_back(j, 1.0);
    }
  }
  return space;
}

}  // namespace sg::ref
