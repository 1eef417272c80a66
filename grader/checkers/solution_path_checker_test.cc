#include "checkers/solution_path_checker.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "checkers/state_text.h"
#include "reference/queue_length.h"

namespace sg {
namespace {

const ref::TilePuzzle kTorus(3, 3, ref::Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
constexpr ref::Heuristic kH = ref::Heuristic::misplaced_tiles;

SolutionPathExpected expected_for(const ref::Tiles& start,
                                  MaxQueueLine line = MaxQueueLine::optional) {
  const auto result = ref::astar(kTorus, start, kH);
  SolutionPathExpected expected;
  expected.start = start;
  expected.reference_path = result.path;
  expected.reference_max_queue = result.max_frontier;
  expected.max_queue_line = line;
  expected.heuristic_name = "misplaced tiles";
  return expected;
}

std::string render(const std::vector<ref::Tiles>& states, const std::string& separator = " ",
                   bool max_line = true, std::size_t max_queue = 0) {
  std::string text;
  for (std::size_t i = 0; i < states.size(); ++i) {
    text += fmt::format("{}{}h={}{}moves: {}\n", python_list(states[i]), separator,
                        ref::evaluate(kTorus, states[i], kH), separator, i);
  }
  if (max_line) text += fmt::format("Max queue length: {}\n", max_queue);
  return text;
}

std::vector<ref::Tiles> states_of(const std::vector<ref::SearchStep>& path) {
  std::vector<ref::Tiles> states;
  for (const auto& step : path) states.push_back(step.state);
  return states;
}

TEST(SolutionPathChecker, AcceptsTheSeedsPublishedTraceWithItsDoubleSpaces) {
  const std::string seed_output =
      "[1, 2, 3, 4, 5, 6, 7, 0, 8]  h=1  moves: 0\n"
      "[1, 2, 3, 4, 5, 6, 7, 8, 0]  h=0  moves: 1\n"
      "Max queue length: 4\n";
  const auto check =
      check_solution_path(kTorus, kH, expected_for({1, 2, 3, 4, 5, 6, 7, 0, 8}), seed_output);
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_TRUE(check.heuristic.passed) << check.heuristic.feedback;
  EXPECT_TRUE(check.format.passed) << check.format.feedback;
  EXPECT_TRUE(check.notes.empty());
}

TEST(SolutionPathChecker, ReferenceOutputPassesAndMaxQueueMismatchIsAnUngradedNote) {
  const auto expected = expected_for({4, 3, 8, 5, 1, 6, 7, 2, 0});
  const auto check = check_solution_path(kTorus, kH, expected,
                                         render(states_of(expected.reference_path), " ", true, 50));
  EXPECT_TRUE(check.path.passed);
  EXPECT_TRUE(check.format.passed);
  ASSERT_EQ(check.notes.size(), 1u);
  EXPECT_NE(check.notes[0].find("reaches 46"), std::string::npos);
  EXPECT_NE(check.notes[0].find("not graded"), std::string::npos);
}

TEST(SolutionPathChecker, AnotherOptimalPathPassesWithANoteUnlessTheExactPathIsDemanded) {
  const ref::Tiles start = {8, 7, 6, 5, 4, 3, 2, 1, 0};
  auto expected = expected_for(start);
  ref::FrontierPolicy lifo;
  lifo.tie_break = ref::TieBreak::latest_inserted;
  const auto other = ref::astar(kTorus, start, kH, lifo);
  ASSERT_EQ(other.path.size(), expected.reference_path.size());
  ASSERT_NE(states_of(other.path), states_of(expected.reference_path))
      << "need a different optimal path";
  const std::string printed = render(states_of(other.path));
  auto check = check_solution_path(kTorus, kH, expected, printed);
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  ASSERT_FALSE(check.notes.empty());
  EXPECT_NE(check.notes[0].find("leaves the reference's"), std::string::npos);
  expected.exact_path = true;
  check = check_solution_path(kTorus, kH, expected, printed);
  EXPECT_FALSE(check.path.passed);
  EXPECT_NE(check.path.feedback.find("demands the exact path"), std::string::npos);
}

TEST(SolutionPathChecker, LongerLegalPathIsNotOptimal) {
  const auto expected = expected_for({1, 2, 3, 4, 5, 6, 7, 0, 8});
  // Wander: start -> goal -> back -> goal (legal moves, 3 instead of 1).
  const ref::Tiles start = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  const ref::Tiles goal = kTorus.goal();
  const auto check = check_solution_path(kTorus, kH, expected, render({start, goal, start, goal}));
  EXPECT_FALSE(check.path.passed);
  EXPECT_NE(check.path.feedback.find("takes 3 moves, but the shortest takes 1"), std::string::npos);
}

TEST(SolutionPathChecker, IllegalJumpAndWrongStartAndUnfinishedPathAreNamed) {
  const auto expected = expected_for({4, 3, 8, 5, 1, 6, 7, 2, 0});
  auto states = states_of(expected.reference_path);
  auto jump = states;
  jump.erase(jump.begin() + 3);
  auto check = check_solution_path(kTorus, kH, expected, render(jump));
  EXPECT_FALSE(check.path.passed);
  EXPECT_NE(check.path.feedback.find("line 4"), std::string::npos);
  EXPECT_NE(check.path.feedback.find("one legal move"), std::string::npos);

  auto no_start = states;
  no_start.erase(no_start.begin());
  check = check_solution_path(kTorus, kH, expected, render(no_start));
  EXPECT_NE(check.path.feedback.find("must begin with the start state"), std::string::npos);

  auto unfinished = states;
  unfinished.pop_back();
  check = check_solution_path(kTorus, kH, expected, render(unfinished));
  EXPECT_NE(check.path.feedback.find("not the goal"), std::string::npos);
}

TEST(SolutionPathChecker, WrongHFailsTheHeuristicAspectWithABlankHint) {
  const auto expected = expected_for({4, 3, 8, 5, 1, 6, 7, 2, 0});
  std::string printed;
  const auto& path = expected.reference_path;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const bool blank_home = path[i].state.back() == 0;
    printed += fmt::format("{} h={} moves: {}\n", python_list(path[i].state),
                           path[i].h + (blank_home ? 0 : 1), i);
  }
  const auto check = check_solution_path(kTorus, kH, expected, printed);
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_FALSE(check.heuristic.passed);
  EXPECT_NE(check.heuristic.feedback.find("line 2"), std::string::npos);
  EXPECT_NE(check.heuristic.feedback.find("do not count the blank"), std::string::npos);
}

TEST(SolutionPathChecker, StudentSpacingVariantsFailOnlyTheFormat) {
  const auto expected = expected_for({4, 3, 8, 5, 1, 6, 7, 2, 0});
  std::string printed;
  for (const auto& step : expected.reference_path) {
    printed += fmt::format("{} h = {} moves:{}\n", python_list(step.state), step.h, step.g);
  }
  const auto check = check_solution_path(kTorus, kH, expected, printed);
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_TRUE(check.heuristic.passed) << check.heuristic.feedback;
  EXPECT_FALSE(check.format.passed);
  EXPECT_NE(check.format.feedback.find("should read `[4, 3, 8, 5, 1, 6, 7, 2, 0] h=6 moves: 0`"),
            std::string::npos);
}

TEST(SolutionPathChecker, MaxQueueLineFollowsTheSpecsPolicy) {
  const ref::Tiles start = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  const std::string without = render(states_of(expected_for(start).reference_path), " ", false);
  EXPECT_TRUE(check_solution_path(kTorus, kH, expected_for(start), without).format.passed);
  const auto required =
      check_solution_path(kTorus, kH, expected_for(start, MaxQueueLine::required), without);
  EXPECT_FALSE(required.format.passed);
  EXPECT_NE(required.format.feedback.find("Max queue length"), std::string::npos);
}

TEST(SolutionPathChecker, MoveCountsMustCountFromZero) {
  const auto expected = expected_for({1, 2, 3, 4, 5, 6, 7, 0, 8});
  const std::string printed =
      "[1, 2, 3, 4, 5, 6, 7, 0, 8] h=1 moves: 1\n[1, 2, 3, 4, 5, 6, 7, 8, 0] h=0 moves: 2\n";
  const auto check = check_solution_path(kTorus, kH, expected, printed);
  EXPECT_FALSE(check.path.passed);
  EXPECT_NE(check.path.feedback.find("moves should be 0"), std::string::npos);
}

TEST(SolutionPathChecker, NothingPrinted) {
  const auto check = check_solution_path(kTorus, kH, expected_for({1, 2, 3, 4, 5, 6, 7, 0, 8}), "");
  EXPECT_FALSE(check.path.passed);
  EXPECT_FALSE(check.heuristic.passed);
  EXPECT_FALSE(check.format.passed);
  EXPECT_NE(check.path.feedback.find("printed no states"), std::string::npos);
}

TEST(SolutionPathChecker, StrayDebugLinesAreAFormatProblem) {
  const auto expected = expected_for({1, 2, 3, 4, 5, 6, 7, 0, 8});
  const std::string printed = "searching...\n" + render(states_of(expected.reference_path));
  const auto check = check_solution_path(kTorus, kH, expected, printed);
  EXPECT_TRUE(check.path.passed);
  EXPECT_FALSE(check.format.passed);
  EXPECT_NE(check.format.feedback.find("unexpected line `searching...`"), std::string::npos);
}

}  // namespace
}  // namespace sg

