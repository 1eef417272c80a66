#include "reference/admissibility.h"

#include <gtest/gtest.h>

#include <memory>

#include "reference/graph_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace admissibility_test {

// S -1-> A -1-> G and S -5-> G: h*(S) = 2, h*(A) = 1.
std::shared_ptr<Graph> line(std::map<std::string, double> heuristic) {
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"S", "A", 1, ""}, {"A", "G", 1, ""}, {"S", "G", 5, ""}};
  graph->heuristic = std::move(heuristic);
  return graph;
}

TEST(Admissibility, ATableThatNeverOverestimatesPasses) {
  const AdmissibilityCheck check =
      check_admissible(GraphProblem(line({{"S", 2}, {"A", 1}}), "S", {"G"}));
  EXPECT_TRUE(check.complete);
  EXPECT_FALSE(check.first.has_value());
}

TEST(Admissibility, NamesTheFirstStateWhereHOverestimates) {
  const AdmissibilityCheck check =
      check_admissible(GraphProblem(line({{"S", 2}, {"A", 3}}), "S", {"G"}));
  ASSERT_TRUE(check.first.has_value());
  EXPECT_EQ(check.first->state, "A");
  EXPECT_EQ(check.first->h, 3);
  EXPECT_EQ(check.first->cheapest, 1);
}

TEST(Admissibility, AStateThatCannotReachAGoalMayHaveAnyH) {
  auto graph = line({{"D", 100}});
  graph->edges.push_back({"S", "D", 1, ""});
  EXPECT_FALSE(check_admissible(GraphProblem(graph, "S", {"G"})).first.has_value());
}

TEST(Admissibility, ASpaceLargerThanTheLimitIsNotChecked) {
  EXPECT_FALSE(check_admissible(GraphProblem(line({{"A", 3}}), "S", {"G"}), 1).complete);
}

}  // namespace admissibility_test
}  // namespace
}  // namespace sg::ref
