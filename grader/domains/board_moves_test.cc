#include "domains/board_moves.h"

#include <gtest/gtest.h>

#include <memory>

#include "reference/tile_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace board_moves_test {

TEST(BlankMoveBetween, NamesTheWayTheBlankWentAcrossTheEdgeOnlyWhenItMustHave) {
  const BoardShape three{3, 3};
  EXPECT_EQ(blank_move_between({1, 0, 2, 3, 4, 5, 6, 7, 8}, {1, 4, 2, 3, 0, 5, 6, 7, 8}, three),
            ref::BlankMove::down);
  EXPECT_EQ(blank_move_between({1, 0, 2, 3, 4, 5, 6, 7, 8}, {0, 1, 2, 3, 4, 5, 6, 7, 8}, three),
            ref::BlankMove::left);
  // A torus: from the top row up is to the bottom row; from the left column left is to the right.
  EXPECT_EQ(blank_move_between({1, 0, 2, 3, 4, 5, 6, 7, 8}, {1, 7, 2, 3, 4, 5, 6, 0, 8}, three),
            ref::BlankMove::up);
  EXPECT_EQ(blank_move_between({0, 1, 2, 3, 4, 5, 6, 7, 8}, {2, 1, 0, 3, 4, 5, 6, 7, 8}, three),
            ref::BlankMove::left);
  // Not one move of the blank: two tiles swapped, a jump, the same board, another size.
  EXPECT_FALSE(blank_move_between({1, 0, 2, 3, 4, 5, 6, 7, 8}, {2, 0, 1, 3, 4, 5, 6, 7, 8}, three));
  EXPECT_FALSE(blank_move_between({1, 0, 2, 3, 4, 5, 6, 7, 8}, {1, 8, 2, 3, 4, 5, 6, 7, 0}, three));
  EXPECT_FALSE(blank_move_between({1, 0, 2, 3, 4, 5, 6, 7, 8}, {1, 0, 2, 3, 4, 5, 6, 7, 8}, three));
  EXPECT_FALSE(blank_move_between({1, 0, 2, 3}, {1, 2, 0, 3}, three));
}

// A board whose moves are named by the tile that slides, as some rules files name them.
class TileNamedMoves : public ref::Problem {
 public:
  explicit TileNamedMoves(ref::TileProblem board) : board_(std::move(board)) {}
  ref::State initial_state() const override { return board_.initial_state(); }
  std::vector<ref::Step> successors(const ref::State& state) const override {
    std::vector<ref::Step> steps = board_.successors(state);
    for (ref::Step& step : steps) step.action = "slide " + step.action;
    return steps;
  }
  bool is_goal(const ref::State& state) const override { return board_.is_goal(state); }

 private:
  ref::TileProblem board_;
};

TEST(BoardMovesTest, NamesEachActionByTheBlanksMoveAndKeepsTheWorldsOrderAndStates) {
  const ref::TilePuzzle puzzle(3, 3, ref::Topology::bounded, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  const ref::TileProblem board(puzzle, {1, 0, 2, 3, 4, 5, 6, 7, 8}, ref::Heuristic::zero);
  SearchDomain domain;
  domain.type = "sliding_tile";
  domain.problem = std::make_shared<TileNamedMoves>(board);
  domain.board_notation = find_board_notation("compact");
  domain.board_shape = {3, 3};
  const BoardMoves moves(domain);
  const std::vector<ref::Step> named = moves.successors(moves.initial_state());
  const std::vector<ref::Step> original = board.successors(board.initial_state());
  ASSERT_EQ(named.size(), original.size());
  for (std::size_t i = 0; i < named.size(); ++i) {
    EXPECT_EQ(named[i].action, original[i].action);  // "slide down" is the blank's "down"
    EXPECT_EQ(named[i].state, original[i].state);
  }
  EXPECT_TRUE(moves.step_named(moves.initial_state(), "left"));
  EXPECT_FALSE(moves.step_named(moves.initial_state(), "up"));
  SearchDomain no_board = domain;
  no_board.board_notation = nullptr;
  EXPECT_THROW(BoardMoves{no_board}, std::invalid_argument);
}

}  // namespace board_moves_test
}  // namespace
}  // namespace sg
