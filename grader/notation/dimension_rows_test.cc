#include "notation/dimension_rows.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace dimension_rows_test {

using ::testing::ElementsAre;

// What the course's Solver test client prints: a header, then each board as toString() draws it.
TEST(DimensionRows, ReadsTheBoardsOfASolutionAndPassesOverOtherLines) {
  const std::string printed =
      "Minimum number of moves = 1\n"
      "3\n 1  2  3 \n 4  5  6 \n 7  0  8 \n"
      "debug: h=1\n"
      "2\n 1  2\n 3  0\n"  // another dimension: not this puzzle's board
      "3\n1 2 3\n4 5 6\n7 8 0\n";
  const auto boards = read_dimension_rows_boards(printed, 3);
  ASSERT_EQ(boards.size(), 2u);
  EXPECT_THAT(boards[0].tiles, ElementsAre(1, 2, 3, 4, 5, 6, 7, 0, 8));
  EXPECT_EQ(boards[0].line, 2u);
  EXPECT_THAT(boards[1].tiles, ElementsAre(1, 2, 3, 4, 5, 6, 7, 8, 0));
  EXPECT_EQ(boards[1].line, 10u);
}

TEST(DimensionRows, ABoardCutShortOrWithWordsIsNotRead) {
  EXPECT_TRUE(read_dimension_rows_boards("3\n 1 2 3\n 4 5 6\n", 3).empty());
  EXPECT_TRUE(read_dimension_rows_boards("3\n 1 2 3\n 4 x 6\n 7 8 0\n", 3).empty());
  EXPECT_TRUE(read_dimension_rows_boards("3\n 1 2 3\n 4 5 6 9\n 7 8 0\n", 3).empty());
}

TEST(DimensionRows, WritesTheBoardAsToStringDoes) {
  const ref::Tiles tiles = {0, 1, 3, 4, 2, 5, 7, 8, 6};
  EXPECT_EQ(dimension_rows_text(tiles, 3), "3\n 0  1  3 \n 4  2  5 \n 7  8  6 \n");
  const auto back = read_dimension_rows_boards(dimension_rows_text(tiles, 3), 3);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].tiles, tiles);
}

// A single Board's toString() as the course's grader reads it: tokens, or tokens on n + 1 lines.
TEST(DimensionRows, OneBoardByItsTokensOrByItsLines) {
  const ref::Tiles tiles = {8, 1, 3, 4, 0, 2, 7, 6, 5};
  for (const char* text : {"3\n 8  1  3 \n 4  0  2 \n 7  6  5 \n", "3\n8 1 3\n4 0 2\n7 6 5",
                           "3\r\n\t8 1 3\r\n4 0 2\r\n7 6 5\r\n\n"}) {
    EXPECT_EQ(read_dimension_tokens_board(text, 3), tiles) << text;
    EXPECT_EQ(read_dimension_lines_board(text, 3), tiles) << text;
  }
  const char* one_line = "3\n 8  1  3  4  0  2  7  6  5 \n";
  EXPECT_EQ(read_dimension_tokens_board(one_line, 3), tiles);
  EXPECT_EQ(read_dimension_lines_board(one_line, 3), std::nullopt);
  EXPECT_EQ(read_dimension_lines_board("3\n8 1 3\n\n4 0 2\n7 6 5\n", 3), std::nullopt);
  EXPECT_EQ(read_dimension_tokens_board("8 1 3\n4 0 2\n7 6 5\n", 3), std::nullopt);  // no n
  EXPECT_EQ(read_dimension_tokens_board("3\n8 1 3\n4 0 2\n7 6\n", 3), std::nullopt);
  EXPECT_EQ(read_dimension_tokens_board("3\n8 1 3\n4 0 2\n7 6 5 h=10\n", 3), std::nullopt);
}

}  // namespace dimension_rows_test
}  // namespace
}  // namespace sg
