#include "checkers/search_judgements.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "checkers/search_answer_checker.h"
#include "reference/graph_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_judgements_test {

using ::testing::HasSubstr;
using ::testing::Not;

// S -> A (1) -> G (1); S -> G (5); S -> B (1) -> G (1).
ref::GraphProblem triangle() {
  auto graph = std::make_shared<ref::Graph>();
  graph->directed = true;
  graph->edges = {{"S", "A", 1, ""},
                  {"S", "G", 5, ""},
                  {"A", "G", 1, ""},
                  {"S", "B", 1, ""},
                  {"B", "G", 1, ""}};
  return ref::GraphProblem(graph, "S", {"G"});
}

StudentPath states(std::vector<std::string> items, bool includes_start = true) {
  return {StudentPath::Form::states, std::move(items), includes_start};
}

TEST(SearchJudgements, AWalkNamesTheFirstIllegalStepAndItsAlternatives) {
  const ref::GraphProblem problem = triangle();
  PathWalk walk = walk_path(problem, states({"S", "A", "G"}));
  EXPECT_TRUE(walk.legal);
  EXPECT_TRUE(walk.reaches_goal);
  EXPECT_DOUBLE_EQ(walk.cost, 2);
  EXPECT_TRUE(judge_path(walk).passed);

  walk = walk_path(problem, states({"S", "G", "A"}));
  EXPECT_FALSE(walk.legal);
  EXPECT_THAT(judge_path(walk).feedback,
              HasSubstr("step 2: A is not one step from G; its successors are none: a dead end"));
  walk = walk_path(problem, states({"A", "G"}));
  EXPECT_THAT(walk.problem, HasSubstr("begins with A, not with the start S"));
  walk = walk_path(problem, states({"A", "G"}, /*includes_start=*/false));
  EXPECT_TRUE(walk.reaches_goal);
  walk = walk_path(problem, {StudentPath::Form::actions, {"B", "X"}, true});
  EXPECT_THAT(walk.problem, HasSubstr("step 2: X is not an action in B; its actions are G (to G)"));
  walk = walk_path(problem, states({"S", "A"}));
  EXPECT_THAT(judge_path(walk).feedback, HasSubstr("ends at A, which is not a goal"));
}

TEST(SearchJudgements, OptimalExactAndReportedCost) {
  const ref::GraphProblem problem = triangle();
  const PathWalk direct = walk_path(problem, states({"S", "G"}));
  EXPECT_THAT(judge_optimal(direct, 2).feedback,
              HasSubstr("costs 5, but the cheapest path costs 2"));
  const PathWalk through_b = walk_path(problem, states({"S", "B", "G"}));
  EXPECT_TRUE(judge_optimal(through_b, 2).passed);
  EXPECT_TRUE(judge_exact_path(through_b, {{"S", "A", "G"}, {"S", "B", "G"}}).passed);
  EXPECT_THAT(judge_exact_path(through_b, {{"S", "A", "G"}}).feedback,
              HasSubstr("first differs at position 2: expected A, got B"));
  EXPECT_TRUE(judge_reported_cost(through_b, 2.0).passed);
  EXPECT_THAT(judge_reported_cost(through_b, 3.0).feedback,
              HasSubstr("reported cost is 3, but the path's steps add up to 2"));
  EXPECT_FALSE(judge_reported_cost(through_b, std::nullopt).passed);
}

TEST(SearchJudgements, ExpansionsExactlyOrInAnyTieOrder) {
  const ref::GraphProblem problem = triangle();
  ref::SearchPolicy ucs;
  ucs.strategy = ref::Strategy::uniform_cost;
  const std::vector<std::vector<ref::State>> reference = {{"S", "A", "B"}};
  EXPECT_TRUE(
      judge_expansions({"S", "A", "B"}, ExpansionMatch::exact, reference, problem, ucs).passed);
  const AspectOutcome swapped =
      judge_expansions({"S", "B", "A"}, ExpansionMatch::exact, reference, problem, ucs);
  EXPECT_THAT(swapped.feedback, HasSubstr("position 2: expected A, got B"));
  EXPECT_TRUE(
      judge_expansions({"S", "B", "A"}, ExpansionMatch::ties, reference, problem, ucs).passed);
  EXPECT_THAT(
      judge_expansions({"S", "G"}, ExpansionMatch::ties, reference, problem, ucs).feedback,
      HasSubstr("expansion 2 is G, but the frontier's best entries at that point are A, B"));
  EXPECT_THAT(judge_expansions({"S", "A"}, ExpansionMatch::ties, reference, problem, ucs).feedback,
              HasSubstr("no goal is among the best entries"));
  EXPECT_THAT(judge_expansions({"S"}, ExpansionMatch::exact, reference, problem, ucs).feedback,
              HasSubstr("ends after 1 states; the next should be A"));
}

