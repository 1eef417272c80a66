// The packed A* (astar_packed.h) is the same search as the one on Tiles, node for node: on random
// boards of every shape that packs, both topologies, every heuristic and frontier policy, with
// and without a node limit, both give the same path (states, g, h, moves), the same counts and
// the same largest frontier.
#include "reference/astar_packed.h"

#include <gtest/gtest.h>

#include <random>

#include "reference/heuristics.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace astar_packed_test {

Tiles random_walk(const TilePuzzle& puzzle, std::mt19937& random, int steps) {
  Tiles state = puzzle.goal();
  for (int i = 0; i < steps; ++i) {
    const auto successors = puzzle.successors(state, kAllBlankMoves);
    state = successors[random() % successors.size()].state;
  }
  return state;
}

void expect_same(const AStarResult& packed, const AStarResult& plain, const std::string& what) {
  EXPECT_EQ(packed.found, plain.found) << what;
  EXPECT_EQ(packed.limit_reached, plain.limit_reached) << what;
  EXPECT_EQ(packed.expanded, plain.expanded) << what;
  EXPECT_EQ(packed.generated, plain.generated) << what;
  EXPECT_EQ(packed.max_frontier, plain.max_frontier) << what;
  ASSERT_EQ(packed.path.size(), plain.path.size()) << what;
  for (std::size_t i = 0; i < packed.path.size(); ++i) {
    EXPECT_EQ(packed.path[i].state, plain.path[i].state) << what << " step " << i;
    EXPECT_EQ(packed.path[i].g, plain.path[i].g) << what << " step " << i;
    EXPECT_EQ(packed.path[i].h, plain.path[i].h) << what << " step " << i;
    EXPECT_EQ(packed.path[i].move, plain.path[i].move) << what << " step " << i;
  }
}

TEST(AStarPacked, IsTheSameSearchAsOnTiles) {
  std::mt19937 random(20261126);
  const std::vector<std::pair<int, int>> shapes = {{2, 2}, {2, 3}, {3, 2}, {3, 3},
                                                   {2, 4}, {3, 4}, {4, 4}};
  std::vector<FrontierPolicy> policies(4);
  policies[1].tie_break = TieBreak::latest_inserted;
  policies[2].update_on_lower_g = false;
  policies[3].successor_order = SuccessorOrder::move_order;
  policies[3].move_order = {BlankMove::right, BlankMove::up, BlankMove::left, BlankMove::down};
  int compared = 0;
  for (const auto& [rows, cols] : shapes) {
    for (const Topology topology : {Topology::bounded, Topology::torus}) {
      Tiles goal(static_cast<std::size_t>(rows * cols));
      for (std::size_t i = 0; i + 1 < goal.size(); ++i) goal[i] = static_cast<int>(i + 1);
      const TilePuzzle puzzle(rows, cols, topology, goal);
      for (int sample = 0; sample < 3; ++sample) {
        const int cells = rows * cols;
        const Tiles start = random_walk(puzzle, random, cells >= 12 ? 8 : cells >= 8 ? 12 : 30);
        for (const Heuristic heuristic :
             {Heuristic::zero, Heuristic::misplaced_tiles, Heuristic::manhattan}) {
          for (const FrontierPolicy& policy : policies) {
            for (const std::size_t limit : {std::size_t{0}, std::size_t{7}}) {
              const auto packed = astar_packed(puzzle, start, heuristic, policy, limit);
              ASSERT_TRUE(packed);
              const AStarResult plain = astar(
                  puzzle, start,
                  [&](const Tiles& state) { return evaluate(puzzle, state, heuristic); }, policy,
                  limit);
              expect_same(*packed, plain,
                          std::to_string(rows) + "x" + std::to_string(cols) + " " +
                              std::string(to_string(heuristic)) + " limit " +
                              std::to_string(limit));
              ++compared;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(compared, 7 * 2 * 3 * 3 * 4 * 2);
}

TEST(AStarPacked, TheSeedTraceAndWhatDoesNotPack) {
  const TilePuzzle torus(3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  const auto seed =
      astar_packed(torus, {8, 7, 6, 5, 4, 3, 2, 1, 0}, Heuristic::misplaced_tiles, {}, 0);
  ASSERT_TRUE(seed);
  EXPECT_EQ(seed->max_frontier, 27944u);  // the seed's "Max queue length"
  EXPECT_EQ(seed->path.size(), 17u);
  const TilePuzzle big(3, 6, Topology::bounded,
                       {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0});
  EXPECT_FALSE(astar_packed(big, big.goal(), Heuristic::manhattan, {}, 0));
  const TilePuzzle repeated(2, 2, Topology::bounded, {1, 1, 2, 0});
  EXPECT_FALSE(astar_packed(repeated, repeated.goal(), Heuristic::manhattan, {}, 0));
  EXPECT_TRUE(astar_packed(repeated, repeated.goal(), Heuristic::misplaced_tiles, {}, 0));
}

}  // namespace astar_packed_test
}  // namespace
}  // namespace sg::ref
