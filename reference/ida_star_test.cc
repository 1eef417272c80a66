#include "reference/ida_star.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>

#include "reference/astar.h"
#include "reference/heuristics.h"
#include "reference/korf_instances.h"
#include "reference/pattern_database.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace ida_star_test {

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
      ASSERT_EQ(oracle.has_value(), is_solvable(puzzle, start)) << rows << "x" << cols;
      // Pattern databases of two halves of the tiles (on 3 x 3 with the blank's goal on the
      // diagonal, with the reflected lookup too).
      std::vector<std::vector<int>> halves(2);
      for (int tile = 1; tile < rows * cols; ++tile)
        halves[static_cast<std::size_t>(2 * tile >= rows * cols)].push_back(tile);
      const PatternDatabase database(puzzle, halves);
      for (const IdaStarOptions& options :
           {IdaStarOptions{IdaHeuristic::manhattan},
            IdaStarOptions{IdaHeuristic::manhattan_linear_conflict},
            IdaStarOptions{IdaHeuristic::pattern_database, &database}}) {
        const auto found = ida_star(puzzle, start, options);
        ASSERT_EQ(oracle.has_value(), found.has_value()) << rows << "x" << cols;
        if (!found) continue;
        EXPECT_EQ(static_cast<int>(found->moves.size()), *oracle) << rows << "x" << cols;
        EXPECT_EQ(apply(puzzle, start, found->moves), goal);
      }
      if (!oracle) continue;
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

// Korf's ten easiest 15-puzzles (41 to 45 moves; ../shared/data/korf100.txt): IDA* with linear
// conflicts, and with small additive pattern databases (3 tiles a group, and their reflection),
// find paths of exactly the published optimal lengths. All 100 with the 6-6-3 databases are a
// benchmark (fifteen_puzzle_perftest.cc).
TEST(IdaStar, SolvesKorfsTenEasiestWithPublishedLengths) {
  const std::filesystem::path data =
      std::filesystem::path(SG_SOURCE_DIR) / "../shared/data/korf100.txt";
  if (!std::filesystem::exists(data)) GTEST_SKIP() << data << " not found beside the project";
  std::vector<KorfInstance> instances = read_korf_instances(data);
  ASSERT_EQ(instances.size(), 100u);
  std::stable_sort(instances.begin(), instances.end(),
                   [](const auto& a, const auto& b) { return a.length < b.length; });
  const PatternDatabase small(korf_puzzle(),
                              {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}});
  for (std::size_t i = 0; i < 10; ++i) {
    const KorfInstance& instance = instances[i];
    for (const IdaStarOptions& options : {IdaStarOptions{IdaHeuristic::manhattan_linear_conflict},
                                          IdaStarOptions{IdaHeuristic::pattern_database, &small}}) {
      const auto found = ida_star(korf_puzzle(), instance.tiles, options);
      ASSERT_TRUE(found) << "instance " << instance.number;
      EXPECT_EQ(static_cast<int>(found->moves.size()), instance.length)
          << "instance " << instance.number;
      EXPECT_EQ(apply(korf_puzzle(), instance.tiles, found->moves), korf_puzzle().goal());
    }
  }
}

TEST(IdaStar, StopsAtItsNodeLimit) {
  const TilePuzzle puzzle(4, 4, Topology::bounded, identity(16));
  IdaStarOptions options{IdaHeuristic::manhattan};
  options.node_limit = 1000;
  const auto found =
      ida_star(puzzle, {14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3}, options);
  ASSERT_TRUE(found);
  EXPECT_TRUE(found->limit_reached);
  EXPECT_TRUE(found->moves.empty());
  EXPECT_LE(found->generated, 1000u);
}

}  // namespace ida_star_test
}  // namespace
}  // namespace sg::ref
