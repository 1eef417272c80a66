#include "reference/tile_puzzle.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace tile_puzzle_test {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

const Tiles kGoal3x3 = {1, 2, 3, 4, 5, 6, 7, 8, 0};

TilePuzzle torus3x3() { return TilePuzzle(3, 3, Topology::torus, kGoal3x3); }
TilePuzzle bounded3x3() { return TilePuzzle(3, 3, Topology::bounded, kGoal3x3); }

std::vector<Tiles> states_of(const std::vector<Successor>& successors) {
  std::vector<Tiles> out;
  for (const Successor& s : successors) out.push_back(s.state);
  return out;
}

std::vector<BlankMove> moves_of(const std::vector<Successor>& successors) {
  std::vector<BlankMove> out;
  for (const Successor& s : successors) out.push_back(s.move);
  return out;
}

// --- Construction -------------------------------------------------------------------------------

TEST(TilePuzzleTest, ConstructorKeepsShapeAndGoal) {
  const TilePuzzle p = torus3x3();
  EXPECT_EQ(p.rows(), 3);
  EXPECT_EQ(p.cols(), 3);
  EXPECT_EQ(p.size(), 9u);
  EXPECT_EQ(p.topology(), Topology::torus);
  EXPECT_EQ(p.goal(), kGoal3x3);
  EXPECT_TRUE(p.is_goal(kGoal3x3));
  EXPECT_FALSE(p.is_goal({1, 2, 3, 4, 5, 6, 7, 0, 8}));
  EXPECT_TRUE(p.tiles_distinct());
}

TEST(TilePuzzleTest, ConstructorRejectsBadShapes) {
  auto message = [](auto make) {
    try {
      make();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("<no exception>");
  };
  EXPECT_THAT(message([] { TilePuzzle(0, 3, Topology::bounded, {}); }),
              HasSubstr("at least 1 row and 1 column, got 0x3"));
  EXPECT_THAT(message([] { TilePuzzle(3, -1, Topology::bounded, {}); }), HasSubstr("got 3x-1"));
  EXPECT_THAT(message([] {
                TilePuzzle(3, 3, Topology::bounded, {1, 2, 3, 0});
              }),
              HasSubstr("goal has 4 tiles, expected 9 for a 3x3 puzzle"));
  EXPECT_THAT(message([] {
                TilePuzzle(2, 2, Topology::bounded, {1, 2, 3, 4});
              }),
              HasSubstr("goal must contain a blank (0), found none"));
}

// --- Several blanks (the "7-tile puzzle") ------------------------------------------------------

TEST(TilePuzzleTest, EveryBlankMovesAndTwoBlanksNeverSwap) {
  const TilePuzzle seven(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0});
  EXPECT_EQ(seven.blank_count(), 2u);
  EXPECT_TRUE(seven.tiles_distinct());
  // Blanks on cells 4 and 5, side by side: tiles 2, 7 and 4 slide into cell 4, then 3 and 5
  // into cell 5; the two blanks never swap.
  const Tiles board = {1, 2, 3, 4, 0, 0, 6, 7, 5};
  const std::vector<Successor> successors = seven.successors(board, kAllBlankMoves);
  EXPECT_THAT(states_of(successors),
              ElementsAre(Tiles{1, 0, 3, 4, 2, 0, 6, 7, 5}, Tiles{1, 2, 3, 4, 7, 0, 6, 0, 5},
                          Tiles{1, 2, 3, 0, 4, 0, 6, 7, 5}, Tiles{1, 2, 0, 4, 0, 3, 6, 7, 5},
                          Tiles{1, 2, 3, 4, 0, 5, 6, 7, 0}));
  EXPECT_THAT(seven.blank_cells(board), ElementsAre(4u, 5u));
  EXPECT_EQ(successors[0].blank_cell, 4u);
  EXPECT_EQ(successors.back().blank_cell, 5u);
  EXPECT_EQ(seven.result(board, 4, BlankMove::right), std::nullopt) << "a blank-blank swap";
  EXPECT_EQ(seven.result(board, 5, BlankMove::down), (Tiles{1, 2, 3, 4, 0, 5, 6, 7, 0}));
  EXPECT_THROW(seven.result(board, BlankMove::up), std::invalid_argument) << "which blank?";
  EXPECT_THROW(seven.result(board, 0, BlankMove::up), std::invalid_argument) << "no blank on 0";
  EXPECT_EQ(seven.move_between(board, {1, 2, 0, 4, 0, 3, 6, 7, 5}), BlankMove::up);
  EXPECT_EQ(seven.move_between(board, {1, 2, 3, 4, 0, 0, 6, 7, 5}), std::nullopt);
  EXPECT_EQ(seven.validate({1, 2, 3, 4, 5, 6, 0, 7, 0}), "");
  EXPECT_EQ(seven.validate({1, 2, 3, 4, 5, 6, 0, 7, 8}),
            "the blank (0) appears once, expected twice");
}

