#include "checkers/heuristic_judgements.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "reference/graph_problem.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

// S -1- A -1- G, and S -3- G: h*(S) = 2, h*(A) = 1.
ref::GraphProblem line_graph() {
  auto graph = std::make_shared<ref::Graph>();
  graph->edges = {{"S", "A", 1, ""}, {"A", "G", 1, ""}, {"S", "G", 3, ""}};
  graph->heuristic = {{"S", 1}, {"A", 1}};
  return ref::GraphProblem(graph, "S", {"G"}, ref::GraphSuccessorOrder::alphabetical);
}

// The student's values, by state name, in the space's order.
std::vector<double> values(const ref::CostToGoal& space, std::map<std::string, double> by_name) {
  std::vector<double> h;
  for (const auto& state : space.states) h.push_back(by_name[state]);
  return h;
}

const auto kDraw = [](const ref::State& state) { return state; };

TEST(HeuristicJudgements, AnExactHeuristicPassesEveryJudgement) {
  const auto problem = line_graph();
  const ref::CostToGoal space = ref::cost_to_goal(problem, 100);
  ASSERT_EQ(space.states.size(), 3u);
  const HeuristicBaseline baseline{"table", values(space, {{"S", 1}, {"A", 1}})};
  const auto judged =
      judge_heuristic(problem, space, values(space, {{"S", 2}, {"A", 1}}), baseline, kDraw);
  for (const auto* aspect :
       {&judged.goal_zero, &judged.admissible, &judged.consistent, &judged.stronger})
    EXPECT_TRUE(aspect->passed) << aspect->aspect << ": " << aspect->feedback;
  ASSERT_EQ(judged.notes.size(), 1u);
  EXPECT_THAT(judged.notes[0], HasSubstr("h averages 1.00 (the table: 0.67); h* averages 1.00"));
}

TEST(HeuristicJudgements, EachMistakeFailsItsOwnJudgementWithACounterexample) {
  const auto problem = line_graph();
  const ref::CostToGoal space = ref::cost_to_goal(problem, 100);
  const HeuristicBaseline baseline{"table", values(space, {{"S", 1}, {"A", 1}})};
  // Overestimates at A (h* = 1), inconsistent on S -> A, not 0 at the goal.
  const auto judged = judge_heuristic(problem, space, values(space, {{"S", 0}, {"A", 3}, {"G", 1}}),
                                      baseline, kDraw);
  EXPECT_FALSE(judged.goal_zero.passed);
  EXPECT_THAT(judged.goal_zero.feedback, HasSubstr("h is 1 at the goal"));
  EXPECT_FALSE(judged.admissible.passed);
  EXPECT_THAT(judged.admissible.feedback, HasSubstr("h overestimates on 2 of the 3 states"));
  EXPECT_THAT(judged.admissible.feedback, HasSubstr("h = 1, but the cheapest path"));
  EXPECT_FALSE(judged.consistent.passed);
  EXPECT_THAT(judged.consistent.feedback, HasSubstr("h drops by more than the step's cost"));
  EXPECT_FALSE(judged.stronger.passed);
  EXPECT_THAT(judged.stronger.feedback, HasSubstr("h is below the table on 1 of the 3 states"));
}

TEST(HeuristicJudgements, TheBaselineItselfIsNoStrongerAndNoBaselineIsNotJudged) {
  const auto problem = line_graph();
  const ref::CostToGoal space = ref::cost_to_goal(problem, 100);
  const HeuristicBaseline baseline{"table", values(space, {{"S", 1}, {"A", 1}})};
  auto judged = judge_heuristic(problem, space, baseline.values, baseline, kDraw);
  EXPECT_FALSE(judged.stronger.passed);
  EXPECT_THAT(judged.stronger.feedback, HasSubstr("it is no stronger"));
  judged = judge_heuristic(problem, space, baseline.values, std::nullopt, kDraw);
  EXPECT_FALSE(judged.stronger.judged);
  EXPECT_THAT(heuristic_expectation(space, std::nullopt),
              HasSubstr("all 3 states of the space (h* from 0 to 2"));
}

}  // namespace
}  // namespace sg
