#include "reference/search.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/graph_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_test {

using ::testing::ElementsAre;

// AIMA's map of Romania (figure 3.2) with straight-line distances to Bucharest (figure 3.22).
std::shared_ptr<const Graph> romania() {
  auto graph = std::make_shared<Graph>();
  graph->edges = {{"Arad", "Zerind", 75, ""},        {"Arad", "Sibiu", 140, ""},
                  {"Arad", "Timisoara", 118, ""},    {"Zerind", "Oradea", 71, ""},
                  {"Oradea", "Sibiu", 151, ""},      {"Timisoara", "Lugoj", 111, ""},
                  {"Lugoj", "Mehadia", 70, ""},      {"Mehadia", "Drobeta", 75, ""},
                  {"Drobeta", "Craiova", 120, ""},   {"Craiova", "Rimnicu", 146, ""},
                  {"Craiova", "Pitesti", 138, ""},   {"Sibiu", "Fagaras", 99, ""},
                  {"Sibiu", "Rimnicu", 80, ""},      {"Rimnicu", "Pitesti", 97, ""},
                  {"Fagaras", "Bucharest", 211, ""}, {"Pitesti", "Bucharest", 101, ""},
                  {"Bucharest", "Giurgiu", 90, ""},  {"Bucharest", "Urziceni", 85, ""},
                  {"Urziceni", "Hirsova", 98, ""},   {"Hirsova", "Eforie", 86, ""},
                  {"Urziceni", "Vaslui", 142, ""},   {"Vaslui", "Iasi", 92, ""},
                  {"Iasi", "Neamt", 87, ""}};
  graph->heuristic = {{"Arad", 366},      {"Bucharest", 0}, {"Craiova", 160}, {"Drobeta", 242},
                      {"Eforie", 161},    {"Fagaras", 176}, {"Giurgiu", 77},  {"Hirsova", 151},
                      {"Iasi", 226},      {"Lugoj", 244},   {"Mehadia", 241}, {"Neamt", 234},
                      {"Oradea", 380},    {"Pitesti", 100}, {"Rimnicu", 193}, {"Sibiu", 253},
                      {"Timisoara", 329}, {"Urziceni", 80}, {"Vaslui", 199},  {"Zerind", 374}};
  validate_graph(*graph);
  return graph;
}

GraphProblem arad_to_bucharest() { return GraphProblem(romania(), "Arad", {"Bucharest"}); }

SearchPolicy policy(Strategy strategy) {
  SearchPolicy result;
  result.strategy = strategy;
  return result;
}

TEST(Search, UniformCostFindsTheBooksCheapestRoute) {
  const SearchRun run = search(arad_to_bucharest(), policy(Strategy::uniform_cost));
  ASSERT_TRUE(run.found);
  EXPECT_THAT(run.path, ElementsAre("Arad", "Sibiu", "Rimnicu", "Pitesti", "Bucharest"));
  EXPECT_THAT(run.actions, ElementsAre("Sibiu", "Rimnicu", "Pitesti", "Bucharest"));
  EXPECT_DOUBLE_EQ(run.cost, 418);
  // In order of g: Arad 0, Zerind 75, Timisoara 118, Sibiu 140, Oradea 146, Rimnicu 220,
  // Lugoj 229, Fagaras 239, Mehadia 299, Pitesti 317, Craiova 366, Drobeta 374 (then Bucharest).
  EXPECT_THAT(run.expanded,
              ElementsAre("Arad", "Zerind", "Timisoara", "Sibiu", "Oradea", "Rimnicu", "Lugoj",
                          "Fagaras", "Mehadia", "Pitesti", "Craiova", "Drobeta"));
}

// AIMA 4th edition's best-first search (figure 3.7): a state reached more cheaply gets a second
// entry and the costlier one stays queued; when it pops it is expanded again.
TEST(Search, AReachedTableExpandsAStaleEntryAgainAsTheFourthEditionDoes) {
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"S", "A", 5, ""}, {"S", "B", 1, ""}, {"B", "A", 1, ""}, {"A", "G", 10, ""}};
  validate_graph(*graph);
  const GraphProblem problem(graph, "S", {"G"});
  SearchPolicy book = policy(Strategy::uniform_cost);
  book.duplicates = Duplicates::reached;
  const SearchRun run = search(problem, book);
  ASSERT_TRUE(run.found);
  EXPECT_DOUBLE_EQ(run.cost, 12);
  // S, B (1), A (2, the cheaper entry), A again (5, the stale one), then G (12) pops.
  EXPECT_THAT(run.expanded, ElementsAre("S", "B", "A", "A"));
  // The textbook's graph search (checked duplicates) updates the entry instead: A once.
  EXPECT_THAT(search(problem, policy(Strategy::uniform_cost)).expanded, ElementsAre("S", "B", "A"));
  // A student's order with the repeat replays under any tie-breaking; without it, it does not.
  EXPECT_TRUE(replay_expansions(problem, book, {"S", "B", "A", "A"}).consistent);
  EXPECT_FALSE(replay_expansions(problem, book, {"S", "B", "A", "G"}).consistent);
}

