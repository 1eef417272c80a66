#include "reference/pacman_game.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/game_search.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace pacman_game_test {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> actions(const Game& game, const State& state, int agent) {
  std::vector<std::string> names;
  for (const GameMove& move : game.moves(state, agent)) names.push_back(move.action);
  return names;
}

State after(const Game& game, const State& state, int agent, const std::string& action) {
  for (const GameMove& move : game.moves(state, agent))
    if (move.action == action) return move.state;
  ADD_FAILURE() << action << " is not legal for agent " << agent << " in " << state;
  return state;
}

TEST(PacmanLayout, ReadsWallsFoodCapsulesAndAgentsInBerkeleysCoordinates) {
  const PacmanLayout layout = parse_pacman_layout(
      "\n%%%%%%\n"
      "%G .G%\n"
      "%P o %\n"
      "%%%%%%\n\n");
  EXPECT_EQ(layout.width, 6);
  EXPECT_EQ(layout.height, 4);
  EXPECT_EQ(layout.pacman, Cell(1, 1));
  EXPECT_THAT(layout.food, ElementsAre(Cell(3, 2)));
  EXPECT_THAT(layout.capsules, ElementsAre(Cell(3, 1)));
  EXPECT_THAT(layout.ghosts, ElementsAre(Cell(1, 2), Cell(4, 2)));  // by x, then y
  EXPECT_TRUE(layout.wall(0, 0));
  EXPECT_FALSE(layout.wall(2, 1));
  EXPECT_EQ(parse_pacman_layout(draw_pacman_layout(layout)).food, layout.food);
}

TEST(PacmanLayout, RefusesRaggedRowsOpenBordersAndNoPacmanNamingTheLine) {
  try {
    parse_pacman_layout("%%%%\n%P%\n%%%%\n");
    FAIL() << "a ragged row must be refused";
  } catch (const std::invalid_argument& error) {
    EXPECT_THAT(error.what(), HasSubstr("layout line 2"));
  }
  EXPECT_THROW(parse_pacman_layout("%%%%\n%P  \n%%%%\n"), std::invalid_argument);
  EXPECT_THROW(parse_pacman_layout("%%%%\n%  %\n%%%%\n"), std::invalid_argument);
}

const char* const kCorridor =
    "%%%%%%\n"
    "%P..G%\n"
    "%%%%%%\n";

TEST(PacmanGame, PacmanMovesWestStopEastNorthSouthWhereNoWallIs) {
  const PacmanGame game(parse_pacman_layout(kCorridor));
  EXPECT_EQ(game.agents(), 2);
  EXPECT_EQ(game.initial_state(), "P(1,1) G(4,1,Stop) food{(2,1),(3,1)} score=0");
  EXPECT_THAT(actions(game, game.initial_state(), 0), ElementsAre("Stop", "East"));
  // Eating food: +10, and every Pacman move costs 1.
  EXPECT_EQ(after(game, game.initial_state(), 0, "East"), "P(2,1) G(4,1,Stop) food{(3,1)} score=9");
  EXPECT_EQ(game.evaluate(after(game, game.initial_state(), 0, "Stop")), -1.0);
}

TEST(PacmanGame, GhostsNeverStopAndReverseOnlyWhenNothingElseIsLegal) {
  const PacmanGame game(parse_pacman_layout(kCorridor));
  const State start = game.initial_state();
  EXPECT_THAT(actions(game, start, 1), ElementsAre("West"));  // facing Stop: anything but Stop
  const State moved = after(game, start, 1, "West");
  EXPECT_EQ(moved, "P(1,1) G(3,1,West) food{(2,1),(3,1)} score=0");  // ghosts do not eat
  EXPECT_THAT(actions(game, moved, 1), ElementsAre("West"));         // not back East
  const State cornered = "P(1,1) G(4,1,East) food{(2,1)} score=0";
  EXPECT_THAT(actions(game, cornered, 1), ElementsAre("West"));  // reversing: the only way
}

