#include "reference/queue_length.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "reference/graph_problem.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace queue_length_test {

// The variant named `starting` (its name's start), or a failed test.
const QueueLengthVariant& variant_named(const QueueLengthRange& range,
                                        const std::string& starting) {
  const auto found =
      std::find_if(range.variants.begin(), range.variants.end(),
                   [&](const QueueLengthVariant& v) { return v.name.rfind(starting, 0) == 0; });
  if (found == range.variants.end()) throw std::logic_error("no variant " + starting);
  return *found;
}

const StateLess kAsLists = [](const State& a, const State& b) {
  return *parse_tiles_state(a) < *parse_tiles_state(b);
};

SearchPolicy astar_policy() {
  SearchPolicy astar;
  astar.strategy = Strategy::astar;
  return astar;
}

// The seed's torus board: the course's queue (update in place, earliest tie) reaches the 46 the
// assignment publishes, and it is one of the variants.
TEST(QueueLength, TheCoursesQueueIsOneOfTheVariants) {
  const TilePuzzle torus(3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  const TileProblem problem(torus, {4, 3, 8, 5, 1, 6, 7, 2, 0}, Heuristic::misplaced_tiles, {});
  const QueueLengthRange range = max_frontier_range(problem, astar_policy(), kAsLists);
  EXPECT_EQ(variant_named(range, "a lower g updates the entry in place, ties to the earliest")
                .max_frontier,
            46u);
  for (const QueueLengthVariant& variant : range.variants) {
    EXPECT_GE(variant.max_frontier, range.low) << variant.name;
    EXPECT_LE(variant.max_frontier, range.high) << variant.name;
  }
  EXPECT_TRUE(
      std::any_of(range.variants.begin(), range.variants.end(),
                  [&](const QueueLengthVariant& v) { return v.max_frontier == range.low; }));
}

// Pushing closed states too only adds stale entries (the valid ones pop in the same order), so
// that heapq variant's frontier is never smaller; pushing a state only when it is new or
// cheaper (AIMA's `reached` table) pushes fewer still. On two blanks as on one.
TEST(QueueLength, PushingClosedStatesNeverShrinksTheHeapAndNewOrCheaperPushesFewest) {
  const TilePuzzle seven(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0});
  for (const Tiles& start : {Tiles{4, 3, 0, 5, 1, 6, 7, 2, 0}, Tiles{7, 6, 5, 4, 3, 2, 1, 0, 0},
                             Tiles{1, 2, 3, 4, 5, 6, 0, 7, 0}}) {
    const TileProblem problem(seven, start, Heuristic::manhattan, {});
    const QueueLengthRange range = max_frontier_range(problem, astar_policy(), kAsLists);
    for (const std::string entries : {"heapq (priority, state, ...) entries",
                                      "heapq (priority, counter, state, ...) entries"}) {
      const auto every = variant_named(
          range, entries + ", every generated state pushed, closed states skipped on pop");
      const auto unless_closed = variant_named(
          range, entries + ", every generated state pushed, closed states skipped before");
      const auto new_or_cheaper = variant_named(range, entries + ", a state pushed only when new");
      EXPECT_GE(every.max_frontier, unless_closed.max_frontier);
      EXPECT_LE(new_or_cheaper.max_frontier, unless_closed.max_frontier);
      EXPECT_GE(new_or_cheaper.max_frontier, range.low);
    }
    EXPECT_GE(range.low, 1u);
  }
}

TEST(QueueLength, AnUnsolvableStartIsRefused) {
  const TilePuzzle three(2, 2, Topology::bounded, {1, 2, 3, 0});
  const TileProblem problem(three, {2, 1, 3, 0}, Heuristic::manhattan, {});
  SearchPolicy astar = astar_policy();
  astar.max_expansions = 100;
  EXPECT_THROW(max_frontier_range(problem, astar, kAsLists), std::invalid_argument);
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
  ASSERT_EQ(range.variants.size(), 12u);  // six frontiers, then the heapq pattern's six
  for (const std::size_t tie : {0u, 3u})
    EXPECT_GE(range.variants[tie + 2].max_frontier, range.variants[tie].max_frontier);
  const std::size_t own = search(problem, ucs).max_frontier;
  EXPECT_GE(own, range.low);
  EXPECT_LE(own, range.high);
  EXPECT_LT(range.low, range.high) << "B and C are generated again by cheaper paths";
}

}  // namespace queue_length_test
}  // namespace
}  // namespace sg::ref
