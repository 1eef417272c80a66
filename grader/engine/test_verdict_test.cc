#include "engine/test_verdict.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scoring/rubric_scoring.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace test_verdict_test {

using ::testing::HasSubstr;

Observation exited(int status, std::string stderr_text = "") {
  Observation observation;
  observation.termination = Termination::exited;
  observation.exit_code = status;
  observation.stderr_stream.data = std::move(stderr_text);
  return observation;
}

// A program test whose kind found every printed answer right.
TestOutcome right_answers() {
  TestOutcome outcome;
  outcome.verdict = Verdict::accepted;
  outcome.aspects = {{"path", "", true, ""}, {"length", "", true, ""}};
  return outcome;
}

struct Graded {
  TestOutcome test;
  CriterionOutcome criterion;
};

// Concludes one test bound to criterion "c" (10 points) and scores it.
Graded conclude(ExitStatusPolicy policy, TestOutcome outcome, const Observation& observation,
                std::map<std::string, std::vector<std::string>> grades = {{"path", {"c"}},
                                                                          {"length", {"c"}}}) {
  Assignment assignment;
  assignment.criteria = {{"c", "C", 10, CriterionScoring::all_or_nothing, false, "", {}}};
  TestSpec test;
  test.id = "t";
  test.name = "t";
  test.kind = "search_program";
  test.exit_status = policy;
  test.grades = std::move(grades);
  conclude_test(test, outcome, &observation, /*program=*/true);
  GradeReport report;
  report.tests = {outcome};
  apply_rubric(assignment, report);
  return {report.tests[0], report.criteria[0]};
}

// The story the issue told: right answers, exit status 1. Whatever the policy, the test line and
// the criterion must tell the same story.
TEST(TestVerdict, ANonZeroExitIsARuntimeErrorThatEarnsNothingWhenTheStatusIsRequired) {
  const Graded graded = conclude(ExitStatusPolicy::required, right_answers(), exited(1, "oops\n"));
  EXPECT_EQ(graded.test.verdict, Verdict::runtime_error);
  EXPECT_THAT(graded.test.feedback, HasSubstr("exited with status 1 (expected 0)"));
  EXPECT_THAT(graded.test.feedback, HasSubstr("oops"));
  for (const auto& aspect : graded.test.aspects) EXPECT_FALSE(aspect.passed) << aspect.aspect;
  EXPECT_EQ(graded.criterion.status, CriterionStatus::failed);
  EXPECT_EQ(graded.criterion.points, 0.0);
}

TEST(TestVerdict, AnIgnoredExitStatusIsOnlyNoted) {
  const Graded graded = conclude(ExitStatusPolicy::ignored, right_answers(), exited(1));
  EXPECT_EQ(graded.test.verdict, Verdict::accepted);
  EXPECT_THAT(graded.test.notes,
              ::testing::Contains(HasSubstr("exited with status 1; this test does not grade")));
  EXPECT_EQ(graded.criterion.status, CriterionStatus::passed);
}

TEST(TestVerdict, AGradedExitStatusIsItsOwnAspect) {
  Graded graded = conclude(ExitStatusPolicy::graded, right_answers(), exited(1),
                           {{"path", {"c"}}, {"length", {"c"}}, {"exit", {"c"}}});
  EXPECT_EQ(graded.test.verdict, Verdict::wrong_answer);
  EXPECT_EQ(graded.criterion.status, CriterionStatus::failed);
  graded = conclude(ExitStatusPolicy::graded, right_answers(), exited(1),
                    {{"path", {"c"}}, {"length", {"c"}}});  // exit bound to nothing
  EXPECT_EQ(graded.test.verdict, Verdict::accepted);
  EXPECT_EQ(graded.criterion.status, CriterionStatus::passed);
  ASSERT_EQ(graded.test.aspects.size(), 3u);
  EXPECT_EQ(graded.test.aspects[2].aspect, "exit");
  EXPECT_FALSE(graded.test.aspects[2].passed);
  graded = conclude(ExitStatusPolicy::graded, right_answers(), exited(0),
                    {{"path", {"c"}}, {"length", {"c"}}, {"exit", {"c"}}});
  EXPECT_EQ(graded.test.verdict, Verdict::accepted);
  EXPECT_EQ(graded.criterion.status, CriterionStatus::passed);
}

TEST(TestVerdict, AFailedBoundAspectIsAWrongAnswerAndAnUnboundOneIsNot) {
  TestOutcome outcome = right_answers();
  outcome.aspects[1].passed = false;
  outcome.aspects[1].feedback = "line 3 says Solution Length 7";
  Graded graded = conclude(ExitStatusPolicy::required, outcome, exited(0));
  EXPECT_EQ(graded.test.verdict, Verdict::wrong_answer);
  EXPECT_EQ(graded.test.feedback, "line 3 says Solution Length 7");
  graded = conclude(ExitStatusPolicy::required, outcome, exited(0), {{"path", {"c"}}});
  EXPECT_EQ(graded.test.verdict, Verdict::accepted);
  EXPECT_EQ(graded.criterion.status, CriterionStatus::passed);
}

TEST(TestVerdict, ATestThatStoppedEarlyEarnsNothingForWhatItPrintedBefore) {
  TestOutcome outcome = right_answers();
  outcome.verdict = Verdict::time_limit_exceeded;
  outcome.feedback = "time limit exceeded while running `solve(...)`";
  const Graded graded = conclude(ExitStatusPolicy::required, outcome, exited(0));
  EXPECT_EQ(graded.test.verdict, Verdict::time_limit_exceeded);
  for (const auto& aspect : graded.test.aspects) {
    EXPECT_FALSE(aspect.passed);
    EXPECT_EQ(aspect.feedback, outcome.feedback);
  }
  EXPECT_EQ(graded.criterion.status, CriterionStatus::failed);
}

TEST(TestVerdict, ATimeLimitOnACalibratedTestSaysWhatACorrectSolutionNeeds) {
  TestSpec test;
  test.id = "t";
  test.limits.cpu_seconds = 360;
  test.calibration = LimitCalibration{"A correct solve() with a list-based queue", 70};
  TestOutcome outcome;
  outcome.verdict = Verdict::time_limit_exceeded;
  outcome.feedback = "time limit exceeded";
  conclude_test(test, outcome, nullptr, false);
  EXPECT_THAT(outcome.feedback,
              HasSubstr("A correct solve() with a list-based queue needs about 70 s of CPU time "
                        "on this test; the limit is 360 s"));
  TestOutcome wrong = right_answers();
  wrong.aspects[0].passed = false;
  conclude_test(test, wrong, nullptr, false);
  EXPECT_THAT(wrong.feedback, ::testing::Not(HasSubstr("needs about")));
}

TEST(TestVerdict, PythonTestsIgnoreTheDriversExitStatus) {
  TestSpec test;
  test.id = "t";
  TestOutcome outcome = right_answers();
  const Observation observation = exited(3);
  conclude_test(test, outcome, &observation, /*program=*/false);
  EXPECT_EQ(outcome.verdict, Verdict::accepted);
}

}  // namespace test_verdict_test
}  // namespace
}  // namespace sg
