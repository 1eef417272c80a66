#include "checkers/field_extractor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace field_extractor_test {

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

// A program that runs every search in one go: each header starts a section, which keeps the
// output's line numbers, so a path found in it is reported at its line of the whole output.
TEST(OutputSectionsTest, EachHeaderStartsASectionThatKeepsTheOutputsLineNumbers) {
  const std::string out =
      "Romania planner v2\n"
      "== BFS ==\n"
      "Path: Arad Sibiu Fagaras Bucharest\n"
      "\n"
      "== UCS ==\n"
      "Path: Arad Sibiu Rimnicu Pitesti Bucharest\n"
      "Cost: 418\n"
      "A*: Path: Arad Sibiu Rimnicu Pitesti Bucharest\n";
  const auto named = output_sections(out, FieldPattern(R"(^== (?<section>[^=]+) ==)"));
  ASSERT_EQ(named.size(), 2u);
  EXPECT_EQ(named[0].name, "BFS");
  EXPECT_EQ(named[0].first_line, 2);
  EXPECT_EQ(named[0].last_line, 4);
  EXPECT_EQ(named[1].name, "UCS");
  EXPECT_EQ(named[1].last_line, 9);  // to the end (the empty line after the last newline)
  const auto path = FieldPattern(R"(^Path: (?<path>.*))").find(named[1].text);
  ASSERT_TRUE(path);
  EXPECT_EQ(path->line_number, 6);
  EXPECT_EQ(path->fields.at("path"), "Arad Sibiu Rimnicu Pitesti Bucharest");
  EXPECT_FALSE(FieldPattern(R"(^Path: (?<path>Arad Sibiu Fagaras.*))").find(named[1].text));
  EXPECT_TRUE(FieldPattern(R"(^Path: (?<path>Arad Sibiu Fagaras.*))").find(named[0].text));
  EXPECT_FALSE(FieldPattern(R"((?<title>planner))").find(named[0].text));  // before any header

  // The header line is its section's: a one-line report reads there.
  const auto one_line = output_sections(out, FieldPattern(R"(^(?<section>A\*):)"));
  ASSERT_EQ(one_line.size(), 1u);
  EXPECT_EQ(one_line[0].name, "A*");
  EXPECT_EQ(FieldPattern(R"(Path: (?<path>.*))").find(one_line[0].text)->line_number, 8);
  EXPECT_TRUE(output_sections("no headers here\n", FieldPattern("(?<section>==)")).empty());
}

// A depth-first path of ten thousand moves is one line of some 80,000 characters.
TEST(FieldExtractorTest, ReadsALineOfAnyLength) {
  std::string moves;
  for (int i = 0; i < 10000; ++i) moves += i == 0 ? "'Up'" : ", 'Up'";
  const FieldPattern path("^path_to_goal:\\s*(?<path>.*)$");
  const auto found = path.find("cost_of_path: 3\npath_to_goal: [" + moves + "]\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line_number, 2);
  EXPECT_EQ(found->fields.at("path").size(), moves.size() + 2);
}

}  // namespace field_extractor_test
}  // namespace
}  // namespace sg
