#include "reports/student_summary.h"

#include <fmt/format.h>

#include "reports/render_util.h"

namespace sg {

using report_detail::finite_or_zero;
using report_detail::format_points;
using report_detail::printable;

std::string student_summary(const GradeReport& report) {
  std::string text =
      fmt::format("Score: {}/{}", format_points(report.score), format_points(report.max_score));
  if (report.pending_points > 0.0) {
    text += fmt::format(
        " (+{} pending manual grading; those points are given by hand later and "
        "are not included yet)",
        format_points(report.pending_points));
  }
  text += ".\n";
  std::size_t counts[5] = {0, 0, 0, 0, 0};
  for (const CriterionOutcome& criterion : report.criteria) {
    ++counts[static_cast<std::size_t>(criterion.status)];
  }
  std::string parts;
  const auto add = [&](std::size_t count, std::string_view what) {
    if (count == 0) return;
    parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", count, what);
  };
  add(counts[static_cast<std::size_t>(CriterionStatus::passed)], "passed");
  add(counts[static_cast<std::size_t>(CriterionStatus::partial)], "partial");
  add(counts[static_cast<std::size_t>(CriterionStatus::failed)], "failed");
  add(counts[static_cast<std::size_t>(CriterionStatus::pending_manual)], "pending manual grading");
  add(counts[static_cast<std::size_t>(CriterionStatus::grader_error)], "not graded (grader error)");
  if (!parts.empty()) text += fmt::format("Criteria: {}.\n", parts);
  text += fmt::format("Isolation: {}. Graded in {:.2f} s",
                      report.isolation_tier.empty() ? "unknown" : printable(report.isolation_tier),
                      finite_or_zero(report.seconds));
  if (!report.grader_version.empty()) {
    text += fmt::format(" by SearchGrader {}", printable(report.grader_version));
  }
  text += ".\n";
  if (report.has_grader_errors) text += fmt::format("\n{}\n", kGraderFaultNotice);
  if (report.submission_verdict) {
    text += fmt::format("\n{}: no test could run.\n{}\n", describe(*report.submission_verdict),
                        printable(report.submission_feedback));
  }
  for (const SharedFeedback& shared : report.shared_feedback) {
    text += fmt::format("\nError {} (in {} tests):\n{}\n", shared.id, shared.test_ids.size(),
                        printable(shared.text));
  }
  if (!report.submission_notes.empty()) {
    text += "\nNotes about your submission:\n";
    for (const std::string& note : report.submission_notes) {
      text += fmt::format("- {}\n", printable(note));
    }
  }
  return text;
}

}  // namespace sg
