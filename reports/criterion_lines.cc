#include "reports/criterion_lines.h"

#include <fmt/format.h>

#include "reports/render_util.h"
#include "reports/text_report.h"

namespace sg {

using report_detail::finite_or_zero;
using report_detail::format_points;
using report_detail::printable;

std::vector<CriterionLine> criterion_lines(const GradeReport& report) {
  std::vector<CriterionLine> lines;
  const TextOptions student{};  // Audience::student, no colour, failing tests only
  for (const CriterionOutcome& criterion : report.criteria) {
    CriterionLine line;
    line.id = printable(criterion.id);
    line.name = printable(criterion.name.empty() ? criterion.id : criterion.name);
    line.points = finite_or_zero(criterion.points);
    line.max_points = finite_or_zero(criterion.max_points);
    line.body = render_criterion_body(report, criterion, student);
    switch (criterion.status) {
      case CriterionStatus::pending_manual:
        line.pending_manual = true;
        line.points = line.max_points = 0;
        line.result = fmt::format("pending manual grading ({} points, given by hand)",
                                  format_points(criterion.max_points));
        line.body.clear();
        break;
      case CriterionStatus::grader_error:
        line.grader_error = true;
        line.result =
            "not graded: a fault in the autograder stopped some of its tests (not "
            "counted against you)";
        break;
      case CriterionStatus::passed:
      case CriterionStatus::partial:
      case CriterionStatus::failed:
        line.passed = criterion.status == CriterionStatus::passed;
        line.result = fmt::format("{} ({}/{})", to_string(criterion.status),
                                  format_points(criterion.points),
                                  format_points(criterion.max_points));
        break;
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

double autograded_max(const GradeReport& report) {
  return finite_or_zero(report.max_score) - finite_or_zero(report.pending_points);
}

}  // namespace sg
