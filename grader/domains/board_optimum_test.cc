#include "domains/board_optimum.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace board_optimum_test {

const ref::Tiles kGoal = {1, 2, 3, 4, 5, 6, 7, 8, 0};

// Applies `moves` to `start` (each must be legal) and returns where the blank ends.
ref::Tiles walked(const ref::TilePuzzle& puzzle, ref::Tiles board,
                  const std::vector<ref::BlankMove>& moves) {
  for (const ref::BlankMove move : moves) board = *puzzle.result(board, move);
  return board;
}

TEST(BoardOptimum, ThreeByThreeByBreadthFirstAndUnreachableBoards) {
  const ref::TilePuzzle puzzle(3, 3, ref::Topology::bounded, kGoal);
  EXPECT_EQ(shortest_board_length(puzzle, {1, 2, 3, 4, 5, 6, 0, 7, 8}), 2u);
  EXPECT_EQ(shortest_board_length(puzzle, kGoal), 0u);
  EXPECT_EQ(shortest_board_length(puzzle, {2, 1, 3, 4, 5, 6, 7, 8, 0}), std::nullopt)
      << "two tiles swapped: the other permutation parity";
}

TEST(BoardOptimum, FourByFourByIdaStarWithAPathThatReachesTheGoal) {
  ref::Tiles goal(16);
  for (int i = 0; i < 15; ++i) goal[i] = i + 1;
  const ref::TilePuzzle puzzle(4, 4, ref::Topology::bounded, goal);
  const ref::Tiles start = walked(puzzle, goal,
                                  {ref::BlankMove::up, ref::BlankMove::left, ref::BlankMove::up,
                                   ref::BlankMove::left, ref::BlankMove::down});
  const auto path = shortest_board_path(puzzle, start);
  ASSERT_TRUE(path);
  EXPECT_EQ(path->size(), 5u);
  EXPECT_EQ(walked(puzzle, start, *path), goal);
  EXPECT_EQ(shortest_board_length(puzzle, start), 5u);
}

// A torus or a board with two blanks is beyond IDA*: its length comes from breadth-first search.
TEST(BoardOptimum, BoardsIdaStarCannotTakeAreSearchedBreadthFirst) {
  const ref::TilePuzzle torus(3, 3, ref::Topology::torus, kGoal);
  EXPECT_EQ(shortest_board_length(torus, {1, 2, 3, 4, 5, 6, 0, 8, 7}), 1u)
      << "the blank wraps around from the left edge to the right";
  EXPECT_THROW(shortest_board_path(torus, kGoal), std::invalid_argument);
  const ref::TilePuzzle two_blanks(2, 3, ref::Topology::bounded, {1, 2, 3, 4, 0, 0});
  EXPECT_EQ(shortest_board_length(two_blanks, {1, 2, 0, 4, 0, 3}), 1u);
}

}  // namespace board_optimum_test
}  // namespace
}  // namespace sg