TEST(TilePuzzleTest, GoalCellAndDistinctness) {
  const TilePuzzle p = torus3x3();
  EXPECT_EQ(p.goal_cell(1), 0u);
  EXPECT_EQ(p.goal_cell(0), 8u);
  EXPECT_EQ(p.goal_cell(9), std::nullopt);
  const TilePuzzle multi(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  EXPECT_FALSE(multi.tiles_distinct());
  EXPECT_EQ(multi.goal_cell(9), 8u);  // The first of the two 9s.
}

// --- The seed's print_succ examples -------------------------------------------------------------

TEST(TilePuzzleTest, SeedPrintSuccCenterRightGap) {
  EXPECT_THAT(states_of(torus3x3().successors_ascending({1, 2, 3, 4, 5, 0, 6, 7, 8})),
              ElementsAre(Tiles{1, 2, 0, 4, 5, 3, 6, 7, 8}, Tiles{1, 2, 3, 0, 5, 4, 6, 7, 8},
                          Tiles{1, 2, 3, 4, 0, 5, 6, 7, 8}, Tiles{1, 2, 3, 4, 5, 8, 6, 7, 0}));
}

TEST(TilePuzzleTest, SeedPrintSuccCornerGapWrapsBothWays) {
  const auto succ = torus3x3().successors_ascending({8, 7, 6, 5, 4, 3, 2, 1, 0});
  EXPECT_THAT(states_of(succ),
              ElementsAre(Tiles{8, 7, 0, 5, 4, 3, 2, 1, 6}, Tiles{8, 7, 6, 5, 4, 0, 2, 1, 3},
                          Tiles{8, 7, 6, 5, 4, 3, 0, 1, 2}, Tiles{8, 7, 6, 5, 4, 3, 2, 0, 1}));
  // Blank at the bottom-right corner: down wraps to the top row, right wraps to the left column.
  EXPECT_THAT(moves_of(succ),
              ElementsAre(BlankMove::down, BlankMove::up, BlankMove::right, BlankMove::left));
}

TEST(TilePuzzleTest, SeedSummaryExampleSuccessors) {
  const Tiles start = {2, 5, 8, 4, 3, 6, 7, 1, 0};
  EXPECT_THAT(
      states_of(torus3x3().successors(start, kAllBlankMoves)),
      UnorderedElementsAre(Tiles{2, 5, 8, 4, 3, 0, 7, 1, 6}, Tiles{2, 5, 8, 4, 3, 6, 7, 0, 1},
                           Tiles{2, 5, 0, 4, 3, 6, 7, 1, 8}, Tiles{2, 5, 8, 4, 3, 6, 0, 1, 7}));
}

TEST(TilePuzzleTest, SuccessorsFollowTheGivenMoveOrder) {
  const Tiles s = {1, 2, 3, 4, 0, 5, 6, 7, 8};
  const BlankMove order[] = {BlankMove::right, BlankMove::up, BlankMove::left, BlankMove::down};
  const auto succ = bounded3x3().successors(s, order);
  EXPECT_THAT(moves_of(succ),
              ElementsAre(BlankMove::right, BlankMove::up, BlankMove::left, BlankMove::down));
  EXPECT_THAT(states_of(succ),
              ElementsAre(Tiles{1, 2, 3, 4, 5, 0, 6, 7, 8}, Tiles{1, 0, 3, 4, 2, 5, 6, 7, 8},
                          Tiles{1, 2, 3, 0, 4, 5, 6, 7, 8}, Tiles{1, 2, 3, 4, 7, 5, 6, 0, 8}));
  // A partial order yields only those moves; repeated moves are generated once.
  const BlankMove partial[] = {BlankMove::left, BlankMove::left};
  EXPECT_THAT(moves_of(bounded3x3().successors(s, partial)), ElementsAre(BlankMove::left));
}

// --- Bounded topology ---------------------------------------------------------------------------

TEST(TilePuzzleTest, BoundedCornerHasTwoMoves) {
  const TilePuzzle p = bounded3x3();
  const Tiles top_left = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(p.result(top_left, BlankMove::up), std::nullopt);
  EXPECT_EQ(p.result(top_left, BlankMove::left), std::nullopt);
  EXPECT_EQ(p.result(top_left, BlankMove::down), (Tiles{3, 1, 2, 0, 4, 5, 6, 7, 8}));
  EXPECT_EQ(p.result(top_left, BlankMove::right), (Tiles{1, 0, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_THAT(moves_of(p.successors(top_left, kAllBlankMoves)),
              ElementsAre(BlankMove::down, BlankMove::right));
  const Tiles bottom_right = kGoal3x3;
  EXPECT_THAT(moves_of(p.successors(bottom_right, kAllBlankMoves)),
              ElementsAre(BlankMove::up, BlankMove::left));
}

TEST(TilePuzzleTest, BoundedEdgeHasThreeMovesAndCentreFour) {
  const TilePuzzle p = bounded3x3();
  EXPECT_THAT(moves_of(p.successors({1, 0, 2, 3, 4, 5, 6, 7, 8}, kAllBlankMoves)),
              ElementsAre(BlankMove::down, BlankMove::left, BlankMove::right));
  EXPECT_THAT(moves_of(p.successors({1, 2, 3, 4, 5, 0, 6, 7, 8}, kAllBlankMoves)),
              ElementsAre(BlankMove::up, BlankMove::down, BlankMove::left));
  EXPECT_EQ(p.successors({1, 2, 3, 4, 0, 5, 6, 7, 8}, kAllBlankMoves).size(), 4u);
}

// --- Torus topology -----------------------------------------------------------------------------

TEST(TilePuzzleTest, TorusWrapsEveryEdge) {
  const TilePuzzle p = torus3x3();
  const Tiles top_left = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(p.result(top_left, BlankMove::up), (Tiles{6, 1, 2, 3, 4, 5, 0, 7, 8}));
  EXPECT_EQ(p.result(top_left, BlankMove::left), (Tiles{2, 1, 0, 3, 4, 5, 6, 7, 8}));
  const Tiles bottom_right = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  EXPECT_EQ(p.result(bottom_right, BlankMove::down), (Tiles{1, 2, 0, 4, 5, 6, 7, 8, 3}));
  EXPECT_EQ(p.result(bottom_right, BlankMove::right), (Tiles{1, 2, 3, 4, 5, 6, 0, 8, 7}));
  for (std::size_t blank = 0; blank < 9; ++blank) {
    Tiles s = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    s[blank] = 0;
    EXPECT_EQ(p.successors(s, kAllBlankMoves).size(), 4u) << "blank at " << blank;
  }
}

TEST(TilePuzzleTest, Torus2x2UpAndDownCoincide) {
  const TilePuzzle p(2, 2, Topology::torus, {1, 2, 3, 0});
  const Tiles s = {0, 1, 2, 3};
  // Up and down both reach cell 2; left and right both reach cell 1.
  EXPECT_EQ(p.result(s, BlankMove::up), p.result(s, BlankMove::down));
  EXPECT_EQ(p.result(s, BlankMove::left), p.result(s, BlankMove::right));
  const auto succ = p.successors(s, kAllBlankMoves);
  EXPECT_THAT(moves_of(succ), ElementsAre(BlankMove::up, BlankMove::left));
  EXPECT_THAT(states_of(succ), ElementsAre(Tiles{2, 1, 0, 3}, Tiles{1, 0, 2, 3}));
  // The earlier move of the order names a shared successor.
  const BlankMove order[] = {BlankMove::down, BlankMove::right, BlankMove::up, BlankMove::left};
  EXPECT_THAT(moves_of(p.successors(s, order)), ElementsAre(BlankMove::down, BlankMove::right));
}

TEST(TilePuzzleTest, Bounded2x2HasTwoMovesEverywhere) {
  const TilePuzzle p(2, 2, Topology::bounded, {1, 2, 3, 0});
  for (std::size_t blank = 0; blank < 4; ++blank) {
    Tiles s = {1, 2, 3, 4};
    s[blank] = 0;
    EXPECT_EQ(p.successors(s, kAllBlankMoves).size(), 2u) << "blank at " << blank;
  }
}

TEST(TilePuzzleTest, Torus1xNHasOnlyHorizontalMoves) {
  const TilePuzzle p(1, 4, Topology::torus, {1, 2, 3, 0});
  const Tiles s = {1, 0, 2, 3};
  EXPECT_EQ(p.result(s, BlankMove::up), std::nullopt);
  EXPECT_EQ(p.result(s, BlankMove::down), std::nullopt);
  EXPECT_EQ(p.target_cell(1, BlankMove::up), std::nullopt);
  const auto succ = p.successors(s, kAllBlankMoves);
  EXPECT_THAT(moves_of(succ), ElementsAre(BlankMove::left, BlankMove::right));
  EXPECT_THAT(states_of(succ), ElementsAre(Tiles{0, 1, 2, 3}, Tiles{1, 2, 0, 3}));
  // Wrapping along the single row.
  EXPECT_EQ(p.result({0, 1, 2, 3}, BlankMove::left), (Tiles{3, 1, 2, 0}));
}

TEST(TilePuzzleTest, Torus1x2And1x1) {
  const TilePuzzle two(1, 2, Topology::torus, {1, 0});
  EXPECT_THAT(states_of(two.successors({0, 1}, kAllBlankMoves)), ElementsAre(Tiles{1, 0}));
  const TilePuzzle one(1, 1, Topology::torus, {0});
  EXPECT_TRUE(one.successors({0}, kAllBlankMoves).empty());
  EXPECT_TRUE(one.is_goal({0}));
}

TEST(TilePuzzleTest, Torus2xNSuccessorsAreDistinct) {
  const TilePuzzle p(2, 4, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 0});
  const Tiles s = {1, 2, 0, 3, 4, 5, 6, 7};
  const auto succ = p.successors(s, kAllBlankMoves);
  // Up and down coincide (one vertical successor); left and right differ (4 columns).
  EXPECT_THAT(moves_of(succ), ElementsAre(BlankMove::up, BlankMove::left, BlankMove::right));
  std::unordered_set<Tiles, TilesHash> distinct;
  for (const auto& x : succ) distinct.insert(x.state);
  EXPECT_EQ(distinct.size(), succ.size());
  EXPECT_EQ(p.successors_ascending(s).size(), 3u);
}

// --- Multisets ----------------------------------------------------------------------------------

TEST(TilePuzzleTest, MultisetStateWithTwoNines) {
  const TilePuzzle p(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  const Tiles s = {1, 2, 3, 4, 5, 6, 7, 0, 9, 9, 10, 8};
  EXPECT_EQ(p.validate(s), "");
  // Blank at row 1, column 3 (right edge): up, down, left.
  const auto succ = p.successors(s, kAllBlankMoves);
  EXPECT_THAT(moves_of(succ), ElementsAre(BlankMove::up, BlankMove::down, BlankMove::left));
  EXPECT_EQ(p.result(s, BlankMove::down), (Tiles{1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0}));
  EXPECT_TRUE(p.is_goal(*p.result(s, BlankMove::down)));
  // Moving a 9 is a move like any other; which of the two 9s sits where is not tracked.
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 10, 9}), "");
  EXPECT_EQ(
      p.move_between({1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 9, 10}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 0, 10}),
      BlankMove::right);
  EXPECT_EQ(
      p.move_between({1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 0, 10}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0}),
      BlankMove::right);
}

