#include "engine/submission_paths.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace submission_paths_test {

TEST(SubmissionPaths, SandboxPathsBecomePathsInTheSubmission) {
  EXPECT_EQ(relative_to_submission("  File \"/box/./eightpuzzle.py\", line 75", "/box"),
            "  File \"eightpuzzle.py\", line 75");
  EXPECT_EQ(relative_to_submission("/tmp/sg-run-QP0uPJ/box/src/main.cc:3:1: error",
                                   "/tmp/sg-run-QP0uPJ/box"),
            "src/main.cc:3:1: error");
  EXPECT_EQ(relative_to_submission("cd /box && make", "/box/"), "cd . && make");
  EXPECT_EQ(relative_to_submission("/boxes/x and /box/y", "/box"), "/boxes/x and y");
  EXPECT_EQ(relative_to_submission("/etc/passwd", ""), "/etc/passwd");
  EXPECT_EQ(relative_to_submission("/etc/passwd", "/"), "/etc/passwd");
}

TEST(SubmissionPaths, EveryTextOfAnOutcomeIsRewritten) {
  TestOutcome outcome;
  outcome.observed = "/box/a.py";
  outcome.feedback = "in /box/a.py";
  outcome.notes = {"wrote /box/out.txt"};
  outcome.aspects = {{"path", "c", false, "see /box/a.py"}};
  show_paths_relative_to_submission(outcome, "/box");
  EXPECT_EQ(outcome.observed, "a.py");
  EXPECT_EQ(outcome.feedback, "in a.py");
  EXPECT_EQ(outcome.notes[0], "wrote out.txt");
  EXPECT_EQ(outcome.aspects[0].feedback, "see a.py");
}

}  // namespace submission_paths_test
}  // namespace
}  // namespace sg