TEST(Search, AStarExpandsAsFigure324) {
  const SearchRun run = search(arad_to_bucharest(), policy(Strategy::astar));
  ASSERT_TRUE(run.found);
  EXPECT_DOUBLE_EQ(run.cost, 418);
  EXPECT_THAT(run.expanded, ElementsAre("Arad", "Sibiu", "Rimnicu", "Fagaras", "Pitesti"));
}

TEST(Search, GreedyAndBreadthFirstTakeFagaras) {
  for (const Strategy strategy : {Strategy::greedy_best_first, Strategy::breadth_first}) {
    const SearchRun run = search(arad_to_bucharest(), policy(strategy));
    EXPECT_THAT(run.path, ElementsAre("Arad", "Sibiu", "Fagaras", "Bucharest"));
    EXPECT_DOUBLE_EQ(run.cost, 450);
  }
  EXPECT_THAT(search(arad_to_bucharest(), policy(Strategy::greedy_best_first)).expanded,
              ElementsAre("Arad", "Sibiu", "Fagaras"));
}

TEST(Search, DepthFirstFollowsTheSuccessorOrderAndCanBeReversed) {
  // Arad's successors as listed: Zerind, Sibiu, Timisoara; a stack pops the last pushed first.
  SearchRun run = search(arad_to_bucharest(), policy(Strategy::depth_first));
  ASSERT_TRUE(run.found);
  EXPECT_EQ(run.expanded.front(), "Arad");
  EXPECT_EQ(run.expanded[1], "Timisoara");
  SearchPolicy reversed = policy(Strategy::depth_first);
  reversed.reverse_successors = true;
  run = search(arad_to_bucharest(), reversed);
  EXPECT_EQ(run.expanded[1], "Zerind");
}

// S -> G directly costs 10; through A it costs 2.
GraphProblem shortcut() {
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"S", "G", 10, ""}, {"S", "A", 1, ""}, {"A", "G", 1, ""}};
  return GraphProblem(graph, "S", {"G"});
}

TEST(Search, AGoalTestAtGenerationMakesUniformCostReturnTheFirstPathFound) {
  SearchPolicy ucs = policy(Strategy::uniform_cost);
  EXPECT_DOUBLE_EQ(search(shortcut(), ucs).cost, 2);
  ucs.goal_test = GoalTest::on_generation;
  const SearchRun early = search(shortcut(), ucs);
  EXPECT_DOUBLE_EQ(early.cost, 10);
  EXPECT_THAT(early.expanded, ElementsAre("S"));
}

// h is admissible but not consistent: h(B) = 1 lures A* to C through B before A shows a cheaper
// way to C.
GraphProblem inconsistent() {
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"S", "A", 1, ""},
                  {"S", "B", 1, ""},
                  {"A", "C", 1, ""},
                  {"B", "C", 2, ""},
                  {"C", "G", 3, ""}};
  graph->heuristic = {{"A", 4}, {"B", 1}};
  return GraphProblem(graph, "S", {"G"});
}

TEST(Search, AStarThatClosesTooEarlyMissesTheOptimumWithAnInconsistentHeuristic) {
  SearchPolicy astar = policy(Strategy::astar);
  EXPECT_DOUBLE_EQ(search(inconsistent(), astar).cost, 6);  // C closed with g 3
  astar.reopen_closed = true;
  const SearchRun reopened = search(inconsistent(), astar);
  EXPECT_DOUBLE_EQ(reopened.cost, 5);
  EXPECT_THAT(reopened.path, ElementsAre("S", "A", "C", "G"));
}

