#include "reference/astar.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <stdexcept>

#include "reference/course_priority_queue.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace astar_test {

using ::testing::HasSubstr;

const Tiles kGoal3x3 = {1, 2, 3, 4, 5, 6, 7, 8, 0};

TilePuzzle torus3x3() { return TilePuzzle(3, 3, Topology::torus, kGoal3x3); }

struct Step {
  Tiles state;
  int h;
  int g;
};

// Checks `path` step by step against `expected` (state, h, g) and that each move is the single
// legal blank move between consecutive states.
void expect_path(const TilePuzzle& puzzle, const std::vector<SearchStep>& path,
                 const std::vector<Step>& expected) {
  ASSERT_EQ(path.size(), expected.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    EXPECT_EQ(path[i].state, expected[i].state) << "step " << i;
    EXPECT_EQ(path[i].h, expected[i].h) << "step " << i;
    EXPECT_EQ(path[i].g, expected[i].g) << "step " << i;
    if (i == 0) {
      EXPECT_EQ(path[i].move, std::nullopt);
    } else {
      EXPECT_EQ(path[i].move, puzzle.move_between(path[i - 1].state, path[i].state))
          << "step " << i;
      EXPECT_NE(path[i].move, std::nullopt) << "step " << i;
    }
  }
}

// --- The seed's solve() traces, pinned exactly ---------------------------------------------------

TEST(AStarTest, SeedSolveEightMoves) {
  const TilePuzzle p = torus3x3();
  const AStarResult r = astar(p, {4, 3, 8, 5, 1, 6, 7, 2, 0}, Heuristic::misplaced_tiles);
  ASSERT_TRUE(r.found);
  EXPECT_FALSE(r.limit_reached);
  expect_path(p, r.path,
              {{{4, 3, 8, 5, 1, 6, 7, 2, 0}, 6, 0},
               {{4, 3, 0, 5, 1, 6, 7, 2, 8}, 6, 1},
               {{4, 0, 3, 5, 1, 6, 7, 2, 8}, 5, 2},
               {{4, 1, 3, 5, 0, 6, 7, 2, 8}, 5, 3},
               {{4, 1, 3, 0, 5, 6, 7, 2, 8}, 4, 4},
               {{0, 1, 3, 4, 5, 6, 7, 2, 8}, 3, 5},
               {{1, 0, 3, 4, 5, 6, 7, 2, 8}, 2, 6},
               {{1, 2, 3, 4, 5, 6, 7, 0, 8}, 1, 7},
               {{1, 2, 3, 4, 5, 6, 7, 8, 0}, 0, 8}});
  EXPECT_EQ(r.max_frontier, 46u);  // "Max queue length: 46"
  // Counts under this library's definitions (regression pins, not seed figures).
  EXPECT_EQ(r.expanded, 22u);
  EXPECT_EQ(r.generated, 88u);
}

TEST(AStarTest, SeedSolveOneMove) {
  const TilePuzzle p = torus3x3();
  const AStarResult r = astar(p, {1, 2, 3, 4, 5, 6, 7, 0, 8}, Heuristic::misplaced_tiles);
  ASSERT_TRUE(r.found);
  expect_path(p, r.path,
              {{{1, 2, 3, 4, 5, 6, 7, 0, 8}, 1, 0}, {{1, 2, 3, 4, 5, 6, 7, 8, 0}, 0, 1}});
  EXPECT_EQ(r.path[1].move, BlankMove::right);
  EXPECT_EQ(r.max_frontier, 4u);  // "Max queue length: 4"
  EXPECT_EQ(r.expanded, 1u);
  EXPECT_EQ(r.generated, 4u);
}

