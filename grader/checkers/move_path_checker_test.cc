#include "checkers/move_path_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "checkers/state_text.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace move_path_checker_test {

using ref::BlankMove;
using ::testing::HasSubstr;

const ref::TilePuzzle kPuzzle(2, 2, ref::Topology::bounded, {1, 2, 3, 0});
const MoveNotation kNotation{[](BlankMove move) { return ref::to_string(move); }, python_list};

MovePathExpected from(ref::Tiles start, std::size_t optimal) {
  MovePathExpected expected;
  expected.start = std::move(start);
  expected.optimal_length = optimal;
  return expected;
}

TEST(MovePathCheckerTest, AcceptsAShortestLegalPathToTheGoal) {
  const AspectOutcome outcome =
      check_move_path(kPuzzle, from({1, 2, 0, 3}, 1), {BlankMove::right}, kNotation);
  EXPECT_TRUE(outcome.passed) << outcome.feedback;
  EXPECT_EQ(outcome.aspect, "path");
  EXPECT_TRUE(check_move_path(kPuzzle, from({1, 2, 3, 0}, 0), {}, kNotation).passed);
}

TEST(MovePathCheckerTest, NamesTheFirstIllegalMoveAndTheStateItWasMadeFrom) {
  const AspectOutcome outcome = check_move_path(kPuzzle, from({1, 2, 0, 3}, 1),
                                                {BlankMove::right, BlankMove::right}, kNotation);
  EXPECT_FALSE(outcome.passed);
  EXPECT_THAT(outcome.feedback, HasSubstr("move 2 of the path (right) is illegal: in [1, 2, 3, 0] "
                                          "the blank is in the rightmost column"));
}

TEST(MovePathCheckerTest, SaysWhereAPathEndsInsteadOfTheGoal) {
  const AspectOutcome outcome =
      check_move_path(kPuzzle, from({1, 2, 0, 3}, 1), {BlankMove::up}, kNotation);
  EXPECT_FALSE(outcome.passed);
  EXPECT_THAT(outcome.feedback,
              HasSubstr("lead to [0, 2, 1, 3], which is not the goal [1, 2, 3, 0]"));
}

TEST(MovePathCheckerTest, LongerThanOptimalFailsUnlessOptimalityIsNotRequired) {
  const std::vector<BlankMove> long_way = {BlankMove::right, BlankMove::left, BlankMove::right};
  MovePathExpected expected = from({1, 2, 0, 3}, 1);
  AspectOutcome outcome = check_move_path(kPuzzle, expected, long_way, kNotation);
  EXPECT_FALSE(outcome.passed);
  EXPECT_THAT(outcome.feedback,
              HasSubstr("reaches the goal in 3 moves, but the shortest path has 1"));
  expected.require_optimal = false;
  EXPECT_TRUE(check_move_path(kPuzzle, expected, long_way, kNotation).passed);
}

TEST(MovePathCheckerTest, ADepthBoundFailsALongerPathEvenWithoutOptimality) {
  const std::vector<BlankMove> long_way = {BlankMove::right, BlankMove::left, BlankMove::right};
  MovePathExpected expected = from({1, 2, 0, 3}, 1);
  expected.require_optimal = false;
  expected.max_length = 2;
  AspectOutcome outcome = check_move_path(kPuzzle, expected, long_way, kNotation);
  EXPECT_FALSE(outcome.passed);
  EXPECT_THAT(outcome.feedback, HasSubstr("3 moves, more than the depth bound 2"));
  expected.max_length = 3;
  EXPECT_TRUE(check_move_path(kPuzzle, expected, long_way, kNotation).passed);
}

TEST(MovePathCheckerTest, RecognisesMovesNamedForTheTile) {
  // From [0, 1, 3, 2] the blank goes right then down; a path naming the tile's slides says
  // left then up.
  const AspectOutcome outcome =
      check_move_path(kPuzzle, from({0, 1, 3, 2}, 2), {BlankMove::left, BlankMove::up}, kNotation);
  EXPECT_FALSE(outcome.passed);
  EXPECT_THAT(outcome.feedback, HasSubstr("the direction the TILE slides"));
  // A plainly wrong path gets no such hint.
  const AspectOutcome wrong =
      check_move_path(kPuzzle, from({0, 1, 3, 2}, 2), {BlankMove::down}, kNotation);
  EXPECT_THAT(wrong.feedback, ::testing::Not(HasSubstr("TILE")));
}

TEST(MovePathCheckerTest, RejectsAnInvalidStart) {
  EXPECT_THROW(check_move_path(kPuzzle, from({1, 1, 0, 3}, 1), {}, kNotation),
               std::invalid_argument);
}

// Any world: a path of its actions' names, judged with its own words where no board explains why.
class Corridor : public ref::Problem {
 public:
  ref::State initial_state() const override { return "A"; }
  std::vector<ref::Step> successors(const ref::State& state) const override {
    if (state == "A") return {{"go", "B", 1.0}};
    if (state == "B") return {{"go", "C", 1.0}, {"back", "A", 1.0}};
    return {};
  }
  bool is_goal(const ref::State& state) const override { return state == "C"; }
};

TEST(ActionPathCheckerTest, JudgesAnyWorldsPathAndSaysWhatCouldBeTaken) {
  const Corridor world;
  ActionNotation words;
  words.state_text = [](const ref::State& state) { return state; };
  EXPECT_TRUE(check_action_path(world, {"A", 2, true, std::nullopt}, {"go", "go"}, words).passed);
  EXPECT_THAT(
      check_action_path(world, {"A", 2, true, std::nullopt}, {"go", "jump"}, words).feedback,
      HasSubstr("move 2 of the path (jump) is illegal: in B the actions that can be taken "
                "are go, back"));
  EXPECT_THAT(check_action_path(world, {"A", 2, true, std::nullopt}, {"go"}, words).feedback,
              HasSubstr("lead to B, which is not a goal"));
  EXPECT_THAT(
      check_action_path(world, {"A", 2, true, std::nullopt}, {"go", "back", "go", "go"}, words)
          .feedback,
      HasSubstr("reaches the goal in 4 moves, but the shortest path has 2"));
}

}  // namespace move_path_checker_test
}  // namespace
}  // namespace sg
