#include "notation/board_notation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "notation/lisp_grid.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace board_notation_test {

using ::testing::HasSubstr;

const ref::Tiles kGoal = {1, 2, 3, 4, 5, 6, 7, 8, 0};

TEST(BoardNotation, EachExampleIsTheThreeByThreeGoalPrinted) {
  for (const BoardNotation& notation : board_notations()) {
    SCOPED_TRACE(notation.name);
    EXPECT_EQ(notation.print(kGoal, {3, 3}), notation.example);
    EXPECT_EQ(notation.parse(notation.example, {3, 3}), kGoal);
  }
}

TEST(BoardNotation, EveryNotationRoundTripsANonSquareBoard) {
  const ref::Tiles board = {3, 0, 1, 0, 2, 5, 4, 6};  // 2 x 4, two blanks
  for (const BoardNotation& notation : board_notations()) {
    SCOPED_TRACE(notation.name);
    const std::string text = notation.print(board, {2, 4});
    EXPECT_EQ(notation.parse(text, {2, 4}), board) << text;
  }
  EXPECT_EQ(find_board_notation("compact")->print(board, {2, 4}), "3b1b 2546");
  EXPECT_EQ(find_board_notation("python_rows")->print(board, {2, 4}),
            "[[3, 0, 1, 0], [2, 5, 4, 6]]");
  EXPECT_EQ(find_board_notation("edn_rows")->print(board, {2, 4}), "[[3 0 1 0] [2 5 4 6]]");
  EXPECT_EQ(find_board_notation("lisp")->print(board, {2, 4}), "((2 * 0 *) (1 4 3 5))");
  EXPECT_EQ(find_board_notation("comma_list")->print(board, {2, 4}), "3,0,1,0,2,5,4,6");
  EXPECT_EQ(find_board_notation("comma_list")->parse("3, 0,1,0 ,2,5,4,6", {2, 4}), board);
}

TEST(BoardNotation, ReadingToleratesSpellingThatPrintingDoesNotProduce) {
  const BoardNotation& list = *find_board_notation("python_list");
  EXPECT_EQ(list.parse("[1,2,3,4,5,6,7,8,0]", {3, 3}), kGoal);
  EXPECT_EQ(list.parse("[1 2 3 4 5 6 7 8 0]", {3, 3}), kGoal);  // numpy
  EXPECT_EQ(list.parse("[[1 2 3]\n [4 5 6]\n [7 8 0]]", {3, 3}), kGoal);
  EXPECT_EQ(list.parse("array([1, 2, 3, 4, 5, 6, 7, 8, 0])", {3, 3}), kGoal);  // numpy's repr
  EXPECT_EQ(list.parse("(1, 2, 3, 4, 5, 6, 7, 8, 0)", {3, 3}), kGoal);
  const BoardNotation& compact = *find_board_notation("compact");
  EXPECT_EQ(compact.parse("12345678b", {3, 3}), kGoal);
  EXPECT_EQ(compact.parse(" 123  456 780 ", {3, 3}), kGoal);
}

TEST(BoardNotation, AWrongTextSaysWhatTheNotationExpects) {
  try {
    find_board_notation("python_list")->parse("[1, 2, 3]", {3, 3});
    FAIL() << "three numbers read as a 3 x 3 board";
  } catch (const NotationError& error) {
    EXPECT_THAT(error.what(), HasSubstr("holds 3 numbers, not the 9 of a 3 x 3 board"));
    EXPECT_THAT(error.what(), HasSubstr("[1, 2, 3, 4, 5, 6, 7, 8, 0]"));
  }
  try {
    find_board_notation("compact")->parse("b12 345 67x", {3, 3});
    FAIL() << "x read as a tile";
  } catch (const NotationError& error) {
    EXPECT_THAT(error.what(), HasSubstr("'x' in 'b12 345 67x' is neither b (the blank)"));
    EXPECT_THAT(error.what(), HasSubstr("`123 456 78b`"));
  }
  EXPECT_THROW(find_board_notation("lisp")->parse("((0 1 2) (3 4 5))", {3, 3}), NotationError);
}

// A debugging line that holds a board is no board: its words and quotes are no part of one.
TEST(BoardNotation, TextHoldingABoardAmongOtherWordsIsNoBoard) {
  for (const char* name : {"python_list", "python_rows", "edn_rows"}) {
    const BoardNotation& notation = *find_board_notation(name);
    EXPECT_THROW(notation.parse("[{'state': [1, 2, 3, 4, 5, 6, 7, 8, 0]", {3, 3}), NotationError)
        << name;
    EXPECT_THROW(notation.parse("state [1, 2, 3, 4, 5, 6, 7, 8, 0]", {3, 3}), NotationError)
        << name;
    EXPECT_THROW(notation.parse("[[1, 2, 3, 4, 5, 6, 7, 8, 0]", {3, 3}), NotationError)
        << name << ": the start of a list of boards";
  }
  EXPECT_THROW(find_board_notation("compact")->parse("[[1, 2, 3, 4, 5, 6, 7, 8, 0]", {3, 3}),
               NotationError);
}

TEST(BoardNotation, CompactCannotWriteATileOverNine) {
  ref::Tiles fifteen(16);
  for (int i = 0; i < 15; ++i) fifteen[static_cast<std::size_t>(i)] = i + 1;
  EXPECT_THROW(find_board_notation("compact")->print(fifteen, {4, 4}), std::invalid_argument);
  EXPECT_THROW(find_board_notation("python_list")->print(kGoal, {2, 4}), std::invalid_argument);
}

TEST(BoardNotation, UnknownNamesAreNotFoundAndTheChoicesAreListed) {
  EXPECT_EQ(find_board_notation("numpy"), nullptr);
  EXPECT_EQ(board_notation_names(),
            "python_list, python_rows, edn_rows, compact, lisp or comma_list");
}

}  // namespace board_notation_test
}  // namespace
}  // namespace sg
