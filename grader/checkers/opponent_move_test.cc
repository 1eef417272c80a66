#include "checkers/opponent_move.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/explicit_game_tree.h"
#include "reference/tic_tac_toe.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace opponent_move_test {

// The root player (agent 0 of the tree, or the opponent when it is agent 1) chooses between a
// safe move (every reply leaves 2) and a gamble (replies of 10 and -4: on average 3, at worst -4).
ref::GameTree safe_or_gamble() {
  ref::GameTree tree;
  tree.root = "root";
  tree.moves["root"] = {{"safe", "s", 0}, {"gamble", "g", 0}};
  tree.moves["s"] = {{"a", "s1", 0}, {"b", "s2", 0}};
  tree.moves["g"] = {{"a", "g1", 0}, {"b", "g2", 0}};
  tree.values = {{"s1", 2}, {"s2", 2}, {"g1", 10}, {"g2", -4}};
  return tree;
}

TEST(OpponentMove, NamesRoundTripAndOnlyTheSearchesSearch) {
  for (const OpponentPolicy policy :
       {OpponentPolicy::random, OpponentPolicy::directional, OpponentPolicy::minimax,
        OpponentPolicy::alpha_beta, OpponentPolicy::expectimax})
    EXPECT_EQ(opponent_policy(to_string(policy)), policy);
  EXPECT_EQ(opponent_policy("alphabeta"), std::nullopt);
  EXPECT_EQ(searching(OpponentPolicy::random), std::nullopt);
  EXPECT_EQ(searching(OpponentPolicy::directional), std::nullopt);
  EXPECT_EQ(searching(OpponentPolicy::alpha_beta), ref::GameAlgorithm::alpha_beta);
  EXPECT_EQ(searching(OpponentPolicy::expectimax), ref::GameAlgorithm::expectimax);
}

TEST(OpponentMove, MinimaxPlaysSafeAndExpectimaxGamblesOnARandomReply) {
  const ref::ExplicitGame game(safe_or_gamble());
  const auto move = [&](ref::GameAlgorithm algorithm) {
    return game.moves("root", 0)[searched_move(game, "root", 0, 2, algorithm)].action;
  };
  EXPECT_EQ(move(ref::GameAlgorithm::minimax), "safe");
  EXPECT_EQ(move(ref::GameAlgorithm::alpha_beta), "safe");
  EXPECT_EQ(move(ref::GameAlgorithm::expectimax), "gamble");
}

TEST(OpponentMove, AsTheSecondPlayerItMaximisesItsOwnSide) {
  // Agent 1 at the root: the values are agent 0's, so agent 1 wants them low. Negated leaves make
  // the same choice as above from agent 1's side.
  ref::GameTree tree = safe_or_gamble();
  for (auto& [state, value] : tree.values) value = -value;
  const ref::ExplicitGame game(tree);
  const auto move = [&](ref::GameAlgorithm algorithm) {
    return game.moves("root", 1)[searched_move(game, "root", 1, 2, algorithm)].action;
  };
  EXPECT_EQ(move(ref::GameAlgorithm::minimax), "safe");
  EXPECT_EQ(move(ref::GameAlgorithm::expectimax), "gamble");
}

// Alpha-beta with the project's strict pruning finds minimax's move (the first of the best) in
// every state O moves in, from game-tree-search's midgame; expectimax's differs somewhere.
TEST(OpponentMove, AlphaBetaPlaysMinimaxsPolicyEverywhereAndExpectimaxDoesNot) {
  const ref::TicTacToe game("X...O....");
  const auto minimax = searched_policy(game, 1, 9, ref::GameAlgorithm::minimax);
  const auto alpha_beta = searched_policy(game, 1, 9, ref::GameAlgorithm::alpha_beta);
  const auto expectimax = searched_policy(game, 1, 9, ref::GameAlgorithm::expectimax);
  ASSERT_GT(minimax.size(), 100u);
  EXPECT_EQ(alpha_beta, minimax);
  ASSERT_EQ(expectimax.size(), minimax.size());
  EXPECT_NE(expectimax, minimax);
}

TEST(OpponentMove, ASearchingOpponentNeedsTwoPlayersAndAMove) {
  ref::GameTree three = safe_or_gamble();
  three.agents = 3;
  EXPECT_THROW(searched_move(ref::ExplicitGame(three), "root", 0, 2), std::invalid_argument);
  const ref::ExplicitGame game(safe_or_gamble());
  EXPECT_THROW(searched_move(game, "s1", 0, 2), std::invalid_argument);
  EXPECT_THROW(searched_policy(ref::TicTacToe(), 1, 1, ref::GameAlgorithm::minimax, 100),
               std::invalid_argument);
}

}  // namespace opponent_move_test
}  // namespace
}  // namespace sg