// --- validate() ---------------------------------------------------------------------------------

TEST(TilePuzzleTest, ValidateAcceptsPermutations) {
  const TilePuzzle p = torus3x3();
  EXPECT_EQ(p.validate(kGoal3x3), "");
  EXPECT_EQ(p.validate({8, 7, 6, 5, 4, 3, 2, 1, 0}), "");
}

TEST(TilePuzzleTest, ValidateMessages) {
  const TilePuzzle p = torus3x3();
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 0}), "state has 8 tiles, expected 9");
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 8, 0, 9}), "state has 10 tiles, expected 9");
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 7, 0}), "tile 7 appears twice, expected once");
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 9, 0}), "tile 8 is missing, expected once");
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 8, 9}), "the blank (0) is missing, expected once");
  EXPECT_EQ(p.validate({1, 2, 3, 4, 5, 6, 7, 0, 0}), "the blank (0) appears twice, expected once");
  EXPECT_EQ(p.validate({-1, 2, 3, 4, 5, 6, 7, 8, 0}), "tile -1 is not part of this puzzle");
  const TilePuzzle multi(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  EXPECT_EQ(multi.validate({1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 0}),
            "tile 9 appears 3 times, expected twice");
  EXPECT_EQ(multi.validate({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 0}),
            "tile 9 appears once, expected twice");
  EXPECT_EQ(multi.validate({1, 2, 3, 4, 5, 6, 7, 8, 11, 11, 10, 0}),
            "tile 9 is missing, expected twice");
}

