#include "scoring/rubric_scoring.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace rubric_scoring_test {

Assignment make_assignment() {
  Assignment assignment;
  assignment.criteria = {
      {"a", "Criterion A", 5, CriterionScoring::all_or_nothing, false, "", {}},
      {"b", "Criterion B", 10, CriterionScoring::proportional, false, "", {}},
      {"m", "Written answers", 20, CriterionScoring::all_or_nothing, true, "", {}}};
  return assignment;
}

TestOutcome test(std::string id, Verdict verdict, std::vector<AspectOutcome> aspects) {
  TestOutcome outcome;
  outcome.id = id;
  outcome.name = id;
  outcome.verdict = verdict;
  outcome.aspects = std::move(aspects);
  return outcome;
}

TEST(RubricScoring, AllOrNothingProportionalAndManual) {
  GradeReport report;
  report.tests = {
      test("t1", Verdict::accepted, {{"x", "a", true, ""}, {"y", "b", true, ""}}),
      test("t2", Verdict::wrong_answer, {{"x", "a", false, "no"}, {"y", "b", true, ""}}),
      test("t3", Verdict::wrong_answer,
           {{"y", "b", false, "no"}, {"z", "", false, "format only"}})};
  apply_rubric(make_assignment(), report);
  ASSERT_EQ(report.criteria.size(), 3u);
  EXPECT_EQ(report.criteria[0].status, CriterionStatus::failed);
  EXPECT_DOUBLE_EQ(report.criteria[0].points, 0.0);
  EXPECT_EQ(report.criteria[0].test_ids, (std::vector<std::string>{"t1", "t2"}));
  EXPECT_EQ(report.criteria[1].status, CriterionStatus::partial);
  EXPECT_NEAR(report.criteria[1].points, 10.0 * 2 / 3, 1e-9);
  EXPECT_EQ(report.criteria[2].status, CriterionStatus::pending_manual);
  EXPECT_DOUBLE_EQ(report.pending_points, 20.0);
  EXPECT_DOUBLE_EQ(report.max_score, 35.0);
  EXPECT_NEAR(report.score, 10.0 * 2 / 3, 1e-9);
  EXPECT_FALSE(report.has_grader_errors);
}

TEST(RubricScoring, FullMarksWhenEveryBoundAspectPasses) {
  GradeReport report;
  report.tests = {test("t1", Verdict::accepted,
                       {{"x", "a", true, ""}, {"y", "b", true, ""}, {"z", "", false, "ungraded"}})};
  apply_rubric(make_assignment(), report);
  EXPECT_EQ(report.criteria[0].status, CriterionStatus::passed);
  EXPECT_DOUBLE_EQ(report.score, 15.0);
}

TEST(RubricScoring, GraderErrorIsNotGradedRatherThanZero) {
  GradeReport report;
  report.tests = {test("t1", Verdict::grader_error, {{"x", "a", false, "grader error"}}),
                  test("t2", Verdict::accepted, {{"y", "b", true, ""}})};
  apply_rubric(make_assignment(), report);
  EXPECT_EQ(report.criteria[0].status, CriterionStatus::grader_error);
  EXPECT_NE(report.criteria[0].summary.find("not counted against"), std::string::npos);
  EXPECT_TRUE(report.has_grader_errors);
  EXPECT_EQ(report.criteria[1].status, CriterionStatus::passed);
}

TEST(RubricScoring, UnjudgedAspectsLeaveTheDecisionToOtherTests) {
  AspectOutcome unjudged{"format", "a", false, "not judged: the test stopped early"};
  unjudged.judged = false;
  GradeReport report;
  report.tests = {test("t1", Verdict::time_limit_exceeded, {unjudged}),
                  test("t2", Verdict::accepted, {{"format", "a", true, ""}}),
                  test("t3", Verdict::accepted, {{"y", "b", true, ""}})};
  apply_rubric(make_assignment(), report);
  EXPECT_EQ(report.criteria[0].status, CriterionStatus::passed);

  report.tests = {test("t1", Verdict::time_limit_exceeded, {unjudged}),
                  test("t3", Verdict::accepted, {{"y", "b", true, ""}})};
  apply_rubric(make_assignment(), report);
  EXPECT_EQ(report.criteria[0].status, CriterionStatus::failed);
  EXPECT_NE(report.criteria[0].summary.find("no test could judge"), std::string::npos);
}

}  // namespace rubric_scoring_test
}  // namespace
}  // namespace sg
