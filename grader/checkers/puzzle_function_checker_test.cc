#include "checkers/puzzle_function_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace puzzle_function_checker_test {

using ::testing::HasSubstr;
using json = nlohmann::json;
using ref::BlankMove;

const ref::TilePuzzle kPuzzle(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 0, 5, 6, 7, 8});
const std::vector<BlankMove> kOrder = {BlankMove::left, BlankMove::right, BlankMove::up,
                                       BlankMove::down};

TEST(PuzzleFunctionChecker, SeedCasesFromTheCourseGrader) {
  const ref::Tiles state = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  // "findBlank_8p correctly returned 2 1"
  EXPECT_TRUE(check_find_blank(kPuzzle, state, json{{"$tuple", {2, 1}}}, "f").passed);
  EXPECT_TRUE(check_find_blank(kPuzzle, state, json{2, 1}, "f").passed);
  // "actionsF_8p correctly returned ['left', 'right', 'up']"
  EXPECT_EQ(legal_actions(kPuzzle, state, kOrder),
            (std::vector<std::string>{"left", "right", "up"}));
  // "takeActionsF_8p correctly returned [1, 2, 3, 4, 0, 6, 7, 5, 8]"
  EXPECT_TRUE(check_take_action(kPuzzle, state, BlankMove::up, json{1, 2, 3, 4, 0, 6, 7, 5, 8}, "t")
                  .passed);
}

// The 7-tile puzzle's board has two blanks: findBlank returns both cells, in any order.
TEST(PuzzleFunctionChecker, FindBlankOnABoardWithTwoBlanksReturnsEveryBlank) {
  const ref::TilePuzzle seven(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0});
  const ref::Tiles state = {1, 0, 3, 4, 5, 6, 7, 2, 0};
  EXPECT_EQ(expected_blanks_text(seven, state), "[(0, 1), (2, 2)]");
  EXPECT_TRUE(check_find_blank(seven, state, json{{0, 1}, {2, 2}}, "f").passed);
  EXPECT_TRUE(
      check_find_blank(seven, state, json{{{"$tuple", {2, 2}}}, {{"$tuple", {0, 1}}}}, "f").passed);
  EXPECT_THAT(check_find_blank(seven, state, json{{"$tuple", {0, 1}}}, "f(s)").feedback,
              HasSubstr("the board has 2 blanks, so expected every blank's (row, column): "
                        "[(0, 1), (2, 2)]"));
  EXPECT_THAT(check_find_blank(seven, state, json{{1, 0}, {2, 2}}, "f(s)").feedback,
              HasSubstr("row first, then column"));
  EXPECT_THAT(check_find_blank(seven, state, json{{0, 1}, {1, 2}}, "f(s)").feedback,
              HasSubstr("but the blanks are at [(0, 1), (2, 2)]"));
}

TEST(PuzzleFunctionChecker, MirroredAndMisorderedActionsAreNamed) {
  const ref::Tiles corner = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const auto mirrored = check_actions(kPuzzle, corner, kOrder, json{"left", "down"}, "a");
  EXPECT_FALSE(mirrored.passed);
  EXPECT_THAT(mirrored.feedback, HasSubstr("mirrored"));
  const ref::Tiles centre = {1, 2, 3, 4, 0, 5, 6, 7, 8};
  const auto order =
      check_actions(kPuzzle, centre, kOrder, json{"up", "down", "left", "right"}, "a");
  EXPECT_FALSE(order.passed);
  EXPECT_THAT(order.feedback, HasSubstr("wrong order"));
  const auto generator = check_actions(
      kPuzzle, centre, kOrder,
      json{{"$iterator", {"left", "right", "up", "down"}}, {"type", "generator"}}, "a");
  EXPECT_TRUE(generator.passed);
  EXPECT_THAT(generator.notes.at(0), HasSubstr("a generator"));
}

TEST(PuzzleFunctionChecker, TakeActionNamesTheMoveMadeAndMutation) {
  const ref::Tiles state = {1, 2, 3, 4, 0, 5, 6, 7, 8};
  const auto wrong =
      check_take_action(kPuzzle, state, BlankMove::left, json{1, 2, 3, 4, 5, 0, 6, 7, 8}, "t");
  EXPECT_FALSE(wrong.passed);
  EXPECT_THAT(wrong.feedback, HasSubstr("the blank moving right"));
  const auto array =
      check_take_action(kPuzzle, state, BlankMove::left,
                        json{{"$ndarray", {1, 2, 3, 0, 4, 5, 6, 7, 8}}, {"dtype", "int64"}}, "t");
  EXPECT_TRUE(array.passed);
  EXPECT_THAT(array.notes.at(0), HasSubstr("numpy array"));
  EXPECT_TRUE(check_unchanged(state, json{1, 2, 3, 4, 0, 5, 6, 7, 8}, "t").passed);
  EXPECT_THAT(check_unchanged(state, json{1, 2, 3, 0, 4, 5, 6, 7, 8}, "t").feedback,
              HasSubstr("modified the state"));
}

}  // namespace puzzle_function_checker_test
}  // namespace
}  // namespace sg
