#include "checkers/trace_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace trace_checker_test {

using ::testing::HasSubstr;

const std::vector<ExpectedTraceLine> kExpected = {
    {"A", "first part"}, {"B", "first part"}, {"C", "second part"}};

// Reads lower-case letters as their upper-case canonical form; digits are unreadable.
std::optional<std::string> read(std::string_view text) {
  if (text.size() != 1 || !std::isalpha(static_cast<unsigned char>(text[0]))) return std::nullopt;
  return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(text[0]))));
}

TEST(TraceCheckerTest, EqualAfterReadingIntoCanonicalForm) {
  const auto printed = non_empty_lines("a\n\nB\nc\n");
  const TraceComparison result = compare_trace(kExpected, printed, read);
  EXPECT_TRUE(result.equal);
  EXPECT_FALSE(result.divergence);
  EXPECT_EQ(result.feedback, "");
}

TEST(TraceCheckerTest, NamesTheFirstDifferentLineWithItsContext) {
  const auto printed = non_empty_lines("A\n\nX\nC\n");
  const TraceComparison result = compare_trace(kExpected, printed, read);
  ASSERT_FALSE(result.equal);
  EXPECT_EQ(result.divergence->index, 1u);
  EXPECT_EQ(result.divergence->printed_line_number, 3);
  EXPECT_EQ(result.feedback, "trace line 2 (output line 3, first part): expected `B`, got `X`");
}

TEST(TraceCheckerTest, ReportsAShortTraceAndAnOverlongOne) {
  TraceComparison result = compare_trace(kExpected, non_empty_lines("A\nB\n"), read);
  ASSERT_FALSE(result.equal);
  EXPECT_FALSE(result.divergence->printed);
  EXPECT_THAT(
      result.feedback,
      HasSubstr("stops after 2 lines, but 3 are expected; the next should be `C`, second part"));
  result = compare_trace(kExpected, non_empty_lines("A\nB\nC\nD\n"), read);
  ASSERT_FALSE(result.equal);
  EXPECT_FALSE(result.divergence->expected);
  EXPECT_THAT(result.feedback,
              HasSubstr("should end after 3 lines, but output line 4 continues it with `D`"));
}

TEST(TraceCheckerTest, UnreadableLinesNeverMatchAndAreQuotedAsPrinted) {
  const TraceComparison result = compare_trace(kExpected, non_empty_lines("A\n7\nC\n"), read);
  ASSERT_FALSE(result.equal);
  EXPECT_THAT(result.feedback, HasSubstr("got `7`"));
}

TEST(TraceCheckerTest, EmptyTracesAreEqual) {
  EXPECT_TRUE(compare_trace({}, {}, read).equal);
  EXPECT_FALSE(compare_trace({}, non_empty_lines("A"), read).equal);
}

}  // namespace trace_checker_test
}  // namespace
}  // namespace sg
