// End-to-end tests of `searchgrader check`: only visible tests run, nothing about a hidden test
// (name, id, input) reaches the output, and the summary speaks of visible tests only.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "cli/command_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace check_command_test {

using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kSpec = std::string(SG_SOURCE_DIR) + "/specs/torus-8-puzzle.yaml";

std::size_t visible_tests(const Assignment& assignment) {
  std::size_t count = 0;
  for (const TestSpec& test : assignment.tests) {
    count += test.visibility == Visibility::visible ? 1 : 0;
  }
  return count;
}

TEST(CheckCommand, NeverShowsAHiddenTestsNameOrInput) {
  const Assignment assignment = load_spec(kSpec);
  const auto result = run_shell(searchgrader() + " check " + kSpec + " " + SG_SOURCE_DIR +
                                "/fixtures/torus/buggy-unsorted-successors --progress-lines");
  ASSERT_EQ(result.exit_code, 1) << result.output;  // visible tests failed: scripts can tell
  std::size_t hidden = 0;
  for (const TestSpec& test : assignment.tests) {
    if (test.visibility == Visibility::visible) {
      EXPECT_THAT(result.output, HasSubstr(test.name)) << test.id;
      continue;
    }
    ++hidden;
    EXPECT_THAT(result.output, Not(HasSubstr(test.name))) << test.id;
    EXPECT_THAT(result.output, Not(HasSubstr(test.id + ":"))) << test.id;
    if (test.input.contains("state")) {
      // The state as the driver would print it, e.g. "[8, 7, 6, 5, 0, 4, 3, 2, 1]".
      std::string state = "[";
      for (const auto& tile : test.input["state"]) {
        state += (state.size() > 1 ? ", " : "") + tile.dump();
      }
      state += "]";
      // Not as a call's argument ("print_succ([...])"); the same state may well be an expected
      // successor of a visible test.
      EXPECT_THAT(result.output, Not(HasSubstr("(" + state + ")"))) << test.id;
    }
  }
  ASSERT_GT(hidden, 0u);
  // The buggy submission fails every visible print_succ test (their order is wrong).
  std::size_t failing = 0;
  for (const TestSpec& test : assignment.tests) {
    failing += test.visibility == Visibility::visible && test.kind == "print_succ" ? 1 : 0;
  }
  EXPECT_THAT(result.output,
              HasSubstr(std::to_string(failing) + " of " +
                        std::to_string(visible_tests(assignment)) + " visible tests failed."));
  EXPECT_THAT(result.output, HasSubstr(std::to_string(hidden) + " hidden tests are not run"));
  EXPECT_THAT(result.output, Not(HasSubstr("Score")));
}

TEST(CheckCommand, ACorrectSubmissionPassesAllVisibleTests) {
  const Assignment assignment = load_spec(kSpec);
  const auto result = run_shell(
      searchgrader() + " check " + kSpec + " " + SG_SOURCE_DIR + "/fixtures/torus/correct", false);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("All " + std::to_string(visible_tests(assignment)) +
                                       " visible tests passed."));
}

TEST(CheckCommand, AMissingDriverOrInterpreterIsOneGraderFaultBeforeAnyTest) {
  const std::string submission = std::string(SG_SOURCE_DIR) + "/fixtures/torus/correct";
  auto result = run_shell(searchgrader() + " check " + kSpec + " " + submission +
                          " --driver-dir /nonexistent/drivers --progress-lines");
  EXPECT_EQ(result.exit_code, 3) << result.output;
  EXPECT_THAT(result.output, HasSubstr("/nonexistent/drivers/python_driver.py is missing"));
  EXPECT_THAT(result.output, Not(HasSubstr("[1/")));  // no test ran
  result = run_shell(searchgrader() + " check " + kSpec + " " + submission +
                     " --python /nonexistent/python3");
  EXPECT_EQ(result.exit_code, 3) << result.output;
  EXPECT_THAT(result.output, HasSubstr("'/nonexistent/python3' does not exist"));
}

TEST(CheckCommand, UnusableInputExitsTwo) {
  auto result = run_shell(searchgrader() + " check " + kSpec + " /nonexistent/submission");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("no such submission"));
  result = run_shell(searchgrader() + " check /nonexistent/spec.yaml /tmp");
  EXPECT_EQ(result.exit_code, 2);
}

}  // namespace check_command_test
}  // namespace
}  // namespace sg
