#include "reference/ida_star.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "reference/astar.h"
#include "reference/heuristics.h"

namespace sg::ref {
namespace {

Tiles identity(int size) {
  Tiles tiles(size);
  for (int i = 0; i < size; ++i) tiles[i] = i;
  return tiles;
}

Tiles shuffled(Tiles tiles, std::mt19937& rng) {
  std::shuffle(tiles.begin(), tiles.end(), rng);
  return tiles;
}

Tiles random_walk(const TilePuzzle& puzzle, int steps, std::mt19937& rng) {
  Tiles state = puzzle.goal();
  for (int i = 0; i < steps; ++i) {
    const auto successors = puzzle.successors(state, kAllBlankMoves);
    state = successors[rng() % successors.size()].state;
  }
  return state;
}

Tiles apply(const TilePuzzle& puzzle, Tiles state, const std::vector<BlankMove>& moves) {
  for (const BlankMove move : moves) {
    auto next = puzzle.result(state, move);
    EXPECT_TRUE(next) << "illegal move " << to_string(move);
    if (!next) break;
    state = std::move(*next);
  }
  return state;
}

// IDA* against the independent breadth-first oracle on every small shape, random goals included.
TEST(IdaStar, MatchesBreadthFirstOracleOnSmallBoards) {
  std::mt19937 rng(2026);
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}};
  for (const auto& [rows, cols] : shapes) {
    for (int trial = 0; trial < 40; ++trial) {
      const Tiles goal = trial % 2 ? identity(rows * cols) : shuffled(identity(rows * cols), rng);
      const TilePuzzle puzzle(rows, cols, Topology::bounded, goal);
      // On 3 x 3 an unsolvable start costs the oracle 9!/2 states: there, walk from the goal
      // (solvable by construction); the smaller boards cover unsolvable starts.
      const Tiles start = rows * cols == 9 ? random_walk(puzzle, 40, rng) : shuffled(goal, rng);
      const auto oracle = optimal_solution_length(puzzle, start);
      const auto found = ida_star(puzzle, start);
      ASSERT_EQ(oracle.has_value(), is_solvable(puzzle, start)) << rows << "x" << cols;
      ASSERT_EQ(oracle.has_value(), found.has_value()) << rows << "x" << cols;
      if (!found) continue;
      EXPECT_EQ(static_cast<int>(found->moves.size()), *oracle) << rows << "x" << cols;
      EXPECT_EQ(apply(puzzle, start, found->moves), goal);
      // Admissible, and never weaker than Manhattan alone.
      EXPECT_LE(manhattan_linear_conflict(puzzle, start), *oracle);
      EXPECT_GE(manhattan_linear_conflict(puzzle, start),
                evaluate(puzzle, start, Heuristic::manhattan));
    }
  }
}

TEST(IdaStar, GoalIsZeroMoves) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, identity(9));
  const auto found = ida_star(puzzle, identity(9));
  ASSERT_TRUE(found);
  EXPECT_TRUE(found->moves.empty());
}

TEST(IdaStar, LinearConflictCountsReversedPair) {
  // Tiles 1 and 2 swapped in their goal row: Manhattan 2, plus one conflict (2 more moves).
  const TilePuzzle puzzle(3, 3, Topology::bounded, identity(9));
  EXPECT_EQ(manhattan_linear_conflict(puzzle, {0, 2, 1, 3, 4, 5, 6, 7, 8}), 4);
}

TEST(IdaStar, RejectsTorusAndRepeatedTiles) {
  const TilePuzzle torus(3, 3, Topology::torus, identity(9));
  EXPECT_THROW(ida_star(torus, identity(9)), std::invalid_argument);
  const TilePuzzle repeated(2, 2, Topology::bounded, {0, 1, 1, 2});
  EXPECT_THROW(ida_star(repeated, {1, 0, 1, 2}), std::invalid_argument);
}

// The easiest of Korf's published 15-puzzle instances (42 moves), from ../shared/data.
TEST(IdaStar, SolvesKorfInstanceWithPublishedLength) {
  std::ifstream file(std::string(SG_SOURCE_DIR) + "/../shared/data/korf100.txt");
  if (!file) GTEST_SKIP() << "../shared/data/korf100.txt not found beside the project";
  std::string line;
  int best_length = 1000;
  Tiles best;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    Tiles tiles(16);
    for (int& tile : tiles) in >> tile;
    int length = 0;
    in >> length;
    if (length < best_length) best_length = length, best = tiles;
  }
  ASSERT_EQ(best.size(), 16u);
  const TilePuzzle puzzle(4, 4, Topology::bounded, identity(16));
  const auto found = ida_star(puzzle, best);
  ASSERT_TRUE(found);
  EXPECT_EQ(static_cast<int>(found->moves.size()), best_length);
  EXPECT_EQ(apply(puzzle, best, found->moves), identity(16));
}

}  // namespace
}  // namespace sg::ref