// is_board is validate's verdict without the message, small boards and large alike.
TEST(TilePuzzleTest, IsBoardAgreesWithValidate) {
  const TilePuzzle p = torus3x3();
  const TilePuzzle multi(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  Tiles large_goal(81);
  for (std::size_t i = 0; i + 1 < large_goal.size(); ++i) large_goal[i] = static_cast<int>(i + 1);
  const TilePuzzle large(9, 9, Topology::bounded, large_goal);
  Tiles large_swapped = large_goal;
  std::swap(large_swapped[0], large_swapped[80]);
  Tiles large_twice = large_goal;
  large_twice[0] = 2;
  const std::vector<std::pair<const TilePuzzle*, Tiles>> cases = {
      {&p, kGoal3x3},
      {&p, {8, 7, 6, 5, 4, 3, 2, 1, 0}},
      {&p, {1, 2, 3, 4, 5, 6, 7, 0}},
      {&p, {1, 2, 3, 4, 5, 6, 7, 7, 0}},
      {&p, {-1, 2, 3, 4, 5, 6, 7, 8, 0}},
      {&multi, {9, 2, 3, 4, 5, 6, 7, 8, 1, 9, 10, 0}},
      {&multi, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 0}},
      {&large, large_swapped},
      {&large, large_twice}};
  for (const auto& [puzzle, state] : cases)
    EXPECT_EQ(puzzle->is_board(state), puzzle->validate(state).empty()) << puzzle->validate(state);
}

