#include "reference/deepening.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/graph_problem.h"
#include "reference/grid_maze.h"
#include "reference/search.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace deepening_test {

using ::testing::ElementsAre;

// A -> B -> D, A -> C -> D -> E: E is 3 steps away.
GraphProblem diamond(const std::string& goal = "E") {
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"A", "B", 1, ""},
                  {"A", "C", 1, ""},
                  {"B", "D", 1, ""},
                  {"C", "D", 1, ""},
                  {"D", "E", 1, ""}};
  graph->heuristic = {{"A", 3}, {"B", 2}, {"C", 2}, {"D", 1}};
  return GraphProblem(graph, "A", {goal});
}

TEST(Deepening, DepthLimitedSearchSaysCutoffOrFailureAsFigure317) {
  EXPECT_EQ(depth_limited(diamond(), 2).status, DeepeningStatus::cutoff);
  const DeepeningRun found = depth_limited(diamond(), 3);
  ASSERT_EQ(found.status, DeepeningStatus::found);
  EXPECT_THAT(found.path, ElementsAre("A", "B", "D", "E"));
  EXPECT_THAT(found.expanded, ElementsAre("A", "B", "D"));
  // No path to a node that is not reachable: failure once nothing is cut off.
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"A", "B", 1, ""}};
  graph->extra_nodes = {"Z"};
  EXPECT_EQ(depth_limited(GraphProblem(graph, "A", {"Z"}), 5).status, DeepeningStatus::failure);
}

TEST(Deepening, IterativeDeepeningRepeatsTheShallowLevels) {
  const DeepeningRun run = iterative_deepening(diamond(), 10);
  ASSERT_EQ(run.status, DeepeningStatus::found);
  EXPECT_EQ(run.depth, 3);
  EXPECT_THAT(run.path, ElementsAre("A", "B", "D", "E"));
  // limit 0: nothing; 1: A; 2: A B C; 3: A B D
  EXPECT_THAT(run.expanded, ElementsAre("A", "A", "B", "C", "A", "B", "D"));
}

// AIMA 4th edition's depth-limited search (figure 3.12) pushes every child on a stack and pops
// the last: the last successor is tried first. Its iterative deepening starts at limit 1.
TEST(Deepening, AStackOfChildrenTriesTheLastSuccessorFirst) {
  DeepeningOptions stack;
  stack.reverse_successors = true;
  stack.avoid_cycles = true;
  const DeepeningRun found = depth_limited(diamond(), 3, stack);
  ASSERT_EQ(found.status, DeepeningStatus::found);
  EXPECT_THAT(found.path, ElementsAre("A", "C", "D", "E"));
  EXPECT_THAT(found.expanded, ElementsAre("A", "C", "D"));
  stack.first_limit = 1;
  const DeepeningRun deepening = iterative_deepening(diamond(), 5, stack);
  ASSERT_EQ(deepening.status, DeepeningStatus::found);
  // Limits 1, 2, 3: A | A, C, B | A, C, D.
  EXPECT_THAT(deepening.expanded, ElementsAre("A", "A", "C", "B", "A", "C", "D"));
}

TEST(Deepening, IdaStarFindsTheCheapestPath) {
  const DeepeningRun run = ida_star(diamond());
  ASSERT_EQ(run.status, DeepeningStatus::found);
  EXPECT_DOUBLE_EQ(run.cost, 3);
  const auto maze = std::make_shared<Maze>(parse_maze("%%%%%%\n%S  G%\n% %% %\n%    %\n%%%%%%\n"));
  const GridProblem grid(maze, MazeCoordinates::row_col, GridProblem::berkeley_moves(),
                         MazeHeuristic::manhattan);
  SearchPolicy ucs;
  ucs.strategy = Strategy::uniform_cost;
  EXPECT_DOUBLE_EQ(ida_star(grid).cost, search(grid, ucs).cost);
}

TEST(Deepening, AvoidingCyclesStopsARunAroundALoop) {
  auto graph = std::make_shared<Graph>();
  graph->edges = {{"A", "B", 1, ""}, {"B", "C", 1, ""}, {"C", "A", 1, ""}};
  graph->extra_nodes = {"Z"};
  const GraphProblem loop(graph, "A", {"Z"});
  DeepeningOptions options;
  options.max_expansions = 1000;
  EXPECT_EQ(depth_limited(loop, 50, options).status, DeepeningStatus::cutoff);
  options.avoid_cycles = true;
  EXPECT_EQ(depth_limited(loop, 50, options).status, DeepeningStatus::failure);
}

TEST(LocalBeam, KeepsTheBestStatesAndReachesAGoalDownhill) {
  const BeamRun run = local_beam(diamond(), 2, 10);
  ASSERT_TRUE(run.found);
  EXPECT_THAT(run.path, ElementsAre("A", "B", "D", "E"));  // D first generated from B, not C
  EXPECT_THAT(run.actions, ElementsAre("B", "D", "E"));
  EXPECT_EQ(run.cost, 3.0);
  ASSERT_GE(run.beams.size(), 2u);
  EXPECT_THAT(run.beams[1], ElementsAre("B", "C"));
  EXPECT_FALSE(local_beam(diamond(), 0, 10).found);
}

}  // namespace deepening_test
}  // namespace
}  // namespace sg::ref