TEST(Search, TreeSearchRevisitsAndIsStoppedByTheBudget) {
  // A and B lead to each other; the goal C cannot be reached.
  auto graph = std::make_shared<Graph>();
  graph->edges = {{"A", "B", 1, ""}};
  graph->extra_nodes = {"C"};
  const GraphProblem problem(graph, "A", {"C"});
  SearchPolicy tree = policy(Strategy::depth_first);
  tree.graph_search = false;
  tree.max_expansions = 500;
  const SearchRun run = search(problem, tree);
  EXPECT_TRUE(run.budget_exceeded);
  EXPECT_FALSE(run.found);
  EXPECT_EQ(run.expanded.size(), 500u);
  const SearchRun graph_search = search(problem, policy(Strategy::depth_first));
  EXPECT_FALSE(graph_search.found);
  EXPECT_FALSE(graph_search.budget_exceeded);
  EXPECT_THAT(graph_search.expanded, ElementsAre("A", "B"));
}

TEST(Search, LazyDuplicatesExpandEachStateOnceButQueueItAgain) {
  SearchPolicy lazy = policy(Strategy::breadth_first);
  lazy.duplicates = Duplicates::lazy;
  const SearchRun run = search(arad_to_bucharest(), lazy);
  ASSERT_TRUE(run.found);
  std::set<State> unique(run.expanded.begin(), run.expanded.end());
  EXPECT_EQ(unique.size(), run.expanded.size());
  const SearchRun checked = search(arad_to_bucharest(), policy(Strategy::breadth_first));
  EXPECT_GE(run.generated, checked.generated);
}

TEST(Search, WithoutFrontierUpdatesUniformCostKeepsTheFirstPathToAQueuedState) {
  // Bucharest is first queued through Fagaras (450); the cheaper route through Pitesti (418)
  // must replace it.
  SearchPolicy ucs = policy(Strategy::uniform_cost);
  ucs.update_frontier = false;
  EXPECT_DOUBLE_EQ(search(arad_to_bucharest(), ucs).cost, 450);
}

TEST(Search, RecordsTheFrontierAfterEachExpansion) {
  SearchPolicy bfs = policy(Strategy::breadth_first);
  bfs.record_frontier = true;
  const SearchRun run = search(arad_to_bucharest(), bfs);
  ASSERT_EQ(run.frontiers.size(), run.expanded.size());
  EXPECT_THAT(run.frontiers[0], ElementsAre("Zerind", "Sibiu", "Timisoara"));
  EXPECT_EQ(run.max_frontier, 4u);
}

TEST(Search, ReplayAcceptsAnyTieBreakingAndNamesWhatWasAllowed) {
  // Two paths of equal cost to G: A and B are tied after S.
  auto graph = std::make_shared<Graph>();
  graph->directed = true;
  graph->edges = {{"S", "A", 1, ""}, {"S", "B", 1, ""}, {"A", "G", 1, ""}, {"B", "G", 1, ""}};
  const GraphProblem problem(graph, "S", {"G"});
  const SearchPolicy ucs = policy(Strategy::uniform_cost);
  EXPECT_TRUE(replay_expansions(problem, ucs, {"S", "A", "B"}).consistent);
  const ExpansionReplay other = replay_expansions(problem, ucs, {"S", "B", "A"});
  EXPECT_TRUE(other.consistent);
  EXPECT_TRUE(other.goal_next);
  const ExpansionReplay wrong = replay_expansions(problem, ucs, {"S", "G"});
  EXPECT_FALSE(wrong.consistent);
  EXPECT_EQ(wrong.diverged_at, 1u);
  EXPECT_THAT(wrong.allowed, ElementsAre("A", "B"));
  EXPECT_THROW(replay_expansions(problem, policy(Strategy::breadth_first), {"S"}),
               std::invalid_argument);
}

TEST(GraphProblem, RejectsUnknownNodesAndOrdersAlphabetically) {
  EXPECT_THROW(GraphProblem(romania(), "Paris", {"Bucharest"}), std::invalid_argument);
  EXPECT_THROW(GraphProblem(romania(), "Arad", {}), std::invalid_argument);
  const GraphProblem sorted(romania(), "Arad", {"Bucharest"}, GraphSuccessorOrder::alphabetical);
  std::vector<State> next;
  for (const Step& step : sorted.successors("Arad")) next.push_back(step.state);
  EXPECT_THAT(next, ElementsAre("Sibiu", "Timisoara", "Zerind"));
  EXPECT_DOUBLE_EQ(sorted.h("Arad"), 366);
  EXPECT_TRUE(sorted.is_state("Neamt"));
  EXPECT_FALSE(sorted.is_state("Paris"));
  auto named = std::make_shared<Graph>();
  named->edges = {{"A", "B", 1, "go"}};
  EXPECT_THROW(validate_graph(*named), std::invalid_argument);  // undirected edges are not named
}

}  // namespace search_test
}  // namespace
}  // namespace sg::ref