namespace sg {
namespace {

// The max queue length judged within the range of the frontier variants the reference runs.
TEST(SolutionPathChecker, MaxQueueLengthJudgedWithinTheVariantsRange) {
  const ref::Tiles start = {4, 3, 8, 5, 1, 6, 7, 2, 0};
  SolutionPathExpected expected = expected_for(start);
  const ref::QueueLengthRange range = ref::max_queue_length_range(kTorus, start, kH, {});
  ASSERT_LE(range.low, expected.reference_max_queue);
  ASSERT_GE(range.high, expected.reference_max_queue);
  ASSERT_LT(range.low, range.high) << "the variants differ on this board";
  expected.max_queue_judgement = QueueCountJudgement::range;
  expected.max_queue_low = range.low;
  expected.max_queue_high = range.high;
  const auto states = states_of(expected.reference_path);
  for (const std::size_t count : {range.low, range.high}) {
    const auto check = check_solution_path(kTorus, kH, expected, render(states, " ", true, count));
    EXPECT_TRUE(check.max_queue.passed) << count << ": " << check.max_queue.feedback;
    EXPECT_TRUE(check.max_queue.judged);
  }
  const auto above =
      check_solution_path(kTorus, kH, expected, render(states, " ", true, range.high + 1));
  EXPECT_FALSE(above.max_queue.passed);
  EXPECT_NE(above.max_queue.feedback.find(fmt::format("reaches {} to {}", range.low, range.high)),
            std::string::npos)
      << above.max_queue.feedback;
  const std::string minus_one = render(states, " ", false) + "Max queue length: -1\n";
  const auto bogus = check_solution_path(kTorus, kH, expected, minus_one);
  EXPECT_FALSE(bogus.max_queue.passed);
  EXPECT_TRUE(bogus.format.passed) << "-1 is a count, not a format mistake";
  EXPECT_NE(bogus.max_queue.feedback.find("cannot be a queue's largest length"), std::string::npos);
  const auto missing = check_solution_path(kTorus, kH, expected, render(states, " ", false));
  EXPECT_FALSE(missing.max_queue.passed);

  expected.max_queue_judgement = QueueCountJudgement::exact;
  const std::size_t other =
      range.low != expected.reference_max_queue ? range.low : range.high;  // in range, not it
  EXPECT_FALSE(
      check_solution_path(kTorus, kH, expected, render(states, " ", true, other)).max_queue.passed);
  EXPECT_TRUE(check_solution_path(kTorus, kH, expected,
                                  render(states, " ", true, expected.reference_max_queue))
                  .max_queue.passed);
  expected.max_queue_judgement = QueueCountJudgement::feedback;
  const auto note = check_solution_path(kTorus, kH, expected, minus_one);
  EXPECT_FALSE(note.max_queue.judged);
  EXPECT_FALSE(note.notes.empty()) << "a different count is still shown";
}

}  // namespace
}  // namespace sg
