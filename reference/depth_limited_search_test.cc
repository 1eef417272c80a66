#include "reference/depth_limited_search.h"

#include <gtest/gtest.h>

#include "reference/astar.h"
#include "reference/explicit_graph.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {
namespace {

using Path = std::vector<std::string>;

// The seed's graph: {'a': ['b','z','d'], 'b': ['a'], 'e': ['z'], 'd': ['y'], 'y': ['z']}.
ExplicitGraph seed_graph() {
  return ExplicitGraph(
      {{"a", {"b", "z", "d"}}, {"b", {"a"}}, {"e", {"z"}}, {"d", {"y"}}, {"y", {"z"}}});
}

auto expander(const ExplicitGraph& graph) {
  return [&graph](const std::string& state) { return graph.actions(state); };
}

TEST(IterativeDeepening, SeedCasesAsTheCourseGraderPublishesThem) {
  const ExplicitGraph graph = seed_graph();
  // "Looking for path from a to y with max depth of 1. ... correctly returned cutoff"
  EXPECT_EQ(iterative_deepening_search<std::string>("a", "y", expander(graph), 1).status,
            DepthLimitedStatus::cutoff);
  // "Looking for path from a to z with max depth of 5. ... correctly returned ['a', 'z']"
  const auto found = iterative_deepening_search<std::string>("a", "z", expander(graph), 5);
  EXPECT_EQ(found.status, DepthLimitedStatus::found);
  EXPECT_EQ(found.path, (Path{"a", "z"}));
}

TEST(IterativeDeepening, TriesMaxDepthItselfAndIncludesTheStart) {
  const ExplicitGraph graph = seed_graph();
  const auto result = iterative_deepening_search<std::string>("a", "y", expander(graph), 2);
  EXPECT_EQ(result.status, DepthLimitedStatus::found);
  EXPECT_EQ(result.path, (Path{"a", "d", "y"}));
  EXPECT_EQ(result.depth, 2);
  const auto start_is_goal = iterative_deepening_search<std::string>("a", "a", expander(graph), 0);
  EXPECT_EQ(start_is_goal.status, DepthLimitedStatus::found);
  EXPECT_EQ(start_is_goal.path, (Path{"a"}));
}

TEST(DepthLimited, PathOmitsTheStartAndFollowsActionOrder) {
  const ExplicitGraph graph = seed_graph();
  const auto result = depth_limited_search<std::string>("a", "y", expander(graph), 3);
  EXPECT_EQ(result.status, DepthLimitedStatus::found);
  EXPECT_EQ(result.path, (Path{"d", "y"}));
  EXPECT_TRUE(depth_limited_search<std::string>("a", "a", expander(graph), 0).path.empty());
}

TEST(DepthLimited, FailureOnlyWhenNothingWasCutOff) {
  const ExplicitGraph graph = seed_graph();
  // From d every path dead-ends at z within 3 moves: failure.
  EXPECT_EQ(depth_limited_search<std::string>("d", "e", expander(graph), 3).status,
            DepthLimitedStatus::failure);
  // With limit 1, y is at the limit and not expanded: cutoff, although e is unreachable.
  EXPECT_EQ(depth_limited_search<std::string>("d", "e", expander(graph), 1).status,
            DepthLimitedStatus::cutoff);
  // The cycle a <-> b never lets a search from a fail.
  EXPECT_EQ(iterative_deepening_search<std::string>("a", "e", expander(graph), 6).status,
            DepthLimitedStatus::cutoff);
  EXPECT_EQ(iterative_deepening_search<std::string>("d", "e", expander(graph), 6).status,
            DepthLimitedStatus::failure);
}

TEST(DepthLimited, BudgetStopsARunawaySearch) {
  const ExplicitGraph graph = seed_graph();
  EXPECT_THROW(iterative_deepening_search<std::string>("a", "e", expander(graph), 30, 1000),
               SearchBudgetExceeded);
}

TEST(ExplicitGraphTest, RejectsARepeatedSuccessor) {
  EXPECT_THROW(ExplicitGraph({{"a", {"b", "b"}}}), std::invalid_argument);
  EXPECT_TRUE(seed_graph().has_edge("a", "z"));
  EXPECT_FALSE(seed_graph().has_edge("z", "a"));
  EXPECT_EQ(seed_graph().nodes().size(), 6u);
}

TEST(IterativeDeepening, EightPuzzlePathsAreOptimal) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, {1, 2, 3, 4, 0, 5, 6, 7, 8});
  const std::vector<BlankMove> order = {BlankMove::left, BlankMove::right, BlankMove::up,
                                        BlankMove::down};
  auto expand = [&](const Tiles& state) {
    std::vector<Tiles> children;
    for (auto& successor : puzzle.successors(state, order))
      children.push_back(std::move(successor.state));
    return children;
  };
  // The seed's sample run: a 12-move instance found with maxDepth 20.
  const Tiles start = {3, 4, 5, 1, 0, 7, 6, 8, 2};
  const auto result = iterative_deepening_search(start, puzzle.goal(), expand, 20);
  ASSERT_EQ(result.status, DepthLimitedStatus::found);
  EXPECT_EQ(result.path.size(), 13u);
  EXPECT_EQ(static_cast<int>(result.path.size()) - 1, *optimal_solution_length(puzzle, start));
  for (std::size_t i = 1; i < result.path.size(); ++i) {
    EXPECT_TRUE(puzzle.move_between(result.path[i - 1], result.path[i]));
  }
  // The seed: [4,7,2,1,6,5,0,3,8] gives 'cutoff' with maxDepth 3 and 5.
  EXPECT_EQ(
      iterative_deepening_search(Tiles{4, 7, 2, 1, 6, 5, 0, 3, 8}, puzzle.goal(), expand, 5).status,
      DepthLimitedStatus::cutoff);
}

}  // namespace
}  // namespace sg::ref
