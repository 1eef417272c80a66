// Pattern databases: admissible on every board of the 8-puzzle (against its whole state space),
// exact with one group of every tile, not always consistent, their bytes checked; and IDA*
// guided by them finds the optimal lengths.
#include "reference/pattern_database.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "reference/ida_star.h"
#include "reference/state_space.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace pattern_database_test {

const Tiles kEightGoal = {0, 1, 2, 3, 4, 5, 6, 7, 8};

TEST(PatternDatabase, RanksPlacementsDensely) {
  std::vector<int> seen(16 * 15 * 14, 0);
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b)
      for (int c = 0; c < 16; ++c) {
        if (a == b || b == c || a == c) continue;
        const int placement[] = {a, b, c};
        const std::uint32_t rank = PatternDatabase::rank_placement(placement, 3, 16);
        ASSERT_LT(rank, seen.size());
        ++seen[rank];
      }
  for (const int count : seen) EXPECT_EQ(count, 1);
}

TEST(PatternDatabase, IsAdmissibleEverywhereAndExactWithOneGroup) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  const StateSpace space({3, 3, Topology::bounded, kEightGoal});
  const PatternDatabase split(puzzle, {{1, 2, 3, 4}, {5, 6, 7, 8}});
  const PatternDatabase whole(puzzle, {{1, 2, 3, 4, 5, 6, 7, 8}});
  int stronger_than_manhattan = 0;
  for (std::uint64_t rank = 0; rank < space.arrangements(); ++rank) {
    const Tiles board = space.unrank(rank);
    const std::optional<int> distance = space.distance(board);
    if (!distance) continue;
    const int h = split.evaluate(board);
    ASSERT_LE(h, *distance) << "rank " << rank;
    ASSERT_EQ(whole.evaluate(board), *distance) << "rank " << rank;
    if (h > manhattan_linear_conflict(puzzle, board)) ++stronger_than_manhattan;
  }
  EXPECT_GT(stronger_than_manhattan, 1000);
}

// Minimising the blank's cell out of a table keeps it admissible but not consistent. Below, tile 1
// lies one cell right of home: {1, 3, 5}'s table says 5 (the goal's blank is at cell 0, and once 1
// slides home the blank is walled in at cell 2 by 1 and 5); after that slide it says 0, though
// the true distance changes by one.
TEST(PatternDatabase, IsAdmissibleButNotConsistentWithThreeGroups) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  const StateSpace space({3, 3, Topology::bounded, kEightGoal});
  const PatternDatabase database(puzzle, {{1, 3, 5}, {2, 4, 6}, {7, 8}});
  for (std::uint64_t rank = 0; rank < space.arrangements(); ++rank) {
    const Tiles board = space.unrank(rank);
    if (const std::optional<int> distance = space.distance(board)) {
      ASSERT_LE(database.evaluate(board), *distance) << "rank " << rank;
    }
  }
  const Tiles before = {2, 0, 1, 3, 4, 5, 7, 6, 8};
  const Tiles after = {2, 1, 0, 3, 4, 5, 7, 6, 8};  // tile 1 slid left, home
  EXPECT_EQ(database.evaluate(before), 5 + 3 + 1);  // {1, 3, 5} + {2, 4, 6} + {7, 8}
  EXPECT_EQ(database.evaluate(after), 0 + 3 + 1);
  EXPECT_EQ(std::abs(*space.distance(before) - *space.distance(after)), 1);  // 19 and 20
}

TEST(PatternDatabase, BytesRoundTripAndDamageIsRefused) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  const std::vector<std::vector<int>> groups = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  const PatternDatabase database(puzzle, groups);
  const std::string bytes = database.serialize();
  const auto back = PatternDatabase::deserialize(bytes, puzzle, groups);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->table(0), database.table(0));
  EXPECT_EQ(back->table(1), database.table(1));
  std::string damaged = bytes;
  damaged[damaged.size() / 2] ^= 1;
  EXPECT_FALSE(PatternDatabase::deserialize(damaged, puzzle, groups));
  EXPECT_FALSE(PatternDatabase::deserialize(bytes.substr(0, bytes.size() - 1), puzzle, groups));
  EXPECT_FALSE(PatternDatabase::deserialize(bytes, puzzle, {{1, 2, 3}, {4, 5, 6, 7, 8}}));
}

TEST(PatternDatabase, RefusesWhatIsNotAPartition) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  EXPECT_THROW(PatternDatabase(puzzle, {{1, 2, 3}, {3, 4, 5, 6, 7, 8}}), std::invalid_argument);
  EXPECT_THROW(PatternDatabase(puzzle, {{1, 2, 3}, {4, 5, 6, 7}}), std::invalid_argument);
  EXPECT_THROW(PatternDatabase(puzzle, {{1, 2, 3, 9}, {4, 5, 6, 7, 8}}), std::invalid_argument);
  const TilePuzzle torus(3, 3, Topology::torus, kEightGoal);
  EXPECT_THROW(PatternDatabase(torus, {{1, 2, 3, 4, 5, 6, 7, 8}}), std::invalid_argument);
}

TEST(PatternDatabase, GuidesIdaStarToOptimalPaths) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  const StateSpace space({3, 3, Topology::bounded, kEightGoal});
  // Transposing the board maps {1, 2, 5} onto {3, 6, 7} and {4, 8} onto itself: the search
  // takes the larger of the two lookups.
  const PatternDatabase database(puzzle, {{1, 2, 5}, {3, 6, 7}, {4, 8}});
  IdaStarOptions options{IdaHeuristic::pattern_database, &database};
  for (std::uint64_t rank = 3; rank < space.arrangements(); rank += 4999) {
    const Tiles board = space.unrank(rank);
    const std::optional<int> distance = space.distance(board);
    const auto found = ida_star(puzzle, board, options);
    ASSERT_EQ(found.has_value(), distance.has_value());
    if (found) {
      EXPECT_EQ(static_cast<int>(found->moves.size()), *distance);
    }
  }
}

}  // namespace pattern_database_test
}  // namespace
}  // namespace sg::ref
