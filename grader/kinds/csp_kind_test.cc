#include "kinds/csp_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace csp_kind_test {

using test_util::aspect;
using test_util::exited;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

const std::string kSolved =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// A puzzle AC-3 alone solves: every fourth cell of kSolved emptied.
std::string easy_puzzle() {
  std::string puzzle = kSolved;
  for (std::size_t i = 0; i < puzzle.size(); i += 4) puzzle[i] = '0';
  return puzzle;
}

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: sudoku}
submission: {language: program, entry: driver.py, output: {file: output.txt}}
adapter:
  type: program
  args: ["{puzzle}"]
  output:
    solution: "^(?<solution>[0-9]{81})"
    method: "^[0-9]{81} (?<method>\\S+)"
rubric: [{id: board, points: 4}, {id: label, points: 1}]
tests:
  - id: t
    kind: csp
    grades: {solution: board, method: label}
)yaml" + test_keys,
                               "specs/sudoku.yaml");
}

TEST(CspKind, ASudokuProgramJudgedByItsBoardAndItsMethod) {
  const Assignment assignment = spec_with("    csp: {sudoku: \"" + easy_puzzle() +
                                          "\"}\n    judge: {solution: true, method: true}\n");
  const CspKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  context.program_command = {"python3", "driver.py"};
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  EXPECT_EQ(invocation.argv.back(), easy_puzzle());
  TestOutcome right =
      kind.evaluate(assignment, assignment.tests.back(), exited(kSolved + " AC3\n"));
  EXPECT_TRUE(aspect(right, "solution").passed);
  EXPECT_TRUE(aspect(right, "method").passed);
  EXPECT_THAT(right.expected,
              HasSubstr("the method: AC3 (AC-3 alone leaves every cell one value)"));
  // Two digits swapped in a row: the broken constraint is named.
  std::string swapped = kSolved;
  std::swap(swapped[0], swapped[4]);  // two cells the puzzle leaves open
  TestOutcome wrong =
      kind.evaluate(assignment, assignment.tests.back(), exited(swapped + " BTS\n"));
  EXPECT_FALSE(aspect(wrong, "solution").passed);
  EXPECT_THAT(aspect(wrong, "solution").feedback, HasSubstr("breaks a constraint"));
  EXPECT_THAT(aspect(wrong, "method").feedback, HasSubstr("the method named is BTS; expected AC3"));
  // A given changed is said so, and a short answer too.
  std::string changed = kSolved;
  changed[1] = kSolved[1] == '9' ? '1' : static_cast<char>(kSolved[1] + 1);
  EXPECT_THAT(aspect(kind.evaluate(assignment, assignment.tests.back(), exited(changed + " AC3\n")),
                     "solution")
                  .feedback,
              HasSubstr("the puzzle gives it"));
  EXPECT_THAT(
      aspect(kind.evaluate(assignment, assignment.tests.back(), exited("123 AC3\n")), "solution")
          .feedback,
      HasSubstr("no line holds a solution"));
}

TEST(CspKind, MutantsAreTheProgramsClassicMistakes) {
  const Assignment assignment = spec_with("    csp: {sudoku: \"" + easy_puzzle() +
                                          "\"}\n    judge: {solution: true, method: true}\n");
  const CspKind kind;
  std::vector<std::string> caught;
  for (const MutantOutcome& mutant : kind.mutant_outcomes(assignment, assignment.tests.back()))
    if (std::any_of(mutant.outcome.aspects.begin(), mutant.outcome.aspects.end(),
                    [](const AspectOutcome& a) { return !a.passed; }))
      caught.push_back(mutant.mutant);
  // AC-3 alone solves this one: stopping after AC-3 is right here, naming AC-3 always too.
  EXPECT_THAT(caught, UnorderedElementsAre("always_search"));
  // A test of the board alone (the 2017 form) cannot see a method: those mistakes do not apply.
  const Assignment board_only =
      spec_with("    csp: {sudoku: \"" + easy_puzzle() + "\"}\n    judge: {solution: true}\n");
  std::vector<std::string> applied;
  for (const MutantOutcome& mutant : kind.mutant_outcomes(board_only, board_only.tests.back()))
    applied.push_back(mutant.mutant);
  EXPECT_THAT(applied, UnorderedElementsAre("ac3_only"));
}

TEST(CspKind, ASpecsMistakesAreNamedWhereTheyAre) {
  const CspKind kind;
  const auto error = [&](const std::string& problem) {
    const Assignment assignment =
        spec_with("    csp: " + problem + "\n    judge: {solution: true, method: true}\n");
    return test_util::validation_error(kind, assignment, assignment.tests.back());
  };
  EXPECT_THAT(error("{sudoku: \"" + std::string(81, '0') + "\"}"),
              HasSubstr("more than one solution"));
  EXPECT_THAT(error("{sudoku: \"123\"}"), HasSubstr("81 characters"));
  EXPECT_THAT(error("{nqueens: 0}"), HasSubstr("nqueens"));
  EXPECT_THAT(error("{map: europe}"), HasSubstr("map: australia"));
}

}  // namespace csp_kind_test
}  // namespace
}  // namespace sg
