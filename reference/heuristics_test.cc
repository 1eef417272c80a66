#include "reference/heuristics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <stdexcept>

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace heuristics_test {

const Tiles kGoal3x3 = {1, 2, 3, 4, 5, 6, 7, 8, 0};

TilePuzzle torus3x3() { return TilePuzzle(3, 3, Topology::torus, kGoal3x3); }
TilePuzzle bounded3x3() { return TilePuzzle(3, 3, Topology::bounded, kGoal3x3); }

// The seed's Heuristic section: of the summary's successors of [2,5,8,4,3,6,7,1,0], "the h()
// value for the second and third states is 5 (tiles 4, 6, and 7 are in their goal locations).
// The first standard example and the horizontal wrapping example each have an h() value of 6".
TEST(HeuristicsTest, SeedSummaryMisplacedTiles) {
  const TilePuzzle p = torus3x3();
  const auto h = [&](const Tiles& s) { return evaluate(p, s, Heuristic::misplaced_tiles); };
  EXPECT_EQ(h({2, 5, 8, 4, 3, 6, 7, 1, 0}), 5);
  EXPECT_EQ(h({2, 5, 8, 4, 3, 0, 7, 1, 6}), 6);  // First standard example.
  EXPECT_EQ(h({2, 5, 8, 4, 3, 6, 7, 0, 1}), 5);  // Second standard example.
  EXPECT_EQ(h({2, 5, 0, 4, 3, 6, 7, 1, 8}), 5);  // Vertical wrap.
  EXPECT_EQ(h({2, 5, 8, 4, 3, 6, 0, 1, 7}), 6);  // Horizontal wrap.
}

// The h values printed by the seed's print_succ examples.
TEST(HeuristicsTest, SeedPrintSuccValues) {
  const TilePuzzle p = torus3x3();
  const auto h = [&](const Tiles& s) { return evaluate(p, s, Heuristic::misplaced_tiles); };
  EXPECT_EQ(h({1, 2, 0, 4, 5, 3, 6, 7, 8}), 4);
  EXPECT_EQ(h({1, 2, 3, 0, 5, 4, 6, 7, 8}), 4);
  EXPECT_EQ(h({1, 2, 3, 4, 0, 5, 6, 7, 8}), 4);
  EXPECT_EQ(h({1, 2, 3, 4, 5, 8, 6, 7, 0}), 3);
  for (const Tiles& s : {Tiles{8, 7, 0, 5, 4, 3, 2, 1, 6}, Tiles{8, 7, 6, 5, 4, 0, 2, 1, 3},
                         Tiles{8, 7, 6, 5, 4, 3, 0, 1, 2}, Tiles{8, 7, 6, 5, 4, 3, 2, 0, 1}}) {
    EXPECT_EQ(h(s), 8);
  }
  // The PriorityQueue example's root.
  EXPECT_EQ(h({1, 2, 3, 4, 5, 0, 6, 7, 8}), 3);
}

TEST(HeuristicsTest, MisplacedTilesIgnoresTheBlank) {
  const TilePuzzle p = bounded3x3();
  EXPECT_EQ(evaluate(p, kGoal3x3, Heuristic::misplaced_tiles), 0);
  // The blank is off its goal cell but is not a tile; only tile 8 is misplaced.
  EXPECT_EQ(evaluate(p, {1, 2, 3, 4, 5, 6, 7, 0, 8}, Heuristic::misplaced_tiles), 1);
}

TEST(HeuristicsTest, CountingTheBlankAddsItsOwnMisplacementOrDistance) {
  const TilePuzzle torus = torus3x3();
  const Tiles state = {1, 2, 3, 4, 5, 6, 7, 0, 8};  // tile 8 and the blank are swapped
  EXPECT_EQ(evaluate_counting_blank(torus, state, Heuristic::misplaced_tiles),
            evaluate(torus, state, Heuristic::misplaced_tiles) + 1);
  EXPECT_EQ(evaluate_counting_blank(torus, state, Heuristic::manhattan),
            evaluate(torus, state, Heuristic::manhattan) + 1);
  EXPECT_EQ(evaluate_counting_blank(torus, kGoal3x3, Heuristic::misplaced_tiles), 0);
  // On a torus the blank's distance wraps too: from cell 0 to cell 8 is one step each way.
  EXPECT_EQ(evaluate_counting_blank(torus, {0, 2, 3, 4, 5, 6, 7, 8, 1}, Heuristic::manhattan),
            evaluate(torus, {0, 2, 3, 4, 5, 6, 7, 8, 1}, Heuristic::manhattan) + 2);
}

TEST(HeuristicsTest, MisplacedTilesOnAMultiset) {
  const TilePuzzle p(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  EXPECT_EQ(evaluate(p, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0}, Heuristic::misplaced_tiles), 0);
  // Cell 11 holds a 9 where the goal has the blank: misplaced. Cell 9 holds the blank: not a tile.
  EXPECT_EQ(evaluate(p, {1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 10, 9}, Heuristic::misplaced_tiles), 1);
  // Either 9 on either 9-cell is in place.
  EXPECT_EQ(evaluate(p, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 0, 10}, Heuristic::misplaced_tiles), 1);
}

