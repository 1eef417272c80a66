#include "reports/junit_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace junit_report_test {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(JUnitReport, WhatAStudentPrintedCannotBreakTheDocument) {
  GradeReport report;
  report.assignment_id = "demo";
  TestOutcome test;
  test.id = "t1";
  test.name = "bfs <A> & \"B\"";
  test.verdict = Verdict::wrong_answer;
  test.observed = std::string("]]></failure><x a='1'>\x01\x1b[31m\xff");
  report.tests.push_back(test);
  const std::string xml = render_junit({junit_suite(report)});
  EXPECT_THAT(xml, HasSubstr("name=\"bfs &lt;A&gt; &amp; &quot;B&quot;\""));
  EXPECT_THAT(xml, HasSubstr("]]&gt;&lt;/failure&gt;&lt;x a=&#39;1&#39;&gt;"));
  EXPECT_THAT(xml, Not(HasSubstr("\x01")));
  EXPECT_THAT(xml, Not(HasSubstr("\x1b")));
  EXPECT_THAT(xml, Not(HasSubstr("\xff")));  // not UTF-8
  EXPECT_THAT(xml, HasSubstr("failures=\"1\""));
}

TEST(JUnitReport, AGraderErrorIsAnErrorNotAFailure) {
  GradeReport report;
  TestOutcome test;
  test.id = "t1";
  test.verdict = Verdict::grader_error;
  report.tests.push_back(test);
  const std::string xml = render_junit({junit_suite(report)});
  EXPECT_THAT(xml, HasSubstr("errors=\"1\""));
  EXPECT_THAT(xml, HasSubstr("failures=\"0\""));
  EXPECT_THAT(xml, HasSubstr("<error message=\"grader error\">"));
}

TEST(JUnitReport, SurvivingMutantsFailOnlyWhenAsked) {
  AuditReport report;
  report.assignment_id = "demo";
  MutantAudit survivor;
  survivor.id = "lifo";
  survivor.mistake = "uses a stack";
  report.mutants.push_back(survivor);
  EXPECT_THAT(render_junit(junit_suites(report, false)), HasSubstr("failures=\"0\""));
  EXPECT_THAT(render_junit(junit_suites(report, true)), HasSubstr("failures=\"1\""));
}

}  // namespace junit_report_test
}  // namespace
}  // namespace sg
