#include "checkers/state_text.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace state_text_test {

TEST(FindStateList, ReadsPythonListsTuplesAndNumpyPrints) {
  EXPECT_EQ(find_state_list("[1, 2, 0, 4, 5, 3, 6, 7, 8] h=4"),
            (std::vector<int>{1, 2, 0, 4, 5, 3, 6, 7, 8}));
  EXPECT_EQ(find_state_list("state: [1,2,3]"), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(find_state_list("(1, 2, 3) h=1"), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(find_state_list("[[1 2 3] [4 5 6]]"), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(FindStateList, RejectsWhatIsNotAListOfIntegers) {
  EXPECT_FALSE(find_state_list("Max queue length: 46"));
  EXPECT_FALSE(find_state_list("[a, b]"));
  EXPECT_FALSE(find_state_list("[1, 2"));
  EXPECT_FALSE(find_state_list("[]"));
}

TEST(FindNamedInt, AcceptsTheSpellingsStudentsUse) {
  EXPECT_EQ(find_named_int("[1] h=4 moves: 0", "h"), 4);
  EXPECT_EQ(find_named_int("[1] h = 2", "h"), 2);
  EXPECT_EQ(find_named_int("[1] h= 6", "h"), 6);
  EXPECT_EQ(find_named_int("[1] h:3", "h"), 3);
  EXPECT_EQ(find_named_int("[1] h=1 moves:0", "moves"), 0);
  EXPECT_EQ(find_named_int("[1] h=1 moves=7", "moves"), 7);
  EXPECT_EQ(find_named_int("[1] H=5", "h"), 5);
}

TEST(FindNamedInt, MatchesWholeWordsOnly) {
  EXPECT_FALSE(find_named_int("depth=3", "h"));
  EXPECT_FALSE(find_named_int("nothing here", "h"));
}

TEST(SameUpToWhitespace, RunsOfWhitespaceAreEqualButTokensAreNot) {
  EXPECT_TRUE(same_up_to_whitespace("[1, 2]  h=1  moves: 0", "[1, 2] h=1 moves: 0"));
  EXPECT_TRUE(same_up_to_whitespace("  [1, 2] h=1\tmoves: 0  ", "[1, 2] h=1 moves: 0"));
  EXPECT_FALSE(same_up_to_whitespace("[1, 2] h= 1 moves: 0", "[1, 2] h=1 moves: 0"));
  EXPECT_FALSE(same_up_to_whitespace("[1, 2] h=1 moves:0", "[1, 2] h=1 moves: 0"));
}

TEST(NonEmptyLines, NumbersLinesAndDropsBlankOnes) {
  const auto lines = non_empty_lines("a\n\n  \nb\r\nc");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].number, 1);
  EXPECT_EQ(lines[1].number, 4);
  EXPECT_EQ(lines[1].text, "b");
  EXPECT_EQ(lines[2].text, "c");
}

TEST(Elide, KeepsTheStartAndSaysHowMuchIsLeft) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += "line " + std::to_string(i) + "\n";
  const std::string shown = elide(text, 3, 1000);
  EXPECT_NE(shown.find("line 0\nline 1\nline 2"), std::string::npos);
  EXPECT_EQ(shown.find("line 3\n"), std::string::npos);
  EXPECT_NE(shown.find("97 more lines"), std::string::npos);
  EXPECT_EQ(elide("short"), "short");
}

TEST(PythonList, MatchesPythonsStr) { EXPECT_EQ(python_list({1, 2, 0}), "[1, 2, 0]"); }

// A program's last words are at the end of what it printed.
TEST(ElideFront, KeepsTheEnd) {
  EXPECT_EQ(elide_front("a\nb\n", 15, 2000), "a\nb");
  std::string many;
  for (int i = 1; i <= 20; ++i) many += "line " + std::to_string(i) + "\n";
  const std::string end = elide_front(many, 3, 2000);
  EXPECT_EQ(end, "... (17 earlier lines)\nline 18\nline 19\nline 20");
  EXPECT_EQ(elide_front(std::string(5000, 'x'), 15, 10), "... (0 earlier lines)\nxxxxxxxxxx");
}

}  // namespace state_text_test
}  // namespace
}  // namespace sg