TEST(AStarTest, SeedSolveSixteenMoves) {
  const TilePuzzle p = torus3x3();
  const AStarResult r = astar(p, {8, 7, 6, 5, 4, 3, 2, 1, 0}, Heuristic::misplaced_tiles);
  ASSERT_TRUE(r.found);
  expect_path(p, r.path,
              {{{8, 7, 6, 5, 4, 3, 2, 1, 0}, 8, 0},
               {{8, 7, 0, 5, 4, 3, 2, 1, 6}, 8, 1},
               {{8, 7, 3, 5, 4, 0, 2, 1, 6}, 7, 2},
               {{8, 7, 3, 0, 4, 5, 2, 1, 6}, 7, 3},
               {{8, 7, 3, 4, 0, 5, 2, 1, 6}, 6, 4},
               {{8, 0, 3, 4, 7, 5, 2, 1, 6}, 6, 5},
               {{8, 1, 3, 4, 7, 5, 2, 0, 6}, 6, 6},
               {{8, 1, 3, 4, 7, 5, 0, 2, 6}, 6, 7},
               {{0, 1, 3, 4, 7, 5, 8, 2, 6}, 6, 8},
               {{1, 0, 3, 4, 7, 5, 8, 2, 6}, 5, 9},
               {{1, 2, 3, 4, 7, 5, 8, 0, 6}, 4, 10},
               {{1, 2, 3, 4, 0, 5, 8, 7, 6}, 4, 11},
               {{1, 2, 3, 4, 5, 0, 8, 7, 6}, 3, 12},
               {{1, 2, 3, 4, 5, 6, 8, 7, 0}, 2, 13},
               {{1, 2, 3, 4, 5, 6, 0, 7, 8}, 2, 14},
               {{1, 2, 3, 4, 5, 6, 7, 0, 8}, 1, 15},
               {{1, 2, 3, 4, 5, 6, 7, 8, 0}, 0, 16}});
  EXPECT_EQ(r.max_frontier, 27944u);  // "Max queue length: 27944"
  EXPECT_EQ(r.expanded, 22389u);
  EXPECT_EQ(r.generated, 4 * r.expanded);  // Every 3x3 torus state has 4 distinct successors.
  EXPECT_EQ(optimal_solution_length(p, {8, 7, 6, 5, 4, 3, 2, 1, 0}), 16);
}

// --- Edge cases ----------------------------------------------------------------------------------

TEST(AStarTest, StartIsGoal) {
  const TilePuzzle p = torus3x3();
  const AStarResult r = astar(p, kGoal3x3, Heuristic::misplaced_tiles);
  ASSERT_TRUE(r.found);
  ASSERT_EQ(r.path.size(), 1u);
  EXPECT_EQ(r.path[0], (SearchStep{kGoal3x3, 0, 0, std::nullopt}));
  EXPECT_EQ(r.max_frontier, 1u);
  EXPECT_EQ(r.expanded, 0u);
  EXPECT_EQ(r.generated, 0u);
  EXPECT_EQ(optimal_solution_length(p, kGoal3x3), 0);
}

TEST(AStarTest, InvalidStartThrowsWithValidateMessage) {
  const TilePuzzle p = torus3x3();
  try {
    astar(p, {1, 2, 3, 4, 5, 6, 7, 7, 0}, Heuristic::misplaced_tiles);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("tile 7 appears twice, expected once"));
  }
  EXPECT_THROW(astar(p, {1, 2, 3}, Heuristic::zero), std::invalid_argument);
  EXPECT_THROW(optimal_solution_length(p, {1, 2, 3}), std::invalid_argument);
}

TEST(AStarTest, ManhattanOnMultisetThrows) {
  const TilePuzzle p(3, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  EXPECT_THROW(astar(p, p.goal(), Heuristic::manhattan), std::invalid_argument);
}

TEST(AStarTest, UnreachableGoalExhaustsTheFrontier) {
  // Bounded 2x3 with two tiles swapped: the other parity class, never reachable.
  const TilePuzzle p(2, 3, Topology::bounded, {1, 2, 3, 4, 5, 0});
  const Tiles start = {2, 1, 3, 4, 5, 0};
  const AStarResult r = astar(p, start, Heuristic::manhattan);
  EXPECT_FALSE(r.found);
  EXPECT_FALSE(r.limit_reached);
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.expanded, 360u);  // 6!/2 states in the start's class, all expanded.
  EXPECT_EQ(optimal_solution_length(p, start), std::nullopt);
}

TEST(AStarTest, NodeLimitStopsTheSearch) {
  const TilePuzzle p = torus3x3();
  const AStarResult r = astar(p, {8, 7, 6, 5, 4, 3, 2, 1, 0}, Heuristic::misplaced_tiles, {}, 10);
  EXPECT_FALSE(r.found);
  EXPECT_TRUE(r.limit_reached);
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.expanded, 10u);
  // A goal popped right after the last allowed expansion is still found.
  const AStarResult one = astar(p, {1, 2, 3, 4, 5, 6, 7, 0, 8}, Heuristic::misplaced_tiles, {}, 1);
  EXPECT_TRUE(one.found);
  EXPECT_FALSE(one.limit_reached);
}

TEST(AStarTest, MultisetPuzzleIsSolved) {
  const TilePuzzle p(3, 4, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 0});
  const Tiles start = {1, 2, 3, 4, 5, 6, 7, 0, 9, 9, 10, 8};
  const AStarResult r = astar(p, start, Heuristic::misplaced_tiles);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.path.size(), 2u);
  EXPECT_EQ(r.path[1].move, BlankMove::down);
}

// --- Cross-check against the literal course algorithm
// ---------------------------------------------

struct ModelResult {
  bool found = false;
  std::vector<Step> path;
  std::size_t max_len = 0;
  std::size_t expanded = 0;
};

