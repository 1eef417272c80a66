#include "reports/feedback_outline.h"

#include <fmt/format.h>

#include <set>
#include <string_view>

#include "reports/render_util.h"

namespace sg::report_detail {
namespace {

std::string_view status_word(CriterionStatus status) {
  switch (status) {
    case CriterionStatus::passed:
      return "passed";
    case CriterionStatus::partial:
      return "partial";
    case CriterionStatus::failed:
      return "failed";
    case CriterionStatus::pending_manual:
      return "pending (manual)";
    case CriterionStatus::grader_error:
      return "grader error";
  }
  return "failed";
}

}  // namespace

FeedbackOutline outline_feedback(const GradeReport& report, Audience audience) {
  FeedbackOutline outline;
  // The caller renders the same report it passes here: for a student, student_view(report)
  // (render_feedback_markdown/html do so), so what is withheld is already gone.
  outline.title =
      printable(report.assignment_title.empty() ? report.assignment_id : report.assignment_title);
  if (outline.title.empty()) outline.title = "SearchGrader report";
  outline.score =
      fmt::format("{}/{}", format_points(report.score), format_points(report.max_score));
  if (report.pending_points > 0.0) {
    outline.score +=
        fmt::format(" (+{} pending manual grading)", format_points(report.pending_points));
  }

  const std::vector<std::size_t> hidden = hidden_numbers(report);
  for (std::size_t i = 0; i < report.tests.size(); ++i) {
    const TestOutcome& test = report.tests[i];
    TestLine line;
    line.index = i;
    line.withheld = withheld(test, audience);
    line.failing = fails_overall(test);
    line.grader_error = test.verdict == Verdict::grader_error;
    line.label = line.withheld ? fmt::format("hidden test {}", hidden[i])
                               : printable(test.name.empty() ? test.id : test.name);
    if (line.grader_error) {
      line.outcome = "not graded (grader error)";
    } else if (!line.failing) {
      line.outcome = "passed";
    } else {
      line.outcome = line.withheld ? "failed" : std::string(describe(test.verdict));
    }
    outline.tests.push_back(std::move(line));
  }

  std::set<std::string_view> bound;
  for (std::size_t c = 0; c < report.criteria.size(); ++c) {
    const CriterionOutcome& criterion = report.criteria[c];
    CriterionLine line;
    line.index = c;
    line.name = printable(criterion.name.empty() ? criterion.id : criterion.name);
    const bool ungraded =
        criterion.status == CriterionStatus::pending_manual ||
        (criterion.status == CriterionStatus::grader_error && criterion.points == 0.0);
    line.points = fmt::format("{}/{}", ungraded ? "-" : format_points(criterion.points),
                              format_points(criterion.max_points));
    line.status = std::string(status_word(criterion.status));
    std::size_t passed = 0;
    std::size_t errors = 0;
    for (const std::string& id : criterion.test_ids) {
      bound.insert(id);
      const std::size_t index = find_test(report, id);
      if (index >= report.tests.size()) continue;
      line.tests.push_back(index);
      const TestOutcome& test = report.tests[index];
      if (test.verdict == Verdict::grader_error) {
        ++errors;
      } else if (!fails_for_criterion(test, criterion.id)) {
        ++passed;
      }
    }
    if (criterion.status == CriterionStatus::pending_manual) {
      line.summary = fmt::format("Awarded by manual grading ({} points); not in the score yet.",
                                 format_points(criterion.max_points));
    } else if (!criterion.summary.empty()) {
      // The rubric's summary never names a test (scoring/rubric_scoring.h).
      line.summary = printable(criterion.summary);
    } else if (!line.tests.empty()) {
      const std::size_t total = line.tests.size();
      line.summary =
          fmt::format("{} of {} {} passed", passed, total, total == 1 ? "test" : "tests");
      if (errors > 0) line.summary += fmt::format("; {} not graded (grader error)", errors);
      line.summary += '.';
    }
    outline.criteria.push_back(std::move(line));
  }
  for (std::size_t i = 0; i < report.tests.size(); ++i) {
    outline.tests[i].scored = bound.count(report.tests[i].id) > 0;
  }
  return outline;
}

}  // namespace sg::report_detail
