// Whole state spaces against their published counts, against A* and IDA*, and as the judge of
// the solvability rules (solvability.h) on every board of small puzzles.
#include "reference/state_space.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "reference/admissibility.h"
#include "reference/astar.h"
#include "reference/ida_star.h"
#include "reference/solvability.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace state_space_test {

Tiles eight_goal() { return {1, 2, 3, 4, 5, 6, 7, 8, 0}; }

TEST(StateSpace, EightPuzzleHasHalfOfNineFactorialBoardsAndDiameter31) {
  const StateSpace space({3, 3, Topology::bounded, eight_goal()});
  EXPECT_EQ(space.arrangements(), 362880u);
  EXPECT_EQ(space.size(), 181440u);  // published: 9!/2
  EXPECT_EQ(space.diameter(), 31);   // published: 31 moves
  const auto& levels = space.boards_by_distance();
  EXPECT_EQ(std::accumulate(levels.begin(), levels.end(), std::uint64_t{0}), space.size());
  EXPECT_EQ(levels.back(), 2u);  // the two hardest boards of the 8-puzzle
  EXPECT_EQ(space.distance(eight_goal()), 0);
  EXPECT_EQ(space.distance({8, 6, 7, 2, 5, 4, 3, 0, 1}), 31);
  EXPECT_EQ(space.distance({1, 2, 3, 4, 5, 6, 8, 7, 0}), std::nullopt);  // odd permutation
  EXPECT_EQ(space.distance({1, 2, 3}), std::nullopt);
}

TEST(StateSpace, TorusEightPuzzleReachesEveryBoard) {
  const StateSpace space({3, 3, Topology::torus, eight_goal()});
  EXPECT_EQ(space.size(), 362880u);  // 9!: a wrap-around move changes the parity
  EXPECT_EQ(space.distance({8, 7, 6, 5, 4, 3, 2, 1, 0}), 16);  // the seed's 16-move board
  EXPECT_EQ(space.distance({1, 2, 3, 4, 5, 6, 7, 0, 8}), 1);
}

TEST(StateSpace, TwoBlankPuzzleReachesEveryArrangement) {
  const StateSpace space({3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0}});
  EXPECT_EQ(space.arrangements(), 181440u);  // 9!/2!
  EXPECT_EQ(space.size(), 181440u);
  EXPECT_EQ(space.distance({1, 2, 3, 4, 5, 6, 0, 7, 0}), 1);
  EXPECT_EQ(space.distance({1, 2, 3, 4, 5, 6, 0, 0, 7}), 2);
}

TEST(StateSpace, RanksAndUnranksEveryArrangement) {
  const StateSpace space({2, 3, Topology::bounded, {1, 1, 2, 0, 0, 3}});
  for (std::uint64_t rank = 0; rank < space.arrangements(); ++rank) {
    const Tiles board = space.unrank(rank);
    EXPECT_EQ(space.rank(board), rank);
  }
  EXPECT_EQ(space.rank({1, 1, 1, 0, 0, 3}), std::nullopt);
}

TEST(StateSpace, DistancesAreTheOptimalLengthsOfAStarAndIdaStar) {
  const StateSpace space({3, 3, Topology::bounded, eight_goal()});
  const TilePuzzle puzzle(3, 3, Topology::bounded, eight_goal());
  std::mt19937 random(20261126);
  int checked = 0;
  while (checked < 40) {
    const Tiles board = space.unrank(random() % space.arrangements());
    const std::optional<int> distance = space.distance(board);
    if (!distance) continue;
    const AStarResult astar_result = astar(puzzle, board, Heuristic::manhattan);
    ASSERT_TRUE(astar_result.found);
    EXPECT_EQ(static_cast<int>(astar_result.path.size()) - 1, *distance);
    const auto ida = ida_star(puzzle, board, {IdaHeuristic::manhattan});
    ASSERT_TRUE(ida);
    EXPECT_EQ(static_cast<int>(ida->moves.size()), *distance);
    ++checked;
  }
}

// Several blanks: TilePuzzle's successors (one slide into any blank, no blank-blank swap) against
// the space's own move generation: every successor is one move nearer, level or one further, and
// each board but the goal has a successor one nearer; A* with Manhattan finds the distance.
TEST(StateSpace, SeveralBlanksAgreeWithTilePuzzleAndAStar) {
  for (const Topology topology : {Topology::bounded, Topology::torus}) {
    const Tiles goal = {1, 2, 3, 4, 5, 6, 7, 0, 0};
    const StateSpace space({3, 3, topology, goal});
    const TilePuzzle puzzle(3, 3, topology, goal);
    std::mt19937 random(20261127);
    for (int checked = 0; checked < 300; ++checked) {
      const Tiles board = space.unrank(random() % space.arrangements());
      const int distance = *space.distance(board);
      bool nearer = distance == 0;
      const std::vector<Successor> successors = puzzle.successors(board, kAllBlankMoves);
      for (const Successor& next : successors) {
        EXPECT_NE(next.state, board);
        EXPECT_EQ(board[next.blank_cell], 0);
        EXPECT_EQ(puzzle.move_between(board, next.state), next.move);
        const int d = *space.distance(next.state);
        EXPECT_LE(std::abs(d - distance), 1);
        nearer = nearer || d == distance - 1;
      }
      EXPECT_TRUE(nearer) << "no successor nearer the goal";
      if (checked < 30) {
        const AStarResult result = astar(puzzle, board, Heuristic::manhattan);
        ASSERT_TRUE(result.found);
        EXPECT_EQ(static_cast<int>(result.path.size()) - 1, distance);
      }
    }
  }
}