// The course's solve(), literally: a CoursePriorityQueue, a closed set of popped states, goal test
// on pop, successors in ascending order (or in `order`), closed successors skipped.
ModelResult course_solve(const TilePuzzle& puzzle, const Tiles& start, Heuristic heuristic,
                         const std::vector<BlankMove>* order = nullptr) {
  CoursePriorityQueue pq;
  std::map<Tiles, PqEntry> closed;
  const int h0 = evaluate(puzzle, start, heuristic);
  pq.enqueue(PqEntry{start, h0, 0, h0, std::nullopt});
  ModelResult out;
  while (!pq.is_empty()) {
    PqEntry node = pq.pop();
    closed.emplace(node.state, node);
    if (puzzle.is_goal(node.state)) {
      out.found = true;
      for (const PqEntry* at = &node;;) {
        out.path.insert(out.path.begin(), Step{at->state, at->h, at->g});
        if (!at->parent_state) break;
        at = &closed.at(*at->parent_state);
      }
      break;
    }
    ++out.expanded;
    const auto successors =
        order ? puzzle.successors(node.state, *order) : puzzle.successors_ascending(node.state);
    for (const Successor& s : successors) {
      if (closed.count(s.state)) continue;
      const int h = evaluate(puzzle, s.state, heuristic);
      pq.enqueue(PqEntry{s.state, h, node.g + 1, node.g + 1 + h, node.state});
    }
  }
  out.max_len = pq.max_len();
  return out;
}

// A solvable start: `steps` random moves from the goal, never straight back to the previous state.
Tiles random_walk(const TilePuzzle& puzzle, int steps, std::mt19937& rng) {
  Tiles s = puzzle.goal();
  Tiles previous;
  for (int i = 0; i < steps; ++i) {
    auto succ = puzzle.successors(s, kAllBlankMoves);
    std::erase_if(succ, [&](const Successor& x) { return x.state == previous; });
    previous = s;
    s = succ[rng() % succ.size()].state;
  }
  return s;
}

void expect_same_as_course(const TilePuzzle& puzzle, const Tiles& start, Heuristic heuristic,
                           const FrontierPolicy& policy = {}) {
  const ModelResult want = course_solve(
      puzzle, start, heuristic,
      policy.successor_order == SuccessorOrder::move_order ? &policy.move_order : nullptr);
  const AStarResult got = astar(puzzle, start, heuristic, policy);
  ASSERT_TRUE(want.found);
  ASSERT_TRUE(got.found);
  ASSERT_EQ(got.path.size(), want.path.size());
  for (std::size_t i = 0; i < got.path.size(); ++i) {
    EXPECT_EQ(got.path[i].state, want.path[i].state) << "step " << i;
    EXPECT_EQ(got.path[i].h, want.path[i].h) << "step " << i;
    EXPECT_EQ(got.path[i].g, want.path[i].g) << "step " << i;
  }
  EXPECT_EQ(got.max_frontier, want.max_len);
  EXPECT_EQ(got.expanded, want.expanded);
}

TEST(AStarTest, MatchesCourseAlgorithmOnRandomStates) {
  std::mt19937 rng(540);
  for (const Topology topology : {Topology::torus, Topology::bounded}) {
    const TilePuzzle p(3, 3, topology, kGoal3x3);
    const int max_walk = topology == Topology::torus ? 13 : 20;  // Optimal lengths ~0..12, 0..19.
    for (int trial = 0; trial < 100; ++trial) {
      const Tiles start = random_walk(p, static_cast<int>(rng() % max_walk), rng);
      SCOPED_TRACE(::testing::PrintToString(start));
      expect_same_as_course(p, start, Heuristic::misplaced_tiles);
      // Misplaced tiles is admissible (and consistent), so A* is optimal.
      const AStarResult r = astar(p, start, Heuristic::misplaced_tiles);
      EXPECT_EQ(static_cast<int>(r.path.size()) - 1, optimal_solution_length(p, start));
    }
  }
}

TEST(AStarTest, MatchesCourseAlgorithmWithMoveOrderAndManhattan) {
  std::mt19937 rng(541);
  FrontierPolicy policy;
  policy.successor_order = SuccessorOrder::move_order;
  policy.move_order = {BlankMove::left, BlankMove::up, BlankMove::right, BlankMove::down};
  for (const Topology topology : {Topology::torus, Topology::bounded}) {
    const TilePuzzle p(3, 3, topology, kGoal3x3);
    for (int trial = 0; trial < 20; ++trial) {
      const Tiles start = random_walk(p, static_cast<int>(rng() % 20), rng);
      SCOPED_TRACE(::testing::PrintToString(start));
      expect_same_as_course(p, start, Heuristic::manhattan, policy);
    }
  }
}

// --- Other policies ------------------------------------------------------------------------------

