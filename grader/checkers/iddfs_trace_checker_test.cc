#include "checkers/iddfs_trace_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "checkers/move_path_checker.h"
#include "notation/lisp_grid.h"
#include "notation/lisp_trace.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace iddfs_trace_checker_test {

using ::testing::HasSubstr;

// Seed 001's example, read through its own notation; expectations come from the reference.
struct Seed {
  LispPuzzleFile file = parse_lisp_puzzle_file(
      "(3 4)\n((7 * 2) (9 6 4) (13 14 9) (0 11 10))\n((7 6 2) (9 4 9) (13 14 10) (* 0 11))\n");
  ref::TilePuzzle puzzle{file.size.rows, file.size.cols, ref::Topology::bounded, file.goal};
  ref::TileProblem problem{puzzle, file.start, ref::Heuristic::zero,
                           ref::IddfsOptions{}.move_order};
  IddfsTraceExpected expected;
  std::string output;
  Seed() {
    expected.reference = ref::traced_iterative_deepening(problem, expected.options);
    expected.action_text = [](const std::string& action) {
      return lisp_move_name(*ref::parse_blank_move(action));
    };
    expected.order_hint = "the blank tries its moves in the order UP, DOWN, LEFT, RIGHT";
    // The board's path judgement, as the iddfs_trace kind gives it.
    expected.judge_path = [this](const std::vector<std::string>& words) {
      std::vector<ref::BlankMove> moves;
      for (const auto& word : words) moves.push_back(*parse_lisp_move_name(word));
      MovePathExpected want;
      want.start = file.start;
      want.optimal_length = expected.reference.actions.size();
      return check_move_path(puzzle, want, moves,
                             MoveNotation{lisp_move_name, [this](const ref::Tiles& tiles) {
                                            return print_lisp_grid(tiles, file.size);
                                          }});
    };
    output = iddfs_expected_output(expected);
  }
  Seed(const Seed&) = delete;
  // The expected output with line `index` (0-based) replaced.
  std::string with_line(std::size_t index, const std::string& text) const {
    std::string out;
    std::size_t start = 0;
    for (std::size_t i = 0; start < output.size(); ++i) {
      const std::size_t end = output.find('\n', start);
      out += (i == index ? text : output.substr(start, end - start)) + "\n";
      start = end + 1;
    }
    return out;
  }
};

TEST(IddfsTraceCheckerTest, TheReferenceOutputPassesBothAspects) {
  const Seed seed;
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, seed.output);
  EXPECT_TRUE(check.trace.passed) << check.trace.feedback;
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_THAT(seed.output, ::testing::StartsWith("(1 DOWN)\n(CHECK)\n(1 LEFT)\n"));
  EXPECT_THAT(check.expected_text, HasSubstr("more trace lines"));
}

TEST(IddfsTraceCheckerTest, AWrongMoveOrderNamesTheLineTheLimitAndTheOrder) {
  const Seed seed;
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, seed.with_line(0, "(1 LEFT)"));
  EXPECT_FALSE(check.trace.passed);
  EXPECT_TRUE(check.path.passed);
  EXPECT_THAT(check.trace.feedback,
              HasSubstr("trace line 1 (output line 1, in the iteration with depth limit 1): "
                        "expected `(1 DOWN)`, got `(1 LEFT)`"));
  EXPECT_THAT(check.trace.feedback, HasSubstr("UP, DOWN, LEFT, RIGHT"));
}

TEST(IddfsTraceCheckerTest, AMissingCheckAtTheLimitIsExplained) {
  const Seed seed;
  // Line 7 is the depth-limit-2 iteration's "(2 UP)", line 8 its "(CHECK)".
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, seed.with_line(8, "(3 UP)"));
  EXPECT_FALSE(check.trace.passed);
  EXPECT_THAT(check.trace.feedback, HasSubstr("depth limit 2"));
  EXPECT_THAT(check.trace.feedback, HasSubstr("print (CHECK) there"));
}

TEST(IddfsTraceCheckerTest, ALimitZeroIterationIsExplained) {
  const Seed seed;
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, "(CHECK)\n" + seed.output);
  EXPECT_FALSE(check.trace.passed);
  EXPECT_THAT(check.trace.feedback, HasSubstr("depth limits start at 1"));
}

TEST(IddfsTraceCheckerTest, AWrongPathFailsOnlyThePath) {
  const Seed seed;
  const std::string output =
      seed.output.substr(0, seed.output.rfind("(PATH")) + "(PATH-TO-GOAL (LEFT LEFT))\n";
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, output);
  EXPECT_TRUE(check.trace.passed) << check.trace.feedback;
  EXPECT_FALSE(check.path.passed);
  EXPECT_THAT(check.path.feedback,
              HasSubstr("move 2 of the path (LEFT) is illegal: in ((* 7 2) (9 6 4) (13 14 9) "
                        "(0 11 10)) the blank is in the leftmost column"));
}

TEST(IddfsTraceCheckerTest, AMissingPathLineIsReported) {
  const Seed seed;
  const std::string output = seed.output.substr(0, seed.output.rfind("(PATH"));
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, output);
  EXPECT_TRUE(check.trace.passed);
  EXPECT_FALSE(check.path.passed);
  EXPECT_THAT(check.path.feedback,
              HasSubstr("no path line was printed; expected `(PATH-TO-GOAL ("));
}

TEST(IddfsTraceCheckerTest, StartEqualToGoalExpectsNoTrace) {
  Seed seed;
  const ref::TileProblem at_goal(seed.puzzle, seed.file.goal, ref::Heuristic::zero,
                                 ref::IddfsOptions{}.move_order);
  seed.expected.reference = ref::traced_iterative_deepening(at_goal);
  EXPECT_TRUE(check_iddfs_output(seed.expected, "(PATH-TO-GOAL ())\n").trace.passed);
  const IddfsOutputCheck check = check_iddfs_output(seed.expected, "(1 DOWN)\n(PATH-TO-GOAL ())\n");
  EXPECT_FALSE(check.trace.passed);
  EXPECT_THAT(check.trace.feedback, HasSubstr("the start already is the goal"));
}

}  // namespace iddfs_trace_checker_test
}  // namespace
}  // namespace sg
