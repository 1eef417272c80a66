#include "reference/connect_four.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/game_search.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace connect_four_test {

using ::testing::ElementsAre;

// Rows from the top; X and O have three each in the bottom rows, X to move.
const State kWinInOne =
    std::string(".......") + "......." + "......." + "......." + "OOO...." + "XXX....";

GameSearchOptions search(GameAlgorithm algorithm, int depth) {
  GameSearchOptions options;
  options.algorithm = algorithm;
  options.depth = depth;
  return options;
}

TEST(ConnectFour, DropsIntoEveryColumnThatIsNotFullLeftToRight) {
  const ConnectFour game({6, 7, 4}, kWinInOne);
  const auto moves = game.moves(kWinInOne, 0);
  ASSERT_EQ(moves.size(), 7u);
  EXPECT_EQ(moves[0].action, "0");
  EXPECT_EQ(moves[0].state.substr(21, 7), "X......");  // on top of O, in row 3
  EXPECT_EQ(moves[3].state.substr(35, 7), "XXXX...");
  EXPECT_TRUE(game.is_terminal(moves[3].state));
  // A full column has no move.
  const ConnectFour narrow({2, 2, 2}, "X.OX");
  std::vector<std::string> actions;
  for (const auto& move : narrow.moves("X.OX", 0)) actions.push_back(move.action);
  EXPECT_THAT(actions, ElementsAre());  // X already has a column of two: the game is over
  const ConnectFour open({2, 3, 3}, "O..XX.");
  for (const auto& move : open.moves("O..XX.", 0)) actions.push_back(move.action);
  EXPECT_THAT(actions, ElementsAre("1", "2"));
}

TEST(ConnectFour, MinimaxTakesTheWinAndAlphaBetaAgreesWithFewerStates) {
  const ConnectFour game({6, 7, 4}, kWinInOne);
  const GameSearchRun minimax = game_search(game, search(GameAlgorithm::minimax, 2));
  EXPECT_EQ(minimax.action, "3");
  EXPECT_DOUBLE_EQ(minimax.value, 10000);
  const GameSearchRun pruned = game_search(game, search(GameAlgorithm::alpha_beta, 2));
  EXPECT_EQ(pruned.action, "3");
  EXPECT_LT(pruned.generated.size(), minimax.generated.size());

  const ConnectFour small({3, 3, 3});
  GameSearchOptions whole = search(GameAlgorithm::minimax, 9);
  whole.unit = DepthUnit::per_move;
  const GameSearchRun exact = game_search(small, whole);
  whole.algorithm = GameAlgorithm::alpha_beta;
  const GameSearchRun fast = game_search(small, whole);
  EXPECT_DOUBLE_EQ(fast.value, exact.value);
  EXPECT_EQ(fast.best_actions, exact.best_actions);
  EXPECT_LT(fast.generated.size(), exact.generated.size());
}

TEST(ConnectFour, OpenWindowsScoreLinesStillOpenToEachPlayer) {
  // One X in the bottom-left corner: three windows hold it (a row, a column, a diagonal), and it
  // is O's move, so agent 0 is O.
  State board(42, '.');
  board[35] = 'X';
  const ConnectFour game({6, 7, 4}, board, ConnectFourEvaluation::open_windows);
  EXPECT_DOUBLE_EQ(game.evaluate(board), -3);
  EXPECT_DOUBLE_EQ(ConnectFour({6, 7, 4}, board).evaluate(board), 0);
  EXPECT_THROW(ConnectFour({6, 7, 4}, "X" + std::string(41, '.')), std::invalid_argument);
  EXPECT_THROW(ConnectFour({6, 7, 9}), std::invalid_argument);
}

}  // namespace connect_four_test
}  // namespace
}  // namespace sg::ref
