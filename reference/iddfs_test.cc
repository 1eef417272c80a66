#include "reference/iddfs.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "reference/astar.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace iddfs_test {

// Seed 001's 3 x 4 example (4 rows of 3), with the seed's tile values shifted by one so that 0
// can be the blank: `*` -> 0, tile v -> v + 1 (the notation layer does the same).
const Tiles kSeedStart = {8, 0, 3, 10, 7, 5, 14, 15, 10, 1, 12, 11};
const Tiles kSeedGoal = {8, 7, 3, 10, 5, 10, 14, 15, 11, 0, 1, 12};

TilePuzzle seed_puzzle() { return TilePuzzle(4, 3, Topology::bounded, kSeedGoal); }

// "(1 DOWN)" / "(CHECK)", as the seed prints them.
std::string line(const IddfsEvent& event) {
  if (event.type == IddfsEventType::check) return "(CHECK)";
  std::string move = to_string(event.move);
  for (char& c : move) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "(" + std::to_string(event.depth) + " " + move + ")";
}

std::vector<std::string> lines_with_limit(const IddfsResult& result, int limit) {
  std::vector<std::string> out;
  for (const auto& event : result.trace) {
    if (event.limit == limit) out.push_back(line(event));
  }
  return out;
}

TEST(IddfsTest, ReproducesTheSeedWalkThroughOfDepthLimitsOneAndTwo) {
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedStart);
  ASSERT_TRUE(result.found);
  EXPECT_THAT(
      lines_with_limit(result, 1),
      ::testing::ElementsAre("(1 DOWN)", "(CHECK)", "(1 LEFT)", "(CHECK)", "(1 RIGHT)", "(CHECK)"));
  EXPECT_THAT(lines_with_limit(result, 2),
              ::testing::ElementsAre("(1 DOWN)", "(2 UP)", "(CHECK)", "(2 DOWN)", "(CHECK)",
                                     "(2 LEFT)", "(CHECK)", "(2 RIGHT)", "(CHECK)", "(1 LEFT)",
                                     "(2 DOWN)", "(CHECK)", "(2 RIGHT)", "(CHECK)", "(1 RIGHT)",
                                     "(2 DOWN)", "(CHECK)", "(2 LEFT)", "(CHECK)"));
}

TEST(IddfsTest, FindsAShortestPathThatReachesTheGoal) {
  const TilePuzzle puzzle = seed_puzzle();
  const IddfsResult result = iterative_deepening(puzzle, kSeedStart);
  ASSERT_TRUE(result.found);
  EXPECT_EQ(static_cast<int>(result.path.size()), optimal_solution_length(puzzle, kSeedStart));
  EXPECT_EQ(result.last_limit, static_cast<int>(result.path.size()));
  Tiles state = kSeedStart;
  for (BlankMove move : result.path) state = *puzzle.result(state, move);
  EXPECT_TRUE(puzzle.is_goal(state));
  // The trace ends with the successful check at the last limit.
  ASSERT_FALSE(result.trace.empty());
  EXPECT_EQ(result.trace.back().type, IddfsEventType::check);
  EXPECT_EQ(result.trace.back().limit, result.last_limit);
}

TEST(IddfsTest, ChecksOnlyAtTheDepthLimitAndNumbersDepthsFromOne) {
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedStart);
  int previous_depth = 0;
  for (const auto& event : result.trace) {
    if (event.type == IddfsEventType::check) {
      EXPECT_EQ(event.depth, event.limit);
      EXPECT_EQ(previous_depth, event.limit);
    } else {
      EXPECT_GE(event.depth, 1);
      EXPECT_LE(event.depth, event.limit);
      previous_depth = event.depth;
    }
  }
}

TEST(IddfsTest, StartEqualToGoalGivesTheEmptyPathAndNoEvents) {
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedGoal);
  EXPECT_TRUE(result.found);
  EXPECT_TRUE(result.path.empty());
  EXPECT_TRUE(result.trace.empty());
}

TEST(IddfsTest, WithoutTheStartCheckAStartEqualToGoalIsFoundByMovingAwayAndBack) {
  IddfsOptions options;
  options.check_start = false;
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedGoal, options);
  ASSERT_TRUE(result.found);
  EXPECT_EQ(result.path.size(), 2u);
}

TEST(IddfsTest, LimitZeroChecksTheStartFirst) {
  IddfsOptions options;
  options.first_limit = 0;
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedStart, options);
  ASSERT_FALSE(result.trace.empty());
  EXPECT_EQ(result.trace.front(), (IddfsEvent{IddfsEventType::check, 0, 0, BlankMove::up}));
}

TEST(IddfsTest, MoveOrderIsConfigurable) {
  IddfsOptions options;
  options.move_order = {BlankMove::right, BlankMove::left, BlankMove::down, BlankMove::up};
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedStart, options);
  EXPECT_THAT(
      lines_with_limit(result, 1),
      ::testing::ElementsAre("(1 RIGHT)", "(CHECK)", "(1 LEFT)", "(CHECK)", "(1 DOWN)", "(CHECK)"));
}

// Reversing the successors is the same as the reversed move order (a named mistake's search).
TEST(IddfsTest, ReversedSuccessorsTryTheMovesBackwards) {
  IddfsOptions options;
  options.reverse_successors = true;
  const IddfsResult result = iterative_deepening(seed_puzzle(), kSeedStart, options);
  EXPECT_THAT(
      lines_with_limit(result, 1),
      ::testing::ElementsAre("(1 RIGHT)", "(CHECK)", "(1 LEFT)", "(CHECK)", "(1 DOWN)", "(CHECK)"));
}

TEST(IddfsTest, GivesUpAtMaxLimitOrMaxEvents) {
  IddfsOptions options;
  options.max_limit = 3;
  IddfsResult result = iterative_deepening(seed_puzzle(), kSeedStart, options);
  EXPECT_FALSE(result.found);
  EXPECT_FALSE(result.truncated);
  EXPECT_EQ(result.last_limit, 3);
  options.max_limit = 20;
  options.max_events = 10;
  result = iterative_deepening(seed_puzzle(), kSeedStart, options);
  EXPECT_FALSE(result.found);
  EXPECT_TRUE(result.truncated);
  EXPECT_EQ(result.trace.size(), 10u);
}

TEST(IddfsTest, RejectsInvalidStartsAndLimits) {
  EXPECT_THROW(iterative_deepening(seed_puzzle(), {1, 2, 3}), std::invalid_argument);
  IddfsOptions options;
  options.first_limit = -1;
  EXPECT_THROW(iterative_deepening(seed_puzzle(), kSeedStart, options), std::invalid_argument);
}

}  // namespace iddfs_test
}  // namespace
}  // namespace sg::ref