TEST(TilePuzzleTest, StateMethodsRejectMalformedStates) {
  const TilePuzzle p = torus3x3();
  EXPECT_THROW(p.result({1, 2, 3}, BlankMove::up), std::invalid_argument);
  EXPECT_THROW(p.result({1, 2, 3, 4, 5, 6, 7, 8, 9}, BlankMove::up), std::invalid_argument);
  EXPECT_THROW(p.successors({1, 2, 3}, kAllBlankMoves), std::invalid_argument);
  EXPECT_THROW(p.successors_ascending({1, 2, 3, 4, 5, 6, 7, 8, 9}), std::invalid_argument);
}

// --- move_between() -----------------------------------------------------------------------------

TEST(TilePuzzleTest, MoveBetweenFindsTheMove) {
  const TilePuzzle p = torus3x3();
  const Tiles s = {1, 2, 3, 4, 5, 0, 6, 7, 8};
  for (BlankMove m : kAllBlankMoves) {
    EXPECT_EQ(p.move_between(s, *p.result(s, m)), m) << to_string(m);
  }
  // Wrap-around moves are legal on the torus, not on the bounded board.
  const Tiles wrapped = {1, 2, 3, 0, 5, 4, 6, 7, 8};  // Blank moved right from column 2.
  EXPECT_EQ(p.move_between(s, wrapped), BlankMove::right);
  EXPECT_EQ(bounded3x3().move_between(s, wrapped), std::nullopt);
}

