#include "checkers/successor_listing_checker.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "checkers/state_text.h"

namespace sg {
namespace {

const ref::TilePuzzle kTorus(3, 3, ref::Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});

SuccessorListingExpected expected_for(const ref::Tiles& state) {
  return expected_successor_listing(
      kTorus, ref::Heuristic::misplaced_tiles, state, true,
      {std::begin(ref::kAllBlankMoves), std::end(ref::kAllBlankMoves)});
}

std::string render(const std::vector<ExpectedSuccessor>& successors,
                   const char* separator = " h=") {
  std::string text;
  for (const auto& successor : successors)
    text += fmt::format("{}{}{}\n", python_list(successor.state), separator, successor.h);
  return text;
}

TEST(SuccessorListingChecker, AcceptsTheSeedsPublishedOutput) {
  const std::string seed_output =
      "[1, 2, 0, 4, 5, 3, 6, 7, 8] h=4\n"
      "[1, 2, 3, 0, 5, 4, 6, 7, 8] h=4\n"
      "[1, 2, 3, 4, 0, 5, 6, 7, 8] h=4\n"
      "[1, 2, 3, 4, 5, 8, 6, 7, 0] h=3\n";
  const auto check =
      check_successor_listing(kTorus, expected_for({1, 2, 3, 4, 5, 0, 6, 7, 8}), seed_output);
  EXPECT_TRUE(check.successors.passed) << check.successors.feedback;
  EXPECT_TRUE(check.order.passed) << check.order.feedback;
  EXPECT_TRUE(check.format.passed) << check.format.feedback;
  EXPECT_EQ(check.expected_text + "\n", seed_output);
}

TEST(SuccessorListingChecker, UnsortedOutputFailsOnlyTheOrder) {
  auto expected = expected_for({8, 7, 6, 5, 4, 3, 2, 1, 0});
  auto shuffled = expected.successors;
  std::swap(shuffled[0], shuffled[3]);
  const auto check = check_successor_listing(kTorus, expected, render(shuffled));
  EXPECT_TRUE(check.successors.passed);
  EXPECT_TRUE(check.format.passed);
  EXPECT_FALSE(check.order.passed);
  EXPECT_NE(check.order.feedback.find("ascending"), std::string::npos);
  EXPECT_NE(check.order.feedback.find("line 2"), std::string::npos);
}

TEST(SuccessorListingChecker, MissingWrapSuccessorIsNamedWithItsMove) {
  auto expected = expected_for({8, 7, 6, 5, 4, 3, 2, 1, 0});
  std::vector<ExpectedSuccessor> bounded_only;
  for (const auto& successor : expected.successors) {
    if (!successor.wraps) bounded_only.push_back(successor);
  }
  ASSERT_EQ(bounded_only.size(), 2u);
  const auto check = check_successor_listing(kTorus, expected, render(bounded_only));
  EXPECT_FALSE(check.successors.passed);
  EXPECT_TRUE(check.order.passed);
  EXPECT_NE(check.successors.feedback.find("missing successor"), std::string::npos);
  EXPECT_NE(check.successors.feedback.find("wraps around to the top row"), std::string::npos);
  EXPECT_NE(check.successors.feedback.find("wraps around to the first column"), std::string::npos);
}

TEST(SuccessorListingChecker, HeuristicCountingTheBlankGetsAHint) {
  auto expected = expected_for({1, 2, 3, 4, 5, 0, 6, 7, 8});
  auto wrong = expected.successors;
  for (auto& successor : wrong) {
    if (successor.state.back() != 0) ++successor.h;  // Count the blank where it is out of place.
  }
  const auto check = check_successor_listing(kTorus, expected, render(wrong));
  EXPECT_FALSE(check.successors.passed);
  EXPECT_NE(check.successors.feedback.find("should be 4, not 5"), std::string::npos);
  EXPECT_NE(check.successors.feedback.find("must not count the blank"), std::string::npos);
}

TEST(SuccessorListingChecker, SpacingAroundTheEqualsSignIsAFormatMatterOnly) {
  auto expected = expected_for({1, 2, 3, 4, 0, 5, 6, 7, 8});
  const auto check =
      check_successor_listing(kTorus, expected, render(expected.successors, " h = "));
  EXPECT_TRUE(check.successors.passed) << check.successors.feedback;
  EXPECT_TRUE(check.order.passed);
  EXPECT_FALSE(check.format.passed);
  EXPECT_NE(check.format.feedback.find("should read"), std::string::npos);
}

TEST(SuccessorListingChecker, ExtraDuplicateAndForeignLinesAreExplained) {
  auto expected = expected_for({1, 2, 3, 4, 5, 0, 6, 7, 8});
  std::string printed = render(expected.successors);
  printed += python_list(expected.successors[0].state) + " h=4\n";  // duplicate
  printed += "[1, 2, 3, 4, 5, 6, 7, 8, 0] h=0\n";                   // not one move away
  printed += "[1, 2, 3, 4, 5, 6, 7, 8, 8] h=0\n";                   // not a state
  printed += "[1, 2, 3, x] h=0\n";                                  // a broken list
  const auto check = check_successor_listing(kTorus, expected, printed);
  EXPECT_FALSE(check.successors.passed);
  EXPECT_NE(check.successors.feedback.find("printed again"), std::string::npos);
  EXPECT_NE(check.successors.feedback.find("is not a successor"), std::string::npos);
  EXPECT_NE(check.successors.feedback.find("not a state of this puzzle"), std::string::npos);
  EXPECT_NE(check.successors.feedback.find("does not contain a state"), std::string::npos);
}

// Correctness apart from format: a debugging line is not a wrong successor.
TEST(SuccessorListingChecker, ALineWithoutAStateIsLeftToTheFormatCheck) {
  auto expected = expected_for({1, 2, 3, 4, 5, 0, 6, 7, 8});
  const std::string printed = "print_succ started\n" + render(expected.successors) + "done\n";
  const auto check = check_successor_listing(kTorus, expected, printed);
  EXPECT_TRUE(check.successors.passed) << check.successors.feedback;
  EXPECT_TRUE(check.order.passed) << check.order.feedback;
  EXPECT_NE(check.successors.feedback.find("line 1 (`print_succ started`)"), std::string::npos)
      << check.successors.feedback;
  EXPECT_FALSE(check.format.passed);
  EXPECT_NE(check.format.feedback.find("line 1: `print_succ started`"), std::string::npos)
      << check.format.feedback;
  EXPECT_NE(check.format.feedback.find("line 6: `done`"), std::string::npos)
      << check.format.feedback;
}

TEST(SuccessorListingChecker, OnlyChatterIsNoSuccessorAtAll) {
  const auto check = check_successor_listing(kTorus, expected_for({1, 2, 3, 4, 5, 0, 6, 7, 8}),
                                             "starting\nfinished\n");
  EXPECT_FALSE(check.successors.passed);
  EXPECT_NE(check.successors.feedback.find("no line of the output holds a state"),
            std::string::npos)
      << check.successors.feedback;
}

TEST(SuccessorListingChecker, NothingPrintedFailsEverything) {
  const auto check = check_successor_listing(kTorus, expected_for({1, 2, 3, 4, 5, 0, 6, 7, 8}), "");
  EXPECT_FALSE(check.successors.passed);
  EXPECT_FALSE(check.order.passed);
  EXPECT_FALSE(check.format.passed);
  EXPECT_NE(check.successors.feedback.find("nothing was printed"), std::string::npos);
}

TEST(SuccessorListingChecker, BoundedPuzzleDescribesPlainMoves) {
  const ref::TilePuzzle bounded(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  const auto expected = expected_successor_listing(bounded, ref::Heuristic::misplaced_tiles,
                                                   {1, 2, 3, 4, 5, 6, 7, 8, 0}, true, {});
  ASSERT_EQ(expected.successors.size(), 2u);
  const auto check = check_successor_listing(bounded, expected, "");
  EXPECT_NE(check.successors.feedback.find("the blank moves up"), std::string::npos);
  EXPECT_EQ(check.successors.feedback.find("wraps"), std::string::npos);
}

}  // namespace
}  // namespace sg