bool is_valid_path(const TilePuzzle& p, const Tiles& start, const std::vector<SearchStep>& path) {
  if (path.empty() || path.front().state != start || !p.is_goal(path.back().state)) return false;
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (path[i].g != static_cast<int>(i)) return false;
    if (p.move_between(path[i - 1].state, path[i].state) != path[i].move) return false;
  }
  return true;
}

TEST(AStarTest, OtherPoliciesStillReachTheGoal) {
  std::mt19937 rng(7);
  FrontierPolicy latest;
  latest.tie_break = TieBreak::latest_inserted;
  FrontierPolicy no_update;
  no_update.update_on_lower_g = false;
  for (const Topology topology : {Topology::torus, Topology::bounded}) {
    const TilePuzzle p(3, 3, topology, kGoal3x3);
    for (int trial = 0; trial < 20; ++trial) {
      const Tiles start = random_walk(p, static_cast<int>(rng() % 10), rng);
      SCOPED_TRACE(::testing::PrintToString(start));
      const auto optimal = optimal_solution_length(p, start);
      ASSERT_TRUE(optimal.has_value());
      for (Heuristic h : {Heuristic::zero, Heuristic::misplaced_tiles, Heuristic::manhattan}) {
        // A consistent heuristic with decrease-key: optimal under any tie-breaking.
        const AStarResult r = astar(p, start, h, latest);
        ASSERT_TRUE(r.found);
        EXPECT_TRUE(is_valid_path(p, start, r.path));
        EXPECT_EQ(static_cast<int>(r.path.size()) - 1, *optimal);
        // Without updates the first-found g sticks: a path, but not necessarily a shortest one.
        const AStarResult n = astar(p, start, h, no_update);
        ASSERT_TRUE(n.found);
        EXPECT_TRUE(is_valid_path(p, start, n.path));
        EXPECT_GE(static_cast<int>(n.path.size()) - 1, *optimal);
      }
    }
  }
}

TEST(AStarTest, TieBreakChangesTheOrderNotTheLength) {
  const TilePuzzle p = torus3x3();
  FrontierPolicy latest;
  latest.tie_break = TieBreak::latest_inserted;
  const Tiles start = {4, 3, 8, 5, 1, 6, 7, 2, 0};
  const AStarResult earliest = astar(p, start, Heuristic::misplaced_tiles);
  const AStarResult lifo = astar(p, start, Heuristic::misplaced_tiles, latest);
  EXPECT_EQ(earliest.path.size(), lifo.path.size());
  EXPECT_NE(earliest.expanded, lifo.expanded);
}

TEST(AStarTest, OptimalSolutionLengthOnSmallPuzzles) {
  const TilePuzzle torus(3, 3, Topology::torus, kGoal3x3);
  EXPECT_EQ(optimal_solution_length(torus, {1, 2, 3, 4, 5, 6, 7, 0, 8}), 1);
  // On the torus the blank wraps from the last to the first cell of the bottom row in one move.
  EXPECT_EQ(optimal_solution_length(torus, {1, 2, 3, 4, 5, 6, 0, 8, 7}), 1);
  const TilePuzzle bounded(3, 3, Topology::bounded, kGoal3x3);
  EXPECT_EQ(optimal_solution_length(bounded, {1, 2, 3, 4, 5, 6, 0, 7, 8}), 2);
  // The seed's 16-move torus instance is 30 moves away on the bounded board (the 8-puzzle's
  // diameter is 31); A* with Manhattan distance, a different algorithm, agrees.
  const Tiles reversed = {8, 7, 6, 5, 4, 3, 2, 1, 0};
  EXPECT_EQ(optimal_solution_length(bounded, reversed), 30);
  EXPECT_EQ(astar(bounded, reversed, Heuristic::manhattan).path.size(), 31u);
  // Two tiles swapped: the other parity class of the bounded 2x3 board.
  const TilePuzzle small(2, 3, Topology::bounded, {1, 2, 3, 4, 5, 0});
  EXPECT_EQ(optimal_solution_length(small, {1, 2, 3, 5, 4, 0}), std::nullopt);
  EXPECT_EQ(optimal_solution_length(small, {0, 1, 2, 3, 4, 5}), 15);
  EXPECT_EQ(astar(small, {0, 1, 2, 3, 4, 5}, Heuristic::zero).path.size(), 16u);
  const TilePuzzle line(1, 4, Topology::torus, {1, 2, 3, 0});
  EXPECT_EQ(optimal_solution_length(line, {0, 2, 3, 1}), 1);  // Wraps left.
  EXPECT_EQ(optimal_solution_length(line, {0, 1, 2, 3}), 3);  // Wrapping rotates the tiles.
}

}  // namespace astar_test
}  // namespace
}  // namespace sg::ref
