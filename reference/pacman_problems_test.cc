#include "reference/pacman_problems.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/admissibility.h"
#include "reference/search.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace pacman_problems_test {

using ::testing::ElementsAre;

const PacmanLayout kOpen = parse_pacman_layout(
    "%%%%%\n"
    "%...%\n"
    "%.P.%\n"
    "%...%\n"
    "%%%%%\n");

SearchRun ucs(const Problem& problem) {
  SearchPolicy policy;
  policy.strategy = Strategy::uniform_cost;
  return search(problem, policy);
}

std::vector<std::string> actions(const Problem& problem, const State& state) {
  std::vector<std::string> names;
  for (const Step& step : problem.successors(state)) names.push_back(step.action);
  return names;
}

TEST(PacmanProblem, MovesNorthSouthEastWestIntoOpenSquaresForOne) {
  const PacmanProblem position(kOpen, PacmanGoal::position);
  EXPECT_EQ(position.initial_state(), "(2, 2)");
  EXPECT_THAT(actions(position, "(2, 2)"), ElementsAre("North", "South", "East", "West"));
  EXPECT_THAT(actions(position, "(1, 1)"), ElementsAre("North", "East"));
  EXPECT_EQ(position.successors("(1, 1)")[0].state, "(1, 2)");
  EXPECT_EQ(position.successors("(1, 1)")[0].cost, 1.0);
  EXPECT_TRUE(position.is_goal("(1, 1)"));
  EXPECT_EQ(ucs(position).cost, 2.0);
  EXPECT_THROW(PacmanProblem(kOpen, PacmanGoal::position, {0, 0}), std::invalid_argument);
}

TEST(PacmanProblem, CornersRemembersTheCornersVisited) {
  const PacmanProblem corners(kOpen, PacmanGoal::corners);
  EXPECT_THAT(corners.corners(), ElementsAre(Cell(1, 1), Cell(1, 3), Cell(3, 1), Cell(3, 3)));
  EXPECT_EQ(corners.initial_state(), "(2, 2) corners {}");
  EXPECT_EQ(corners.successors("(1, 2) corners {}")[1].state, "(1, 1) corners {(1,1)}");
  EXPECT_FALSE(corners.is_goal("(3, 3) corners {(1,1),(1,3),(3,1)}"));
  EXPECT_TRUE(corners.is_goal("(3, 3) corners {(1,1),(1,3),(3,1),(3,3)}"));
  EXPECT_EQ(ucs(corners).cost, 8.0);  // 2 to the first corner, 2 to each next
  EXPECT_EQ(PacmanProblem::position_of("(3, 3) corners {(1,1)}"), Cell(3, 3));
  // Starting in a corner counts it as visited.
  const PacmanProblem in_corner(parse_pacman_layout("%%%%\n%P.%\n%..%\n%%%%\n"),
                                PacmanGoal::corners);
  EXPECT_EQ(in_corner.initial_state(), "(1, 2) corners {(1,2)}");
  EXPECT_EQ(ucs(in_corner).cost, 3.0);
}

TEST(PacmanProblem, FoodEatsWhatPacmanStepsOnAndAnyFoodStopsAtTheFirst) {
  const PacmanLayout layout = parse_pacman_layout(
      "%%%%%%\n"
      "%.  .%\n"
      "%P%%%%\n"
      "%%%%%%\n");
  const PacmanProblem food(layout, PacmanGoal::food);
  EXPECT_EQ(food.initial_state(), "(1, 1) food {(1,2),(4,2)}");
  EXPECT_EQ(food.successors(food.initial_state())[0].state, "(1, 2) food {(4,2)}");
  EXPECT_EQ(ucs(food).cost, 4.0);
  const PacmanProblem any(layout, PacmanGoal::any_food);
  EXPECT_EQ(ucs(any).cost, 1.0);
  EXPECT_EQ(any.h("(1, 1)"), 1.0);
  // Every heuristic here is admissible.
  for (const PacmanProblem& problem : {food, any, PacmanProblem(kOpen, PacmanGoal::corners),
                                       PacmanProblem(kOpen, PacmanGoal::position, {3, 3})})
    EXPECT_FALSE(check_admissible(problem).first.has_value());
  EXPECT_THROW(PacmanProblem(parse_pacman_layout("%%%\n%P%\n%%%\n"), PacmanGoal::food),
               std::invalid_argument);
}

}  // namespace pacman_problems_test
}  // namespace
}  // namespace sg::ref
