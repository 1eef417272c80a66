#include "reference/queue_length.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "reference/graph_problem.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {

// The seed's torus board: the course's queue (update in place, earliest tie) reaches the 46 the
// assignment publishes, and it is one of the variants.
TEST(QueueLength, TheCoursesQueueIsOneOfTheVariants) {
  const TilePuzzle torus(3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  const QueueLengthRange range =
      max_queue_length_range(torus, {4, 3, 8, 5, 1, 6, 7, 2, 0}, Heuristic::misplaced_tiles, {});
  ASSERT_EQ(range.variants.size(), 6u);
  EXPECT_EQ(range.variants[0].max_frontier, 46u);
  for (const QueueLengthVariant& variant : range.variants) {
    EXPECT_GE(variant.max_frontier, range.low) << variant.name;
    EXPECT_LE(variant.max_frontier, range.high) << variant.name;
  }
  EXPECT_TRUE(
      std::any_of(range.variants.begin(), range.variants.end(),
                  [&](const QueueLengthVariant& v) { return v.max_frontier == range.low; }));
}

// Pushing closed states too only adds stale entries (the valid ones pop in the same order), so
// that heapq variant's frontier is never smaller; on two blanks as on one.
TEST(QueueLength, PushingClosedStatesNeverShrinksTheHeap) {
  const TilePuzzle seven(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0});
  for (const Tiles& start : {Tiles{4, 3, 0, 5, 1, 6, 7, 2, 0}, Tiles{7, 6, 5, 4, 3, 2, 1, 0, 0},
                             Tiles{1, 2, 3, 4, 5, 6, 0, 7, 0}}) {
    const QueueLengthRange range = max_queue_length_range(seven, start, Heuristic::manhattan, {});
    ASSERT_EQ(range.variants.size(), 6u);
    EXPECT_GE(range.variants[5].max_frontier, range.variants[4].max_frontier);
    EXPECT_GE(range.low, 1u);
  }
}

TEST(QueueLength, AnUnsolvableStartIsRefused) {
  const TilePuzzle three(2, 2, Topology::bounded, {1, 2, 3, 0});
  EXPECT_THROW(max_queue_length_range(three, {2, 1, 3, 0}, Heuristic::manhattan, {}),
               std::invalid_argument);
}

// On a graph, a frontier that keeps every generated entry is never shorter than one that keeps
// one entry per state with the same tie-break, and the policy's own run lies within the range.
TEST(QueueLength, OnAGraphThePushedAgainFrontierIsTheLongest) {
  auto graph = std::make_shared<Graph>();
  graph->edges = {{"S", "A", 1, ""}, {"S", "B", 4, ""}, {"A", "B", 1, ""}, {"A", "C", 5, ""},
                  {"B", "C", 1, ""}, {"C", "G", 1, ""}, {"B", "G", 6, ""}};
  const GraphProblem problem(graph, "S", {"G"}, GraphSuccessorOrder::alphabetical);
  SearchPolicy ucs;
  ucs.strategy = Strategy::uniform_cost;
  const QueueLengthRange range = max_frontier_range(problem, ucs);
  ASSERT_EQ(range.variants.size(), 8u);  // six frontiers, then the heapq pattern's two
  for (const std::size_t tie : {0u, 3u})
    EXPECT_GE(range.variants[tie + 2].max_frontier, range.variants[tie].max_frontier);
  const std::size_t own = search(problem, ucs).max_frontier;
  EXPECT_GE(own, range.low);
  EXPECT_LE(own, range.high);
  EXPECT_LT(range.low, range.high) << "B and C are generated again by cheaper paths";
}

// The general range over a board seen as a Problem, heapq ties ordered as Python orders the
// boards' lists, holds the boards' own range: the heapq pattern's frontiers are the same, and
// the general one adds Berkeley's lazy queue (every state pushed, ties by insertion).
TEST(QueueLength, OnABoardTheGeneralRangeIsTheBoardsRange) {
  const TilePuzzle seven(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0});
  const StateLess as_lists = [](const State& a, const State& b) {
    return *parse_tiles_state(a) < *parse_tiles_state(b);
  };
  for (const Tiles& start : {Tiles{4, 3, 0, 5, 1, 6, 7, 2, 0}, Tiles{7, 6, 5, 4, 3, 2, 1, 0, 0}}) {
    const TileProblem problem(seven, start, Heuristic::manhattan, {});  // ascending boards
    SearchPolicy astar;
    astar.strategy = Strategy::astar;
    FrontierPolicy boards;
    boards.successor_order = SuccessorOrder::ascending_state;
    const QueueLengthRange general = max_frontier_range(problem, astar, as_lists);
    const QueueLengthRange own = max_queue_length_range(seven, start, Heuristic::manhattan, boards);
    EXPECT_EQ(general.low, own.low);
    EXPECT_GE(general.high, own.high);
    // the heapq pattern's two variants, last in both
    EXPECT_EQ(general.variants.back().max_frontier, own.variants.back().max_frontier);
    EXPECT_EQ(general.variants[general.variants.size() - 2].max_frontier,
              own.variants[own.variants.size() - 2].max_frontier);
  }
}

}  // namespace
}  // namespace sg::ref
