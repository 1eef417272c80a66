#include "checkers/expansion_evidence.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace expansion_evidence_test {

using ::testing::HasSubstr;
using ::testing::Not;

std::vector<std::string> numbered(const std::string& prefix, int count) {
  std::vector<std::string> items;
  for (int i = 1; i <= count; ++i) items.push_back(prefix + std::to_string(i));
  return items;
}

TEST(ExpansionEvidence, ShortOrdersAreShownWholeWithTheDivergenceMarked) {
  const std::string table = expansion_table({"S", "B", "A"}, {"S", "A", "B"}, 1, "expected");
  EXPECT_EQ(table,
            "    #   yours  expected\n"
            "    1   S      S\n"
            "  > 2   B      A\n"
            "    3   A      B");
}

TEST(ExpansionEvidence, LongOrdersShowTheHeadAndAWindowAroundTheDivergence) {
  std::vector<std::string> yours = numbered("s", 60);
  std::vector<std::string> expected = numbered("s", 40);
  yours[29] = "X";
  const std::string table = expansion_table(yours, expected, 29, "expected");
  EXPECT_THAT(table, HasSubstr("   1   s1"));
  EXPECT_THAT(table, HasSubstr("   3   s3"));
  EXPECT_THAT(table, Not(HasSubstr("  4   s4")));
  EXPECT_THAT(table, HasSubstr("  25   s25"));
  EXPECT_THAT(table, HasSubstr("> 30   X      s30"));
  EXPECT_THAT(table, HasSubstr("  33   s33"));
  EXPECT_THAT(table, Not(HasSubstr("s34")));
  EXPECT_THAT(table, HasSubstr("(60 yours, 40 expected)"));
  // One gap between the head and the window, one after it.
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n') + 1, 1 + 3 + 1 + 9 + 1);
}

TEST(ExpansionEvidence, AColumnPastItsEndIsEmptyAndLongStatesAreCut) {
  const std::string long_state(80, 'x');
  const std::string table = expansion_table({"S", long_state}, {"S"}, 1, "expected");
  EXPECT_THAT(table, HasSubstr(std::string(33, 'x') + "..."));
  EXPECT_THAT(table, Not(HasSubstr(std::string(34, 'x'))));
  EXPECT_THAT(table, Not(HasSubstr(" \n")));
  EXPECT_NE(table.back(), ' ');
}

TEST(ExpansionEvidence, NamesTheFirstStateExpandedTwice) {
  EXPECT_EQ(first_repeated_expansion({"(1, 9)", "(2, 1)", "(1, 9)", "(2, 1)"}),
            "(1, 9) is expanded a second time at expansion 3; it was expansion 1");
  EXPECT_FALSE(first_repeated_expansion({"a", "b", "c"}));
  EXPECT_FALSE(first_repeated_expansion({}));
}

}  // namespace expansion_evidence_test
}  // namespace
}  // namespace sg
