#include "checkers/heuristic_judgements.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "reference/graph_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace heuristic_judgements_test {

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

// S's neighbours, alphabetically: five dead ends D1..D5, then Z on the way to G (each road 1).
// Blind, A* expands S, the five dead ends and Z; led by h* it goes straight to G.
ref::GraphProblem dead_ends() {
  auto graph = std::make_shared<ref::Graph>();
  graph->edges = {{"S", "Z", 1, ""}, {"Z", "G", 1, ""}};
  for (const char* dead_end : {"D1", "D2", "D3", "D4", "D5"})
    graph->edges.push_back({"S", dead_end, 1, ""});
  return ref::GraphProblem(graph, "S", {"G"}, ref::GraphSuccessorOrder::alphabetical);
}

InformedTiers tiers_of(std::vector<std::size_t> at_most) {
  InformedTiers tiers;
  tiers.policy.strategy = ref::Strategy::astar;
  tiers.policy.duplicates = ref::Duplicates::lazy;
  tiers.starts = {"S"};
  tiers.at_most = std::move(at_most);
  return tiers;
}

TEST(HeuristicJudgements, InformedTiersCountTheReferencesExpansionsGuidedByTheStudentsH) {
  const auto problem = dead_ends();
  const ref::CostToGoal space = ref::cost_to_goal(problem, 100);
  std::vector<std::string> notes;
  const auto blind =
      judge_informed(problem, space, values(space, {}), true, tiers_of({10, 5, 2}), notes);
  ASSERT_EQ(blind.size(), kMaxInformedTiers);
  EXPECT_EQ(blind[0].aspect, "informed_1");
  EXPECT_TRUE(blind[0].passed) << blind[0].feedback;
  EXPECT_FALSE(blind[1].passed);
  EXPECT_THAT(blind[1].feedback,
              HasSubstr("A* with your h expanded 7 state(s) in all; this tier asks for at most 5 "
                        "(with the domain's own h: 7; with h*: 2)"));
  EXPECT_FALSE(blind[2].passed);
  EXPECT_FALSE(blind[3].judged);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_THAT(notes[0], HasSubstr("7 from S"));

  const auto guided =
      judge_informed(problem, space, space.cheapest, true, tiers_of({10, 5, 2}), notes);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_TRUE(guided[k].passed) << guided[k].feedback;
}

// The domain's and h*'s counts, computed once for a test (InformedTiers::baselines), are the ones
// a judgement computes for itself, and a judgement given them shows them rather than searching
// again.
TEST(HeuristicJudgements, InformedBaselinesComputedOnceAreTheOnesEachJudgementShows) {
  const auto problem = dead_ends();
  const ref::CostToGoal space = ref::cost_to_goal(problem, 100);
  InformedTiers tiers = tiers_of({10, 5});
  const InformedBaselines baselines = informed_baselines(problem, space, tiers);
  EXPECT_EQ(baselines.domain.per_start, std::vector<std::size_t>{7});
  EXPECT_EQ(baselines.domain.total, 7u);
  EXPECT_EQ(baselines.perfect.per_start, std::vector<std::size_t>{2});
  EXPECT_EQ(baselines.perfect.total, 2u);

  std::vector<std::string> computed, given;
  const auto by_itself = judge_informed(problem, space, values(space, {}), true, tiers, computed);
  tiers.baselines = std::make_shared<const InformedBaselines>(baselines);
  const auto with_baselines = judge_informed(problem, space, values(space, {}), true, tiers, given);
  EXPECT_EQ(given, computed);
  ASSERT_EQ(with_baselines.size(), by_itself.size());
  for (std::size_t k = 0; k < by_itself.size(); ++k) {
    EXPECT_EQ(with_baselines[k].passed, by_itself[k].passed);
    EXPECT_EQ(with_baselines[k].feedback, by_itself[k].feedback);
  }

  // Given other figures, the judgement shows them: it does not count them again.
  InformedBaselines other = baselines;
  other.domain.total = 70;
  tiers.baselines = std::make_shared<const InformedBaselines>(other);
  std::vector<std::string> notes;
  const auto shown = judge_informed(problem, space, values(space, {}), true, tiers, notes);
  EXPECT_THAT(shown[1].feedback, HasSubstr("(with the domain's own h: 70; with h*: 2)"));
}

TEST(HeuristicJudgements, AnHThatOverestimatesEarnsNoInformedTierHoweverFewItExpands) {
  const auto problem = dead_ends();
  const ref::CostToGoal space = ref::cost_to_goal(problem, 100);
  std::vector<std::string> notes;
  std::vector<double> h = space.cheapest;
  for (double& value : h) value *= 3;
  const auto judged = judge_informed(problem, space, h, false, tiers_of({10}), notes);
  EXPECT_FALSE(judged[0].passed);
  EXPECT_THAT(judged[0].feedback, HasSubstr("not credited: h overestimates"));
}

}  // namespace heuristic_judgements_test
}  // namespace
}  // namespace sg
