#include "reference/game_search.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/explicit_game_tree.h"
#include "reference/tic_tac_toe.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace game_search_test {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A tree given as "parent action child" triples and leaf values; two agents unless stated.
ExplicitGame tree_of(std::vector<std::array<std::string, 3>> edges, std::map<State, double> values,
                     int agents = 2) {
  GameTree tree;
  tree.agents = agents;
  tree.root = edges.front()[0];
  for (const auto& [from, action, to] : edges) tree.moves[from].push_back({action, to, 0.0});
  tree.values = std::move(values);
  return ExplicitGame(std::move(tree));
}

// AIMA's figure 5.2: MAX at A; MIN at B, C, D; minimax value 3 by a1.
ExplicitGame aima_figure_5_2() {
  return tree_of({{"A", "a1", "B"},
                  {"A", "a2", "C"},
                  {"A", "a3", "D"},
                  {"B", "b1", "B1"},
                  {"B", "b2", "B2"},
                  {"B", "b3", "B3"},
                  {"C", "c1", "C1"},
                  {"C", "c2", "C2"},
                  {"C", "c3", "C3"},
                  {"D", "d1", "D1"},
                  {"D", "d2", "D2"},
                  {"D", "d3", "D3"}},
                 {{"B1", 3},
                  {"B2", 12},
                  {"B3", 8},
                  {"C1", 2},
                  {"C2", 4},
                  {"C3", 6},
                  {"D1", 14},
                  {"D2", 5},
                  {"D3", 2}});
}

std::vector<State> states_of(const GameSearchRun& run) {
  std::vector<State> states;
  for (const auto& generated : run.generated) states.push_back(generated.state);
  return states;
}

GameSearchOptions with(GameAlgorithm algorithm, int depth = 2) {
  GameSearchOptions options;
  options.algorithm = algorithm;
  options.depth = depth;
  options.unit = DepthUnit::per_move;
  return options;
}

TEST(GameSearch, MinimaxGeneratesEveryStateAndPicksTheBestAction) {
  const GameSearchRun run = game_search(aima_figure_5_2(), with(GameAlgorithm::minimax));
  EXPECT_DOUBLE_EQ(run.value, 3);
  EXPECT_EQ(run.action, "a1");
  EXPECT_THAT(run.best_actions, ElementsAre("a1"));
  EXPECT_EQ(run.generated.size(), 12u);
  EXPECT_EQ(run.evaluations, 9u);
  EXPECT_DOUBLE_EQ(run.generated[4].value, 2);  // C: the minimum of 2, 4, 6
  EXPECT_EQ(run.generated[5].parent, 4u);       // C1 was generated from C
}

TEST(GameSearch, AlphaBetaPrunesWhatAimaPrunes) {
  const GameSearchRun run = game_search(aima_figure_5_2(), with(GameAlgorithm::alpha_beta));
  EXPECT_DOUBLE_EQ(run.value, 3);
  EXPECT_EQ(run.action, "a1");
  // After C1 = 2 < alpha = 3, C2 and C3 are never generated.
  EXPECT_THAT(states_of(run), ElementsAre("B", "B1", "B2", "B3", "C", "C1", "D", "D1", "D2", "D3"));
}

// C's first leaf equals alpha: the strict rule goes on to C2, pruning on equality stops.
TEST(GameSearch, PruningOnEqualityGeneratesOneStateFewer) {
  const ExplicitGame game = tree_of({{"A", "a1", "B"},
                                     {"A", "a2", "C"},
                                     {"B", "b1", "B1"},
                                     {"B", "b2", "B2"},
                                     {"C", "c1", "C1"},
                                     {"C", "c2", "C2"}},
                                    {{"B1", 3}, {"B2", 5}, {"C1", 3}, {"C2", 1}});
  GameSearchOptions options = with(GameAlgorithm::alpha_beta);
  EXPECT_THAT(states_of(game_search(game, options)), ElementsAre("B", "B1", "B2", "C", "C1", "C2"));
  options.prune = PruneRule::on_equality;
  const GameSearchRun early = game_search(game, options);
  EXPECT_THAT(states_of(early), ElementsAre("B", "B1", "B2", "C", "C1"));
  // C's value there is a bound equal to B's; the optimal actions are still minimax's.
  EXPECT_THAT(early.best_actions, ElementsAre("a1"));
}

TEST(GameSearch, ExpectimaxAveragesUniformlyOrByTheStatedProbabilities) {
  const GameSearchRun uniform = game_search(aima_figure_5_2(), with(GameAlgorithm::expectimax));
  EXPECT_DOUBLE_EQ(uniform.value, 23.0 / 3);
  EXPECT_EQ(uniform.action, "a1");
  GameSearchOptions minimum = with(GameAlgorithm::expectimax);
  minimum.chance_takes_minimum = true;
  EXPECT_DOUBLE_EQ(game_search(aima_figure_5_2(), minimum).value, 3);

  GameTree tree;
  tree.root = "A";
  tree.moves["A"] = {{"safe", "S", 0}, {"risky", "R", 0}};
  tree.moves["R"] = {{"win", "W", 0.9}, {"lose", "L", 0.1}};
  tree.values = {{"S", 5}, {"W", 10}, {"L", -100}};
  const GameSearchRun stated = game_search(ExplicitGame(tree), with(GameAlgorithm::expectimax));
  EXPECT_DOUBLE_EQ(stated.value, 5);  // risky: 0.9 * 10 - 0.1 * 100 = -1
  EXPECT_EQ(stated.action, "safe");
}