// Every rule of solvability.h against the whole space of small boards.
// The packed listing a heuristic test judges on agrees with the generic enumeration through the
// Problem interface (same boards, same h*, same successors), on one blank and on two.
TEST(StateSpace, ItsCostToGoalAgreesWithTheGenericOneThroughProblem) {
  for (const Tiles& goal : {Tiles{1, 2, 3, 4, 5, 0}, Tiles{1, 2, 3, 4, 0, 0}}) {
    const TilePuzzle puzzle(2, 3, Topology::bounded, goal);
    const CostToGoal packed = StateSpace({2, 3, Topology::bounded, goal}).cost_to_goal();
    const CostToGoal generic =
        cost_to_goal(TileProblem(puzzle, goal, Heuristic::manhattan), 100000);
    ASSERT_TRUE(generic.complete);
    ASSERT_EQ(packed.states.size(), generic.states.size());
    std::map<State, std::pair<double, std::set<State>>> by_state;
    for (std::size_t i = 0; i < generic.states.size(); ++i) {
      std::set<State> next;
      for (const auto& [j, cost] : generic.edges[i]) next.insert(generic.states[j]);
      by_state[generic.states[i]] = {generic.cheapest[i], next};
    }
    for (std::size_t i = 0; i < packed.states.size(); ++i) {
      SCOPED_TRACE(packed.states[i]);
      ASSERT_TRUE(by_state.count(packed.states[i]));
      EXPECT_EQ(packed.cheapest[i], by_state[packed.states[i]].first);
      std::set<State> next;
      for (const auto& [j, cost] : packed.edges[i]) {
        next.insert(packed.states[j]);
        EXPECT_EQ(cost, 1.0);
      }
      EXPECT_EQ(next, by_state[packed.states[i]].second);
    }
  }
  const CostToGoal eight =
      StateSpace({3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}}).cost_to_goal();
  std::size_t edges = 0;
  for (const auto& out : eight.edges) edges += out.size();
  EXPECT_EQ(eight.states.size(), 181440u);
  EXPECT_EQ(edges, 483840u);  // 181,440 boards x 24/9 moves on average
  EXPECT_EQ(*std::max_element(eight.cheapest.begin(), eight.cheapest.end()), 31.0);
}

TEST(Solvability, EveryRuleAgreesWithTheWholeSpace) {
  const BoardSpace boards[] = {{2, 2, Topology::bounded, {1, 2, 3, 0}},
                               {2, 2, Topology::bounded, {1, 1, 2, 0}},
                               {2, 2, Topology::bounded, {1, 2, 0, 0}},
                               {2, 3, Topology::bounded, {1, 2, 3, 4, 5, 0}},
                               {3, 2, Topology::bounded, {1, 2, 3, 4, 5, 0}},
                               {2, 3, Topology::bounded, {1, 2, 3, 4, 0, 0}},
                               {2, 3, Topology::bounded, {1, 1, 2, 3, 4, 0}},
                               {1, 4, Topology::bounded, {1, 2, 3, 0}},
                               {4, 1, Topology::bounded, {1, 0, 2, 0}},
                               {2, 4, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0}},
                               {3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}},
                               {3, 3, Topology::bounded, {0, 1, 2, 3, 4, 5, 6, 7, 0}}};
  for (const BoardSpace& board : boards) {
    const StateSpace space(board);
    for (std::uint64_t rank = 0; rank < space.arrangements(); ++rank) {
      const Tiles state = space.unrank(rank);
      const std::optional<bool> rule =
          solvable_without_search(board.rows, board.cols, board.topology, board.goal, state);
      ASSERT_TRUE(rule.has_value());
      ASSERT_EQ(*rule, space.distance(state).has_value())
          << board.rows << "x" << board.cols << " rank " << rank;
    }
  }
  EXPECT_EQ(solvable_without_search(3, 3, Topology::torus, eight_goal(), eight_goal()),
            std::nullopt);
  EXPECT_EQ(
      solvable_without_search(3, 3, Topology::bounded, eight_goal(), {1, 2, 3, 4, 5, 6, 7, 7, 0}),
      false);
}

TEST(StateSpace, RefusesWhatItCannotTable) {
  EXPECT_THROW(StateSpace({3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 9}}),
               std::invalid_argument);
  EXPECT_THROW(
      StateSpace({4, 4, Topology::bounded, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}),
      std::invalid_argument);
  EXPECT_THROW(StateSpace({2, 2, Topology::bounded, {1, 2, 0}}), std::invalid_argument);
}

}  // namespace state_space_test
}  // namespace
}  // namespace sg::ref