TEST(TilePuzzleTest, MoveBetweenRejectsNonMoves) {
  const TilePuzzle p = torus3x3();
  const Tiles s = {1, 2, 3, 4, 5, 0, 6, 7, 8};
  EXPECT_EQ(p.move_between(s, s), std::nullopt);                            // No move.
  EXPECT_EQ(p.move_between(s, {1, 2, 3, 4, 0, 6, 5, 7, 8}), std::nullopt);  // Two cells apart.
  EXPECT_EQ(p.move_between(s, {2, 1, 3, 4, 5, 0, 6, 7, 8}), std::nullopt);  // Tiles swapped.
  EXPECT_EQ(p.move_between(s, {1, 2, 0, 4, 5, 3, 6, 7, 9}), std::nullopt);  // Plus a change.
  EXPECT_EQ(p.move_between(s, {1, 2, 3}), std::nullopt);                    // Wrong size.
  EXPECT_EQ(p.move_between({1, 2, 3}, s), std::nullopt);
  EXPECT_EQ(p.move_between({1, 2, 3, 4, 5, 9, 6, 7, 8}, s), std::nullopt);  // No blank.
}

TEST(TilePuzzleTest, MoveBetweenOn2x2TorusPrefersUpThenLeft) {
  const TilePuzzle p(2, 2, Topology::torus, {1, 2, 3, 0});
  EXPECT_EQ(p.move_between({0, 1, 2, 3}, {2, 1, 0, 3}), BlankMove::up);
  EXPECT_EQ(p.move_between({0, 1, 2, 3}, {1, 0, 2, 3}), BlankMove::left);
}

// --- Names and hashing --------------------------------------------------------------------------

TEST(TilePuzzleTest, MoveNamesRoundTrip) {
  EXPECT_EQ(to_string(BlankMove::up), "up");
  EXPECT_EQ(to_string(BlankMove::down), "down");
  EXPECT_EQ(to_string(BlankMove::left), "left");
  EXPECT_EQ(to_string(BlankMove::right), "right");
  for (BlankMove m : kAllBlankMoves) EXPECT_EQ(parse_blank_move(to_string(m)), m);
  EXPECT_EQ(parse_blank_move("Up"), std::nullopt);
  EXPECT_EQ(parse_blank_move(""), std::nullopt);
}

TEST(TilePuzzleTest, ReverseUndoesEveryMove) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kGoal3x3);
  const Tiles centre = {1, 2, 3, 4, 0, 5, 6, 7, 8};
  for (BlankMove m : kAllBlankMoves) {
    EXPECT_NE(reverse(m), m);
    EXPECT_EQ(reverse(reverse(m)), m);
    EXPECT_EQ(puzzle.result(*puzzle.result(centre, m), reverse(m)), centre) << to_string(m);
  }
}

TEST(TilePuzzleTest, HashDistinguishesPermutations) {
  Tiles s = kGoal3x3;
  std::unordered_set<std::size_t> hashes;
  int count = 0;
  do {
    hashes.insert(TilesHash{}(s));
    ++count;
  } while (std::next_permutation(s.begin(), s.end()) && count < 5000);
  EXPECT_GT(hashes.size(), 4990u);  // Collisions are allowed but must be rare.
  EXPECT_EQ(TilesHash{}(kGoal3x3), TilesHash{}(Tiles(kGoal3x3)));
}

}  // namespace tile_puzzle_test
}  // namespace
}  // namespace sg::ref