// Berkeley's DirectionalGhost: 0.8 shared by the moves nearest Pacman (farthest when scared),
// the rest shared by every move.
TEST(PacmanGame, ADirectionalGhostLeansTowardPacmanAndAwayWhenScared) {
  const PacmanGame game(
      parse_pacman_layout("%%%%%%%\n"
                          "%P   G%\n"
                          "%%% %%%\n"
                          "%%%%%%%"));
  // At (3,2), facing West: West (toward Pacman at (1,2)) and South are legal, East is the
  // reverse.
  const State hunting = "P(1,2) G(3,2,West) food{(2,2)} score=0";
  ASSERT_THAT(actions(game, hunting, 1), ElementsAre("West", "South"));
  const std::vector<double> toward = game.directional_ghost(hunting, 1);
  ASSERT_EQ(toward.size(), 2u);
  EXPECT_NEAR(toward[0], 0.9, 1e-12);  // West: 0.8 + 0.1
  EXPECT_NEAR(toward[1], 0.1, 1e-12);  // South: only the shared 0.2 / 2
  // Scared, it moves half a square and prefers the move that leaves it farthest from Pacman.
  const State fleeing = "P(1,2) G(3,2,West,scared=10) food{(2,2)} score=0";
  const std::vector<double> away = game.directional_ghost(fleeing, 1);
  EXPECT_NEAR(away[0], 0.1, 1e-12);                         // West: 1.5 away
  EXPECT_NEAR(away[1], 0.9, 1e-12);                         // South: 2.5 away
  EXPECT_TRUE(game.directional_ghost(hunting, 0).empty());  // Pacman is no ghost
}

TEST(PacmanGame, TheLastFoodWinsAndAGhostOnPacmanLoses) {
  const PacmanGame game(parse_pacman_layout(kCorridor));
  const State one_left = "P(2,1) G(3,1,West) food{(3,1)} score=9";
  const State won = after(game, one_left, 0, "East");  // onto the ghost, but the food wins
  EXPECT_EQ(won, "P(3,1) G(3,1,West) food{} score=518 win");
  EXPECT_TRUE(game.is_terminal(won));
  EXPECT_EQ(game.outcome(won), 1);
  EXPECT_TRUE(game.moves(won, 0).empty());
  EXPECT_TRUE(game.moves(won, 1).empty());
  const State lost = after(game, one_left, 1, "West");
  EXPECT_EQ(lost, "P(2,1) G(2,1,West) food{(3,1)} score=-491 lose");
  EXPECT_EQ(game.outcome(lost), -1);
}

TEST(PacmanGame, ACapsuleScaresGhostsWhichMoveHalfAsFastAndAreEatenBackToTheirStart) {
  const PacmanGame game(
      parse_pacman_layout("%%%%%%%\n"
                          "%Po G.%\n"
                          "%%%%%%%\n"));
  const State scared = after(game, game.initial_state(), 0, "East");
  EXPECT_EQ(scared, "P(2,1) G(4,1,Stop,scared=40) food{(5,1)} score=-1");
  const State half = after(game, scared, 1, "West");
  EXPECT_EQ(half, "P(2,1) G(3.5,1,West,scared=39) food{(5,1)} score=-1");
  EXPECT_THAT(actions(game, half, 1), ElementsAre("West"));  // between squares: goes on
  const State next_to = after(game, half, 1, "West");
  EXPECT_EQ(next_to, "P(2,1) G(3,1,West,scared=38) food{(5,1)} score=-1");
  EXPECT_EQ(after(game, next_to, 0, "East"), "P(3,1) G(4,1,Stop) food{(5,1)} score=198");
  // The last scared move snaps to the nearest square, rounding halves up as nearestPoint does.
  EXPECT_EQ(after(game, "P(1,1) G(4,1,West,scared=1) food{(5,1)} score=0", 1, "West"),
            "P(1,1) G(4,1,West) food{(5,1)} score=0");
}

TEST(PacmanGame, MinimaxFindsTheWinTwoPliesAwayAndAvoidsTheGhost) {
  const PacmanGame game(parse_pacman_layout(kCorridor));
  GameSearchOptions options;
  options.depth = 1;
  GameSearchRun run = game_search(game, options);
  EXPECT_EQ(run.action, "East");
  EXPECT_EQ(run.value, 9.0);
  options.depth = 2;
  run = game_search(game, options);
  EXPECT_EQ(run.action, "East");
  EXPECT_EQ(run.value, 518.0);  // Stop instead lets the ghost onto Pacman: -492
}

TEST(PacmanGame, RefusesMoreGhostsThanTheLayoutHasAndPlaysTheFirstOnes) {
  const PacmanLayout layout = parse_pacman_layout(
      "%%%%%%\n"
      "%PG G%\n"
      "%%%%%%\n");
  EXPECT_THROW(PacmanGame(layout, 3), std::invalid_argument);
  EXPECT_EQ(PacmanGame(layout, 1).agents(), 2);
  EXPECT_EQ(PacmanGame(layout).agents(), 3);
  EXPECT_THROW(PacmanGame(layout).moves("P(1,1) nonsense", 0), std::invalid_argument);
}

}  // namespace pacman_game_test
}  // namespace
}  // namespace sg::ref
