#include "reference/sampled_space.h"

#include <gtest/gtest.h>

#include <cmath>
#include <unordered_map>

#include "reference/heuristics.h"
#include "reference/state_space.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace sampled_space_test {

const Tiles kEightGoal{1, 2, 3, 4, 5, 6, 7, 8, 0};

// Every h* the sample knows is the one the whole 8-puzzle space gives that board.
TEST(SampledSpace, EveryKnownCostIsTheWholeSpacesOnTheEightPuzzle) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  const CostToGoal sample = sample_cost_to_goal(puzzle, {50, 31, 7});
  const CostToGoal whole = StateSpace({3, 3, Topology::bounded, kEightGoal}).cost_to_goal();
  std::unordered_map<State, double> exact;
  for (std::size_t i = 0; i < whole.states.size(); ++i) exact[whole.states[i]] = whole.cheapest[i];
  EXPECT_TRUE(sample.sampled);
  std::size_t known = 0;
  for (std::size_t i = 0; i < sample.states.size(); ++i) {
    ASSERT_TRUE(exact.count(sample.states[i])) << sample.states[i];
    if (std::isinf(sample.cheapest[i])) {
      EXPECT_TRUE(sample.edges[i].empty()) << "a neighbour has no edges";
      continue;
    }
    ++known;
    EXPECT_DOUBLE_EQ(sample.cheapest[i], exact[sample.states[i]]) << sample.states[i];
    EXPECT_EQ(sample.edges[i].size(),
              puzzle.successors(*parse_tiles_state(sample.states[i]), kAllBlankMoves).size());
  }
  EXPECT_EQ(sample.states[0], tiles_state(kEightGoal));
  EXPECT_GT(known, 50u);  // the walks' ends and their optimal paths
  EXPECT_GT(sample.states.size(), known);
}

TEST(SampledSpace, ASeedGivesTheSameSampleEveryTime) {
  const TilePuzzle puzzle(3, 3, Topology::bounded, kEightGoal);
  EXPECT_EQ(sample_cost_to_goal(puzzle, {20, 20, 3}).states,
            sample_cost_to_goal(puzzle, {20, 20, 3}).states);
  EXPECT_NE(sample_cost_to_goal(puzzle, {20, 20, 3}).states,
            sample_cost_to_goal(puzzle, {20, 20, 4}).states);
}

TEST(SampledSpace, SamplesTheFifteenPuzzleWithExactCostsWithinTheWalksLength) {
  Tiles goal;
  for (int tile = 1; tile < 16; ++tile) goal.push_back(tile);
  goal.push_back(0);
  const TilePuzzle puzzle(4, 4, Topology::bounded, goal);
  const CostToGoal sample = sample_cost_to_goal(puzzle, {20, 30, 1});
  for (std::size_t i = 0; i < sample.states.size(); ++i) {
    if (std::isinf(sample.cheapest[i])) continue;
    const Tiles board = *parse_tiles_state(sample.states[i]);
    EXPECT_LE(sample.cheapest[i], 30);
    EXPECT_GE(sample.cheapest[i], evaluate(puzzle, board, Heuristic::manhattan));
  }
  EXPECT_THROW(sample_cost_to_goal(TilePuzzle(3, 3, Topology::torus, kEightGoal), {5, 5, 1}),
               std::invalid_argument);
}

}  // namespace sampled_space_test
}  // namespace
}  // namespace sg::ref
