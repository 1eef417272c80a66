#include "checkers/field_extractor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

TEST(FieldExtractorTest, ReadsANamedFieldFromTheFirstMatchingLine) {
  const FieldPattern pattern(R"(Solution Length: (?<length>\d+))");
  EXPECT_THAT(pattern.names(), ElementsAre("length"));
  const auto match =
      pattern.find("Solving...\nup\nleft\n  Solution Length: 12  \nSolution Length: 3\n");
  ASSERT_TRUE(match);
  EXPECT_EQ(match->line_number, 4);
  EXPECT_THAT(match->fields, ElementsAre(Pair("length", "12")));
  EXPECT_FALSE(pattern.find("no figures here"));
}

TEST(FieldExtractorTest, NumbersNamedGroupsAmongPlainAndNonCapturingOnes) {
  const FieldPattern pattern(
      R"((?:Max|Maximum) (queue|frontier) (?P<kind>length|size): (?<n>\d+)(x)?)");
  EXPECT_THAT(pattern.names(), ElementsAre("kind", "n"));
  const auto all = pattern.find_all("Max queue length: 46\nMaximum frontier size: 7\n");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_THAT(all[0].fields, ElementsAre(Pair("kind", "length"), Pair("n", "46")));
  EXPECT_THAT(all[1].fields, ElementsAre(Pair("kind", "size"), Pair("n", "7")));
}

TEST(FieldExtractorTest, BracketsAndEscapesAreNotGroups) {
  const FieldPattern pattern(R"(\(depth [(]?(?<d>\d+)\))");
  const auto match = pattern.find("(depth 3)");
  ASSERT_TRUE(match);
  EXPECT_THAT(match->fields, ElementsAre(Pair("d", "3")));
}

TEST(FieldExtractorTest, AnOptionalGroupThatDidNotTakePartIsAbsent) {
  const FieldPattern pattern(R"(moves: (?<moves>\d+)( h=(?<h>\d+))?)");
  const auto match = pattern.find("moves: 4");
  ASSERT_TRUE(match);
  EXPECT_THAT(match->fields, ElementsAre(Pair("moves", "4")));
}

TEST(FieldExtractorTest, RejectsBadPatternsWithTheReason) {
  auto error = [](const char* pattern) {
    try {
      FieldPattern{pattern};
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(error(R"(Length: \d+)"), HasSubstr("has no named group"));
  EXPECT_THAT(error(R"((?<n>\d+) (?<n>\d+))"), HasSubstr("named twice"));
  EXPECT_THAT(error(R"((?<1n>\d+))"), HasSubstr("a named group is written"));
  EXPECT_THAT(error(R"((?<n>\d+)"), HasSubstr("not a valid regular expression"));
}

}  // namespace
}  // namespace sg
