#include "engine/shared_feedback.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace shared_feedback_test {

TestOutcome failed(const std::string& id, const std::string& feedback) {
  TestOutcome test;
  test.id = id;
  test.verdict = Verdict::runtime_error;
  test.feedback = feedback;
  test.aspects = {{"path", "c", false, feedback}};
  return test;
}

TEST(SharedFeedback, ALongErrorRepeatedInManyTestsIsKeptOnce) {
  const std::string traceback =
      "importing torus_puzzle.py failed: ModuleNotFoundError: No module named 'helpers'\n"
      "Traceback (most recent call last):\n  File \"torus_puzzle.py\", line 3\n";
  GradeReport report;
  for (int i = 0; i < 30; ++i) report.tests.push_back(failed(std::to_string(i), traceback));
  report.tests.push_back(failed("other", "a one-line problem"));
  report.tests.push_back(failed("other2", "a one-line problem"));
  share_repeated_feedback(report);
  ASSERT_EQ(report.shared_feedback.size(), 1u);
  EXPECT_EQ(report.shared_feedback[0].id, "E1");
  EXPECT_EQ(report.shared_feedback[0].text, traceback);
  EXPECT_EQ(report.shared_feedback[0].test_ids.size(), 30u);
  for (int i = 0; i < 30; ++i) {
    const TestOutcome& test = report.tests[static_cast<std::size_t>(i)];
    EXPECT_EQ(test.feedback,
              "importing torus_puzzle.py failed: ModuleNotFoundError: No module named 'helpers' "
              "(error E1, shown in full once for the whole submission)");
    EXPECT_EQ(test.aspects[0].feedback, test.feedback);
  }
  EXPECT_EQ(report.tests[30].feedback, "a one-line problem");  // short: stays where it is
}

TEST(SharedFeedback, AnErrorInOneTestOnlyStaysInIt) {
  GradeReport report;
  report.tests.push_back(failed("a", "line one\nline two"));
  report.tests.push_back(failed("b", "line one\nline three"));
  share_repeated_feedback(report);
  EXPECT_TRUE(report.shared_feedback.empty());
  EXPECT_EQ(report.tests[0].feedback, "line one\nline two");
}

}  // namespace shared_feedback_test
}  // namespace
}  // namespace sg
