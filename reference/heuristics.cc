#include "reference/heuristics.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace sg::ref {
namespace {

void check_size(const TilePuzzle& puzzle, const Tiles& state) {
  if (state.size() != puzzle.size()) {
    throw std::invalid_argument("state has " + std::to_string(state.size()) + " tiles, expected " +
                                std::to_string(puzzle.size()));
  }
}

int misplaced_tiles(const TilePuzzle& puzzle, const Tiles& state) {
  const Tiles& goal = puzzle.goal();
  int count = 0;
  for (std::size_t i = 0; i < state.size(); ++i) {
    if (state[i] != 0 && state[i] != goal[i]) ++count;
  }
  return count;
}

// Distance along one axis of length n between coordinates a and b.
int axis_distance(int a, int b, int n, Topology topology) {
  const int d = std::abs(a - b);
  return topology == Topology::torus ? std::min(d, n - d) : d;
}

int manhattan(const TilePuzzle& puzzle, const Tiles& state) {
  if (!puzzle.tiles_distinct()) throw std::invalid_argument("manhattan needs distinct tiles");
  const int cols = puzzle.cols();
  int sum = 0;
  for (std::size_t i = 0; i < state.size(); ++i) {
    if (state[i] == 0) continue;
    const auto goal = puzzle.goal_cell(state[i]);
    if (!goal) {
      throw std::invalid_argument("tile " + std::to_string(state[i]) +
                                  " is not part of this puzzle");
    }
    const int cell = static_cast<int>(i);
    const int target = static_cast<int>(*goal);
    sum += axis_distance(cell / cols, target / cols, puzzle.rows(), puzzle.topology()) +
           axis_distance(cell % cols, target % cols, cols, puzzle.topology());
  }
  return sum;
}

}  // namespace

int evaluate(const TilePuzzle& puzzle, const Tiles& state, Heuristic heuristic) {
  check_size(puzzle, state);
  switch (heuristic) {
    case Heuristic::zero:
      return 0;
    case Heuristic::misplaced_tiles:
      return misplaced_tiles(puzzle, state);
    case Heuristic::manhattan:
      return manhattan(puzzle, state);
  }
  throw std::invalid_argument("unknown heuristic");
}

int evaluate_counting_blank(const TilePuzzle& puzzle, const Tiles& state, Heuristic heuristic) {
  int h = evaluate(puzzle, state, heuristic);
  const Tiles& goal = puzzle.goal();
  const auto first_goal_blank = std::find(goal.begin(), goal.end(), 0);
  if (first_goal_blank == goal.end()) return h;
  // As students write it: misplaced counts a blank off a goal blank's cell; Manhattan measures
  // every blank to the first goal blank (`goal.index(0)`).
  const int target = static_cast<int>(first_goal_blank - goal.begin());
  const int cols = puzzle.cols();
  for (std::size_t i = 0; i < state.size(); ++i) {
    if (state[i] != 0) continue;
    const int cell = static_cast<int>(i);
    if (heuristic == Heuristic::misplaced_tiles && goal[i] != 0) ++h;
    if (heuristic == Heuristic::manhattan)
      h += axis_distance(cell / cols, target / cols, puzzle.rows(), puzzle.topology()) +
           axis_distance(cell % cols, target % cols, cols, puzzle.topology());
  }
  return h;
}

std::string_view to_string(Heuristic heuristic) {
  switch (heuristic) {
    case Heuristic::zero:
      return "zero";
    case Heuristic::misplaced_tiles:
      return "misplaced_tiles";
    case Heuristic::manhattan:
      return "manhattan";
  }
  return "?";
}

std::optional<Heuristic> parse_heuristic(std::string_view name) {
  for (Heuristic h : {Heuristic::zero, Heuristic::misplaced_tiles, Heuristic::manhattan}) {
    if (name == to_string(h)) return h;
  }
  return std::nullopt;
}

}  // namespace sg::ref
