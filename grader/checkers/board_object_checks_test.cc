#include "checkers/board_object_checks.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const ref::TilePuzzle kTextPuzzle(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0});
const ref::Tiles kTextBoard = {8, 1, 3, 4, 0, 2, 7, 6, 5};

FunctionCallCheck read_text(const std::string& text, BoardTextLayout layout) {
  return check_board_text(kTextPuzzle, kTextBoard, text, "new Board(...).toString()", layout);
}

// The handout's String.format("%2d ", tile), and what students write instead
// (append(" ").append(tile); a row joined with single spaces; tabs; no last newline).
const std::string kAligned = "3\n 8  1  3 \n 4  0  2 \n 7  6  5 \n";
const std::string kLeadingSpace = "3\n 8 1 3\n 4 0 2\n 7 6 5\n";
const std::string kJoined = "3\n8 1 3\n4 0 2\n7 6 5";
const std::string kTabs = "3\r\n8\t1\t3\r\n4\t0\t2\r\n7\t6\t5\r\n\n";
// Each row's tiles without the newline after the row: the board drawn, not in n + 1 lines.
const std::string kOneLine = "3\n 8  1  3  4  0  2  7  6  5 \n";

TEST(BoardText, TheTokensDrawTheBoardWhateverTheLines) {
  for (const std::string& text : {kAligned, kLeadingSpace, kJoined, kTabs, kOneLine})
    EXPECT_TRUE(read_text(text, BoardTextLayout::tokens).passed) << text;
  const FunctionCallCheck wrong = read_text("3\n 8 1 3\n 4 2 0\n 7 6 5\n", BoardTextLayout::tokens);
  EXPECT_FALSE(wrong.passed);
  EXPECT_THAT(wrong.feedback, HasSubstr("which does not draw the board"));
  EXPECT_FALSE(read_text("8 1 3\n4 0 2\n7 6 5\n", BoardTextLayout::tokens).passed);  // no dimension
  EXPECT_THAT(check_board_text(kTextPuzzle, kTextBoard, 42, "b.toString()", BoardTextLayout::tokens)
                  .feedback,
              HasSubstr("not a string"));
}

// The course's grader reads n + 1 lines of tokens (issue 70): its spacing is not charged, and a
// note says the text differs from the handout's.
TEST(BoardText, TheCoursesLayoutIsLinesOfTokensSpacingAside) {
  const FunctionCallCheck aligned = read_text(kAligned, BoardTextLayout::lines);
  EXPECT_TRUE(aligned.passed);
  EXPECT_THAT(aligned.notes, IsEmpty());
  for (const std::string& text : {kLeadingSpace, kJoined, kTabs}) {
    const FunctionCallCheck spaced = read_text(text, BoardTextLayout::lines);
    EXPECT_TRUE(spaced.passed) << text;
    EXPECT_THAT(spaced.notes, ElementsAre(HasSubstr("is not charged"))) << text;
  }
  const FunctionCallCheck one_line = read_text(kOneLine, BoardTextLayout::lines);
  EXPECT_FALSE(one_line.passed);
  EXPECT_THAT(one_line.feedback, HasSubstr("4 lines, the dimension alone on the first, then one "
                                           "row of the board on each line"));
  EXPECT_FALSE(read_text("3 \n 8 1 3\n 4 0 2\n\n 7 6 5\n", BoardTextLayout::lines).passed);
  EXPECT_FALSE(read_text("Board 3\n 8 1 3\n 4 0 2\n 7 6 5\n", BoardTextLayout::lines).passed);
}

// A spec may ask for the handout's spacing too.
TEST(BoardText, AlignedAsksForTheHandoutsSpacing) {
  EXPECT_TRUE(read_text(kAligned, BoardTextLayout::aligned).passed);
  const FunctionCallCheck spaced = read_text(kLeadingSpace, BoardTextLayout::aligned);
  EXPECT_FALSE(spaced.passed);
  EXPECT_THAT(spaced.feedback, HasSubstr("String.format(\"%2d \", tile)"));
  EXPECT_FALSE(read_text(kOneLine, BoardTextLayout::aligned).passed);
}

}  // namespace
}  // namespace sg
