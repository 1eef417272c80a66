// JUnit XML, the test-result format CI systems read (Jenkins, GitLab, GitHub Actions' test
// reporters): one <testsuite> per spec or submission, one <testcase> per test, fixture or
// mutant, with <failure> for a wrong outcome and <error> for a grader fault. The schema followed
// is the common Jenkins/Ant one (testsuites > testsuite > testcase > failure | error | skipped,
// system-out). Renders only: what counts as a failure is decided by whoever fills the suites.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/audit_report.h"
#include "model/grade_report.h"

namespace sg {

struct JUnitCase {
  std::string classname;  ///< Dotted group, e.g. "road-map-search.fixtures".
  std::string name;
  double seconds = 0.0;                ///< Wall clock.
  std::optional<std::string> failure;  ///< A wrong outcome: the message.
  std::optional<std::string> error;    ///< The grader could not decide: the message.
  std::optional<std::string> skipped;  ///< Not run: why.
  std::string details;                 ///< Body of the failure/error, or system-out.
};

struct JUnitSuite {
  std::string name;
  std::vector<JUnitCase> cases;
};

/// The XML document (UTF-8, escaped; invalid UTF-8 and control characters a student printed are
/// shown as escapes, so the document stays well-formed).
std::string render_junit(const std::vector<JUnitSuite>& suites);

/// One suite for a graded submission: a case per test (failure: wrong answer or any verdict a
/// submission causes; error: grader error). Render student_view(report) for students.
JUnitSuite junit_suite(const GradeReport& report);

/// Two suites for an audit: "<spec>.fixtures" (a case per known submission, failing when it
/// misses its stated outcome; an error on a grader fault) and "<spec>.mutants" (a case per
/// mutant; with `survivors_fail`, a mutant the spec lets through with full marks fails;
/// otherwise it passes and its survival is in system-out).
std::vector<JUnitSuite> junit_suites(const AuditReport& report, bool survivors_fail);

}  // namespace sg
