#include "checkers/problem_judgements.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <map>

#include "reference/pacman_problems.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace problem_judgements_test {

using ::testing::HasSubstr;

// What the driver's explore op reports for a student whose problem is `reference` seen through
// `as_student` (the student's state for each reference state: identity for a faithful
// formulation; a projection that forgets something for a wrong one), with `tamper` applied to
// each state's successors.
ExploredProblem explore_as_student(
    const ref::Problem& reference, const std::function<std::string(const ref::State&)>& as_student,
    const std::function<void(const ref::State&, std::vector<ref::Step>&)>& tamper = {}) {
  ExploredProblem explored;
  std::map<std::string, std::size_t> index;
  std::vector<ref::State> behind;  // the reference state first found for each student state
  auto add = [&](const ref::State& state, long parent, const std::string& action) {
    const std::string text = as_student(state);
    const auto [at, fresh] = index.emplace(text, explored.states.size());
    if (fresh) {
      explored.states.push_back(text);
      explored.parent.push_back(parent);
      explored.action.push_back(action);
      behind.push_back(state);
    }
    return at->second;
  };
  add(reference.initial_state(), -1, "");
  for (std::size_t i = 0; i < explored.states.size(); ++i) {
    const ref::State state = behind[i];
    explored.goal.push_back(reference.is_goal(state));
    std::vector<ref::Step> steps = reference.successors(state);
    if (tamper) tamper(state, steps);
    std::vector<StudentEdge> edges;
    for (const ref::Step& step : steps)
      edges.push_back({step.action, add(step.state, static_cast<long>(i), step.action), step.cost});
    explored.successors.push_back(std::move(edges));
  }
  explored.complete = true;
  return explored;
}

const ref::PacmanLayout kOpen = ref::parse_pacman_layout(
    "%%%%%\n"
    "%...%\n"
    "%.P.%\n"
    "%...%\n"
    "%%%%%\n");

ProblemJudgementOptions pacman_options() {
  ProblemJudgementOptions options;
  options.reference_position = [](const ref::State& state) -> std::optional<std::string> {
    const ref::Cell cell = ref::PacmanProblem::position_of(state);
    return fmt::format("({}, {})", cell.first, cell.second);
  };
  return options;
}

TEST(ProblemJudgements, AFaithfulFormulationInItsOwnRepresentationPassesEverything) {
  const ref::PacmanProblem corners(kOpen, ref::PacmanGoal::corners);
  // The student's state: ((x, y), (visited booleans)), as Berkeley students write it.
  const auto as_student = [&](const ref::State& state) {
    const ref::Cell at = ref::PacmanProblem::position_of(state);
    std::vector<std::string> flags;
    for (const ref::Cell& corner : corners.corners())
      flags.push_back(state.find(fmt::format("({},{})", corner.first, corner.second)) !=
                              std::string::npos
                          ? "True"
                          : "False");
    return fmt::format("(({}, {}), ({}))", at.first, at.second, fmt::join(flags, ", "));
  };
  const ExploredProblem explored = explore_as_student(corners, as_student);
  const ProblemJudgement judged = judge_problem(explored, corners, pacman_options());
  for (const AspectOutcome* aspect : {&judged.start, &judged.successors, &judged.goal_test,
                                      &judged.states, &judged.solution_cost, &judged.size})
    EXPECT_TRUE(aspect->passed) << aspect->aspect << ": " << aspect->feedback;
  EXPECT_THAT(judged.notes.at(0), HasSubstr("the problem has"));
}

TEST(ProblemJudgements, AStateThatForgetsTheCornersVisitedIsShownReachedTwoWays) {
  const ref::PacmanProblem corners(kOpen, ref::PacmanGoal::corners);
  const auto position_only = [](const ref::State& state) {
    const ref::Cell at = ref::PacmanProblem::position_of(state);
    return fmt::format("({}, {})", at.first, at.second);
  };
  const ProblemJudgement judged =
      judge_problem(explore_as_student(corners, position_only), corners, pacman_options());
  EXPECT_FALSE(judged.states.passed);
  EXPECT_THAT(judged.states.feedback, HasSubstr("which the problem tells apart"));
  EXPECT_TRUE(judged.successors.passed) << judged.successors.feedback;
}

TEST(ProblemJudgements, AMoveIntoAWallOrAWrongCostIsNamedWithTheStateAndThePath) {
  const ref::PacmanProblem position(kOpen, ref::PacmanGoal::position);
  const auto identity = [](const ref::State& state) { return state; };
  const ProblemJudgement through_wall =
      judge_problem(explore_as_student(position, identity,
                                       [](const ref::State& state, std::vector<ref::Step>& steps) {
                                         if (state == "(1, 2)")
                                           steps.push_back({"West", "(0, 2)", 1.0});
                                       }),
                    position, pacman_options());
  EXPECT_FALSE(through_wall.successors.passed);
  EXPECT_THAT(through_wall.successors.feedback,
              HasSubstr("after West (your state (1, 2); the problem's (1, 2))"));
  EXPECT_THAT(through_wall.successors.feedback,
              HasSubstr("getSuccessors gives East (1), North (1), South (1), West (1); the legal "
                        "moves are East (1), North (1), South (1)"));
  const ProblemJudgement costly =
      judge_problem(explore_as_student(position, identity,
                                       [](const ref::State&, std::vector<ref::Step>& steps) {
                                         for (ref::Step& step : steps) step.cost = 2;
                                       }),
                    position, pacman_options());
  EXPECT_FALSE(costly.successors.passed);
  EXPECT_FALSE(costly.solution_cost.passed);
  EXPECT_THAT(costly.solution_cost.feedback, HasSubstr("costs 4"));
  EXPECT_TRUE(costly.goal_test.passed);
}

TEST(ProblemJudgements, ReadsTheExploreOpAndRefusesOtherShapes) {
  const ExploredProblem explored = read_explored(nlohmann::json::parse(R"({
    "states": ["A", "B"], "goal": [false, true], "successors": [[["go", 1, 1]], []],
    "parent": [-1, 0], "action": [null, "go"], "h": [1, 0], "complete": true})"));
  EXPECT_EQ(explored.path_to(1), std::vector<std::string>{"go"});
  EXPECT_EQ(explored.h[0], 1.0);
  // An action that is not a string (a rules world's boat load) reads as Python writes it.
  const ExploredProblem tupled = read_explored(nlohmann::json::parse(R"({
    "states": ["A", "B"], "goal": [false, true],
    "successors": [[[{"$tuple": [0, 1]}, 1, 1]], []],
    "parent": [-1, 0], "action": [null, {"$tuple": [0, 1]}], "complete": true})"));
  EXPECT_EQ(tupled.path_to(1), std::vector<std::string>{"(0, 1)"});
  EXPECT_EQ(tupled.successors[0][0].action, "(0, 1)");
  EXPECT_THROW(read_explored(nlohmann::json::parse(R"({"states": ["A"]})")), std::invalid_argument);
  EXPECT_THROW(read_explored(nlohmann::json::parse(R"({
    "states": ["A"], "goal": [false], "successors": [[["go", 5, 1]]], "parent": [-1],
    "action": [null]})")),
               std::invalid_argument);
}

}  // namespace problem_judgements_test
}  // namespace
}  // namespace sg
