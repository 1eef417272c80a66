// FeedbackOutline: what per-student feedback shows, decided once for the Markdown and HTML
// renderers: which tests a reader may see in full, how each test and criterion is labelled, and
// which criterion summaries are safe to show. A student never sees a hidden test's name, call,
// expected or observed output, feedback or notes; hidden tests appear as "hidden test N".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reports/audience.h"

namespace sg::report_detail {

/// One test as a rendering shows it.
struct TestLine {
  std::size_t index = 0;      ///< Into report.tests.
  bool withheld = false;      ///< Show only `label` and `outcome`.
  bool failing = false;       ///< Not passed overall (for its criteria or on its own).
  bool grader_error = false;  ///< Verdict grader_error: not the student's fault.
  bool scored = true;         ///< Bound to some rubric criterion (else feedback only).
  std::string label;          ///< Test name (or id), or "hidden test N"; printable text.
  std::string outcome;        ///< "passed", "failed", a verdict ("time limit exceeded"), or
                              ///< "not graded (grader error)".
};

/// One rubric line as a rendering shows it.
struct CriterionLine {
  std::size_t index = 0;  ///< Into report.criteria.
  std::string name;       ///< Printable.
  std::string points;     ///< "5/5", or "-/20" when ungraded (manual, grader error).
  std::string status;     ///< "passed", "partial", "failed", "pending (manual)", "grader error".
  /// The grader's summary when every test behind it is visible to the reader, otherwise a count
  /// such as "2 of 3 tests passed."; printable, may span lines.
  std::string summary;
  std::vector<std::size_t> tests;  ///< Indices into FeedbackOutline::tests, rubric order.
};

struct FeedbackOutline {
  std::string title;  ///< Assignment title, or id, or "SearchGrader report".
  std::string score;  ///< "85/100", with " (+10 pending manual grading)" if any.
  std::vector<CriterionLine> criteria;
  std::vector<TestLine> tests;  ///< One per report test, report order.
};

/// Builds the outline of `report` for `audience`.
FeedbackOutline outline_feedback(const GradeReport& report, Audience audience);

}  // namespace sg::report_detail