// R (agent 0) -> S (agent 1 moved) -> T (agent 2) -> U (agent 0) -> V: three agents in a line.
ExplicitGame three_agents() {
  return tree_of({{"R", "r", "S"}, {"S", "s", "T"}, {"T", "t", "U"}, {"U", "u", "V"}},
                 {{"S", 1}, {"T", 2}, {"U", 3}, {"V", 4}}, 3);
}

TEST(GameSearch, APlyIsAMoveOfEveryAgentUnlessCountedPerMove) {
  GameSearchOptions ply = with(GameAlgorithm::minimax, 1);
  ply.unit = DepthUnit::per_ply;
  const GameSearchRun by_ply = game_search(three_agents(), ply);
  EXPECT_THAT(states_of(by_ply), ElementsAre("S", "T", "U"));
  EXPECT_DOUBLE_EQ(by_ply.value, 3);
  const GameSearchRun by_move = game_search(three_agents(), with(GameAlgorithm::minimax, 1));
  EXPECT_THAT(states_of(by_move), ElementsAre("S"));
  // Every opponent taken as one: after agent 1, agent 0 again, and the ply is over.
  ply.agents_seen = 2;
  EXPECT_THAT(states_of(game_search(three_agents(), ply)), ElementsAre("S", "T"));
  // The ply ended after agent 0's move: depth 2 stops right after agent 0's second move.
  const ExplicitGame longer = tree_of({{"R", "r", "S"},
                                       {"S", "s", "T"},
                                       {"T", "t", "U"},
                                       {"U", "u", "V"},
                                       {"V", "v", "W"},
                                       {"W", "w", "X"},
                                       {"X", "x", "Y"}},
                                      {{"V", 4}, {"X", 6}, {"Y", 7}}, 3);
  ply.agents_seen = 0;
  ply.depth = 2;
  EXPECT_THAT(states_of(game_search(longer, ply)), ElementsAre("S", "T", "U", "V", "W", "X"));
  ply.ply_ends_after_agent_0 = true;
  EXPECT_THAT(states_of(game_search(longer, ply)), ElementsAre("S", "T", "U", "V"));
}

TEST(GameSearch, RootTiesGoToTheFirstOrTheLastBestAction) {
  const ExplicitGame game = tree_of({{"A", "a1", "B"}, {"A", "a2", "C"}, {"A", "a3", "D"}},
                                    {{"B", 5}, {"C", 1}, {"D", 5}});
  GameSearchOptions options = with(GameAlgorithm::minimax, 1);
  const GameSearchRun first = game_search(game, options);
  EXPECT_EQ(first.action, "a1");
  EXPECT_THAT(first.best_actions, ElementsAre("a1", "a3"));
  options.root_tie = RootTie::last;
  EXPECT_EQ(game_search(game, options).action, "a3");
}

// The published size of tic-tac-toe's game tree: 549,946 nodes (the root and 549,945 states
// generated), 255,168 games.
TEST(GameSearch, TicTacToesWholeTreeHasItsPublishedSizeAndIsADraw) {
  const GameSearchRun run = game_search(TicTacToe(), with(GameAlgorithm::minimax, 9));
  EXPECT_DOUBLE_EQ(run.value, 0);
  EXPECT_EQ(run.generated.size(), 549945u);
  EXPECT_EQ(run.evaluations, 255168u);
  const GameSearchRun pruned = game_search(TicTacToe(), with(GameAlgorithm::alpha_beta, 9));
  EXPECT_DOUBLE_EQ(pruned.value, 0);
  EXPECT_LT(pruned.generated.size(), run.generated.size() / 3);  // 146,119 of them
  EXPECT_EQ(pruned.best_actions, run.best_actions);
}

TEST(GameSearch, TicTacToeTakesTheWinningMoveAndScoresOpenLinesAtACutoff) {
  const GameSearchRun win = game_search(TicTacToe("XX.OO...."), with(GameAlgorithm::minimax, 3));
  EXPECT_DOUBLE_EQ(win.value, 1);
  EXPECT_EQ(win.action, "(0, 2)");
  // O to move (X has one more mark): O must block at (0, 2).
  const GameSearchRun block = game_search(TicTacToe("XX..O....", TicTacToeEvaluation::open_lines),
                                          with(GameAlgorithm::minimax, 2));
  EXPECT_EQ(block.action, "(0, 2)");
  EXPECT_DOUBLE_EQ(TicTacToe("....X....", TicTacToeEvaluation::open_lines).evaluate("....X...."),
                   -4);  // O to move first there: X's 8 open lines against O's 4
  EXPECT_THROW(TicTacToe("XXX......"), std::invalid_argument);
}

TEST(GameSearch, AMalformedTreeIsRefusedNamingTheState) {
  GameTree tree;
  tree.root = "A";
  tree.moves["A"] = {{"a", "B", 0}};
  try {
    ExplicitGame game(tree);
    FAIL() << "a leaf without a value was accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_THAT(error.what(), HasSubstr("state 'B' is a leaf without a value"));
  }
  tree.moves["B"] = {{"b", "A", 0}};
  EXPECT_THROW(ExplicitGame{tree}, std::invalid_argument);
  EXPECT_THROW(game_search(aima_figure_5_2(), with(GameAlgorithm::minimax, 0)),
               std::invalid_argument);
}

}  // namespace game_search_test
}  // namespace
}  // namespace sg::ref
