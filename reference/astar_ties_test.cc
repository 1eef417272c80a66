#include "reference/astar_ties.h"

#include <gtest/gtest.h>

#include "reference/search.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace astar_ties_test {

// ColumbiaX's 8-puzzle: the blank 0 first in the goal, moves up, down, left, right.
TileProblem columbia(Tiles start) {
  return TileProblem(TilePuzzle(3, 3, Topology::bounded, {0, 1, 2, 3, 4, 5, 6, 7, 8}),
                     std::move(start), Heuristic::manhattan);
}

// The course's FAQ publishes 696 and 1585 expansions for A*; other correct tie-breakings give 711
// and 1660 (a heap ordered by f, then insertion) or 1801: all inside the range.
TEST(AStarTies, TheCoursesPublishedFiguresLieInTheRange) {
  const auto first = astar_ties(columbia({6, 1, 8, 4, 0, 2, 7, 3, 5}));
  ASSERT_TRUE(first);
  EXPECT_EQ(first->optimal_cost, 20);
  EXPECT_LE(first->fewest_expanded, 696u);
  EXPECT_GE(first->most_expanded, 711u);
  const auto second = astar_ties(columbia({8, 6, 4, 2, 1, 3, 5, 7, 0}));
  ASSERT_TRUE(second);
  EXPECT_EQ(second->optimal_cost, 26);
  EXPECT_LE(second->fewest_expanded, 1585u);
  EXPECT_GE(second->most_expanded, 1801u);
  EXPECT_LT(second->fewest_expanded, second->most_expanded);
}

// The reference's own A* (each tie-breaking it has) lies inside, in both figures.
TEST(AStarTies, TheReferencesAStarLiesInside) {
  for (const Tiles& start : {Tiles{6, 1, 8, 4, 0, 2, 7, 3, 5}, Tiles{8, 6, 4, 2, 1, 3, 5, 7, 0}}) {
    const TileProblem problem = columbia(start);
    const auto ties = astar_ties(problem);
    ASSERT_TRUE(ties);
    ASSERT_TRUE(ties->least_max_depth && ties->most_max_depth);
    for (const TieBreak tie : {TieBreak::earliest_inserted, TieBreak::latest_inserted}) {
      SearchPolicy policy;
      policy.strategy = Strategy::astar;
      policy.tie_break = tie;
      const SearchRun run = search(problem, policy);
      EXPECT_GE(run.expanded.size(), ties->fewest_expanded);
      EXPECT_LE(run.expanded.size(), ties->most_expanded);
      EXPECT_GE(run.max_depth, *ties->least_max_depth);
      EXPECT_LE(run.max_depth, *ties->most_max_depth);
    }
  }
}

// Any problem, swept state by state, as the packed board sweep: the same ranges.
class Forwarding : public Problem {
 public:
  explicit Forwarding(const Problem& inner) : inner_(inner) {}
  State initial_state() const override { return inner_.initial_state(); }
  std::vector<Step> successors(const State& state) const override {
    return inner_.successors(state);
  }
  bool is_goal(const State& state) const override { return inner_.is_goal(state); }
  double h(const State& state) const override { return inner_.h(state); }

 private:
  const Problem& inner_;
};

TEST(AStarTies, AnyProblemSweptAsABoard) {
  const TileProblem board = columbia({1, 2, 5, 3, 4, 0, 6, 7, 8});
  const auto packed = astar_ties(board);
  const auto general = astar_ties(Forwarding(board));
  ASSERT_TRUE(packed && general);
  EXPECT_EQ(packed->optimal_cost, general->optimal_cost);
  EXPECT_EQ(packed->fewest_expanded, general->fewest_expanded);
  EXPECT_EQ(packed->most_expanded, general->most_expanded);
  EXPECT_EQ(packed->least_max_depth, general->least_max_depth);
  EXPECT_EQ(packed->most_max_depth, general->most_max_depth);
}

TEST(AStarTies, NoRangeWithoutAGoalOrBeyondTheSweep) {
  EXPECT_FALSE(astar_ties(columbia({1, 0, 2, 3, 4, 5, 6, 7, 8}), 1000));  // too many states
  EXPECT_FALSE(astar_ties(Forwarding(columbia({1, 0, 2, 3, 4, 5, 6, 7, 8})), 1000));
  // A board of the other parity never reaches the goal.
  EXPECT_FALSE(astar_ties(columbia({1, 0, 2, 3, 4, 5, 6, 8, 7})));
}

// The handout's and the FAQ's breadth- and depth-first figures, with the course's policies:
// children in UDLR order (DFS pushes them reversed), one not added when on the frontier or
// explored, the goal tested when a state is taken off the frontier.
TEST(AStarTies, TheCoursesBreadthAndDepthFirstFigures) {
  SearchPolicy dfs;
  dfs.strategy = Strategy::depth_first;
  dfs.reverse_successors = true;
  const SearchRun handout = search(columbia({1, 2, 5, 3, 4, 0, 6, 7, 8}), dfs);
  EXPECT_EQ(handout.actions.size(), 3u);
  EXPECT_EQ(handout.expanded.size(), 181437u);
  EXPECT_EQ(handout.max_depth, 66125u);
  SearchPolicy bfs;
  const SearchRun faq = search(columbia({6, 1, 8, 4, 0, 2, 7, 3, 5}), bfs);
  EXPECT_EQ(faq.actions.size(), 20u);
  EXPECT_EQ(faq.expanded.size(), 54094u);
  EXPECT_EQ(faq.max_depth, 21u);
}

}  // namespace astar_ties_test
}  // namespace
}  // namespace sg::ref
