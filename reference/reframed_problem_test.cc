#include "reference/reframed_problem.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "reference/graph_problem.h"
#include "reference/search.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace reframed_problem_test {

using ::testing::ElementsAre;

// S - A - G costs 2, S - B - G costs 3; h leads A* whichever way it says.
GraphProblem diamond() {
  auto graph = std::make_shared<Graph>();
  graph->edges = {{"S", "A", 1, ""}, {"A", "G", 1, ""}, {"S", "B", 1, ""}, {"B", "G", 2, ""}};
  graph->heuristic = {{"S", 2}, {"A", 1}, {"B", 2}};
  return GraphProblem(graph, "S", {"G"});
}

SearchPolicy astar() {
  SearchPolicy policy;
  policy.strategy = Strategy::astar;
  return policy;
}

TEST(ReframedProblem, SearchesFromTheStartItIsGiven) {
  const GraphProblem base = diamond();
  const ReframedProblem from_b(base, "B", [&](const State& s) { return base.h(s); });
  const SearchRun run = search(from_b, astar());
  EXPECT_THAT(run.path, ElementsAre("B", "G"));
  EXPECT_DOUBLE_EQ(run.cost, 2);
  EXPECT_EQ(from_b.successors("S").size(), base.successors("S").size());
  EXPECT_TRUE(from_b.is_goal("G"));
}

TEST(ReframedProblem, TheSearchIsOrderedByTheHeuristicItIsGiven) {
  const GraphProblem base = diamond();
  // The domain's h expands A before B; a table that overrates A sends A* to B first.
  EXPECT_THAT(search(base, astar()).expanded, ElementsAre("S", "A"));
  const std::map<State, double> table{{"S", 0}, {"A", 5}, {"B", 0}, {"G", 0}};
  const ReframedProblem misled(base, base.initial_state(),
                               [&](const State& s) { return table.at(s); });
  EXPECT_DOUBLE_EQ(misled.h("A"), 5);
  EXPECT_THAT(search(misled, astar()).expanded, ElementsAre("S", "B"));
}

TEST(ReframedProblem, AnOwnedProblemStaysAliveAndKeepsItsHeuristic) {
  std::shared_ptr<const Problem> base = std::make_shared<GraphProblem>(diamond());
  const std::weak_ptr<const Problem> watched = base;
  const ReframedProblem from_a(std::move(base), "A");
  EXPECT_FALSE(watched.expired());
  EXPECT_EQ(from_a.initial_state(), "A");
  EXPECT_DOUBLE_EQ(from_a.h("A"), watched.lock()->h("A"));
  EXPECT_THAT(search(from_a, astar()).path, ElementsAre("A", "G"));
}

}  // namespace reframed_problem_test
}  // namespace
}  // namespace sg::ref