TEST(HeuristicsTest, ManhattanBoundedAndTorus) {
  const Tiles shifted = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  // Bounded: tiles 3 and 6 go one row up and two columns right (3 each), the others 1 each.
  EXPECT_EQ(evaluate(bounded3x3(), shifted, Heuristic::manhattan), 12);
  // Torus: two columns right = one column left, so tiles 3 and 6 cost 2 each.
  EXPECT_EQ(evaluate(torus3x3(), shifted, Heuristic::manhattan), 10);
  EXPECT_EQ(evaluate(torus3x3(), kGoal3x3, Heuristic::manhattan), 0);
  EXPECT_EQ(evaluate(bounded3x3(), {1, 2, 3, 4, 5, 6, 7, 0, 8}, Heuristic::manhattan), 1);
  // Tile 1 in the opposite corner: bounded 2 + 2, torus 1 + 1. Tile 8 at cell 0, home cell 7:
  // bounded 2 + 1, torus 1 + 1.
  EXPECT_EQ(evaluate(torus3x3(), {8, 2, 3, 4, 5, 6, 7, 0, 1}, Heuristic::manhattan), 4);
  EXPECT_EQ(evaluate(bounded3x3(), {8, 2, 3, 4, 5, 6, 7, 0, 1}, Heuristic::manhattan), 7);
}

TEST(HeuristicsTest, ManhattanOn4x4Torus) {
  const TilePuzzle p(4, 4, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0});
  // Tile 1 at cell 2 (two columns from home): min(2, 4 - 2) = 2. Tile 3 at cell 0: 2.
  EXPECT_EQ(
      evaluate(p, {3, 2, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}, Heuristic::manhattan), 4);
}

TEST(HeuristicsTest, ManhattanNeedsDistinctTiles) {
  const TilePuzzle p(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  try {
    evaluate(p, p.goal(), Heuristic::manhattan);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "manhattan needs distinct tiles");
  }
}

TEST(HeuristicsTest, RejectsMalformedStates) {
  const TilePuzzle p = torus3x3();
  EXPECT_THROW(evaluate(p, {1, 2, 3}, Heuristic::misplaced_tiles), std::invalid_argument);
  EXPECT_THROW(evaluate(p, {1, 2, 3}, Heuristic::zero), std::invalid_argument);
  EXPECT_THROW(evaluate(p, {1, 2, 3, 4, 5, 6, 7, 9, 0}, Heuristic::manhattan),
               std::invalid_argument);
}

TEST(HeuristicsTest, ZeroIsZero) {
  EXPECT_EQ(evaluate(torus3x3(), {8, 7, 6, 5, 4, 3, 2, 1, 0}, Heuristic::zero), 0);
}

// Consistency (|h(s) - h(s')| <= 1 across a move, h(goal) = 0) and dominance
// (misplaced <= manhattan; torus manhattan <= bounded manhattan) on random states.
TEST(HeuristicsTest, ConsistentAndOrderedOnRandomStates) {
  std::mt19937 rng(12345);
  for (const Topology topology : {Topology::bounded, Topology::torus}) {
    const TilePuzzle p(3, 3, topology, kGoal3x3);
    for (int trial = 0; trial < 300; ++trial) {
      Tiles s = kGoal3x3;
      std::shuffle(s.begin(), s.end(), rng);
      const int misplaced = evaluate(p, s, Heuristic::misplaced_tiles);
      const int manhattan = evaluate(p, s, Heuristic::manhattan);
      EXPECT_LE(misplaced, manhattan);
      EXPECT_LE(evaluate(torus3x3(), s, Heuristic::manhattan),
                evaluate(bounded3x3(), s, Heuristic::manhattan));
      for (const Successor& succ : p.successors(s, kAllBlankMoves)) {
        for (Heuristic h : {Heuristic::misplaced_tiles, Heuristic::manhattan}) {
          EXPECT_LE(std::abs(evaluate(p, s, h) - evaluate(p, succ.state, h)), 1);
        }
      }
    }
  }
}

TEST(HeuristicsTest, NamesRoundTrip) {
  EXPECT_EQ(to_string(Heuristic::zero), "zero");
  EXPECT_EQ(to_string(Heuristic::misplaced_tiles), "misplaced_tiles");
  EXPECT_EQ(to_string(Heuristic::manhattan), "manhattan");
  for (Heuristic h : {Heuristic::zero, Heuristic::misplaced_tiles, Heuristic::manhattan}) {
    EXPECT_EQ(parse_heuristic(to_string(h)), h);
  }
  EXPECT_EQ(parse_heuristic("Manhattan"), std::nullopt);
  EXPECT_EQ(parse_heuristic("misplaced"), std::nullopt);
}

}  // namespace heuristics_test
}  // namespace
}  // namespace sg::ref