// A failed expansions aspect shows the student's own order beside the reference's, the
// divergence marked, and names a state expanded twice (issue 23: evidence in feedback).
TEST(SearchJudgements, FailedExpansionsShowTheStudentsOrderAsEvidence) {
  const ref::GraphProblem problem = triangle();
  ref::SearchPolicy ucs;
  ucs.strategy = ref::Strategy::uniform_cost;
  const std::vector<std::vector<ref::State>> reference = {{"S", "A", "B"}};
  const AspectOutcome again =
      judge_expansions({"S", "A", "A", "B"}, ExpansionMatch::ties, reference, problem, ucs);
  EXPECT_FALSE(again.passed);
  EXPECT_THAT(again.feedback, HasSubstr("expansion 3 is A, but the frontier's best entry"));
  EXPECT_THAT(again.feedback,
              HasSubstr("\nA is expanded a second time at expansion 3; it was expansion 2\n"));
  EXPECT_THAT(again.feedback, HasSubstr("yours  reference\n"));
  EXPECT_THAT(again.feedback, HasSubstr("  > 3   A      B"));
  const AspectOutcome swapped =
      judge_expansions({"S", "B", "A"}, ExpansionMatch::exact, reference, problem, ucs);
  EXPECT_THAT(swapped.feedback, HasSubstr("  > 2   B      A"));
  EXPECT_THAT(swapped.feedback, Not(HasSubstr("second time")));
}

// Iterative deepening expands the root once per limit: where the reference itself repeats
// states, a repeat is no evidence and is not named.
TEST(SearchJudgements, ARepeatIsNotEvidenceWhereTheReferenceRepeatsToo) {
  const ref::GraphProblem problem = triangle();
  ref::SearchPolicy deepening;
  deepening.strategy = ref::Strategy::depth_first;
  const std::vector<std::vector<ref::State>> reference = {{"S", "S", "A", "B"}};
  const AspectOutcome wrong =
      judge_expansions({"S", "S", "B", "A"}, ExpansionMatch::exact, reference, problem, deepening);
  EXPECT_FALSE(wrong.passed);
  EXPECT_THAT(wrong.feedback, HasSubstr("position 3: expected A, got B"));
  EXPECT_THAT(wrong.feedback, Not(HasSubstr("second time")));
}

// A search the limit cuts off is judged on its expansions too, not only on saying 'cutoff': a
// depth-limited search one step too deep says 'cutoff' as well (issue 60).
TEST(SearchJudgements, ACutOffSearchIsJudgedOnWhatItExpanded) {
  const ref::GraphProblem problem = triangle();
  ReferenceRun cut;
  cut.outcome = "cutoff";
  cut.expanded = {"S", "A"};
  const std::vector<ReferenceRun> runs = {cut};
  SearchAnswerExpected expected;
  expected.problem = &problem;
  expected.runs = runs;
  expected.aspects = {"outcome", "expansions", "expanded_count"};
  SearchAnswer answer;
  answer.no_path = true;
  answer.outcome_word = "cutoff";
  answer.expanded = std::vector<ref::State>{"S", "A"};
  answer.expanded_count = 2;
  for (const AspectOutcome& aspect : judge_search_answer(expected, answer))
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;

  answer.expanded = std::vector<ref::State>{"S", "A", "B"};
  answer.expanded_count = 3;
  const std::vector<AspectOutcome> deeper = judge_search_answer(expected, answer);
  ASSERT_EQ(deeper.size(), 3u);
  EXPECT_TRUE(deeper[0].passed);
  EXPECT_FALSE(deeper[1].passed);
  EXPECT_THAT(deeper[1].feedback, HasSubstr("the expansion order goes on past the end"));
  EXPECT_FALSE(deeper[2].passed);

  // In any tie order, a search that reaches no goal must still expand as many states.
  expected.expansions = ExpansionMatch::ties;
  expected.policy.strategy = ref::Strategy::uniform_cost;
  expected.aspects = {"expansions"};
  answer.expanded = std::vector<ref::State>{"S"};
  const std::vector<AspectOutcome> shorter = judge_search_answer(expected, answer);
  ASSERT_EQ(shorter.size(), 1u);
  EXPECT_FALSE(shorter[0].passed);
  EXPECT_THAT(
      shorter[0].feedback,
      HasSubstr("the search expands 1 state, but without a goal to reach it should expand 2"));
}

TEST(SearchJudgements, CountsWithinATolerance) {
  EXPECT_TRUE(judge_count("expanded", "nodes expanded", 105.0, {100}, 0.1).passed);
  EXPECT_THAT(judge_count("expanded", "nodes expanded", 120.0, {100, 90}, 0.1).feedback,
              HasSubstr("120 nodes expanded reported, expected 100 or 90 (within 10 %)"));
  EXPECT_TRUE(judge_count("expanded", "nodes expanded", 90.0, {100, 90}, 0).passed);
  EXPECT_FALSE(judge_count("expanded", "nodes expanded", std::nullopt, {1}, 0).passed);
  EXPECT_FALSE(first_divergence({"a"}, {"a"}));
}

}  // namespace search_judgements_test
}  // namespace
}  // namespace sg
