#include "reports/vpl_results.h"

#include <fmt/format.h>

#include "reports/criterion_lines.h"
#include "reports/render_util.h"
#include "reports/student_summary.h"
#include "reports/student_view.h"

namespace sg {
namespace {

using report_detail::format_points;
using report_detail::printable;
using report_detail::split_lines;

// A criterion's feedback in VPL: the first lines, enough to act on; the rest is in the report.
constexpr std::size_t kBodyLines = 12;

// One comment block: a title, then `text` as preformatted lines (at most `max_lines`).
std::string block(std::string_view title, std::string_view text, std::size_t max_lines) {
  std::string out = "<|--\n";
  out += fmt::format("-{}\n", printable(title));
  const std::string safe = printable(text);
  const auto lines = split_lines(safe);
  for (std::size_t i = 0; i < lines.size() && i < max_lines; ++i)
    out += fmt::format(">{}\n", lines[i]);
  if (lines.size() > max_lines)
    out += fmt::format(">... ({} more lines in the full report)\n", lines.size() - max_lines);
  out += "--|>\n";
  return out;
}

}  // namespace

std::string render_vpl(const GradeReport& graded, std::optional<double> grade_max) {
  const GradeReport report = student_view(graded);
  const double offered = autograded_max(report);
  std::string out =
      block(fmt::format("SearchGrader: {}/{}", format_points(report.score), format_points(offered)),
            student_summary(report), 40);
  for (const CriterionLine& line : criterion_lines(report)) {
    out += block(fmt::format("{}: {}", line.name, line.result),
                 line.passed ? std::string_view() : line.body, kBodyLines);
  }
  if (report.has_grader_errors) return out;  // no grade: the grader's fault is not a score
  double grade = report.score;
  if (grade_max && offered > 0) grade = report.score / offered * *grade_max;
  out += fmt::format("Grade :=>> {}\n", format_points(grade));
  return out;
}

std::string render_vpl_error(std::string_view message, bool student_fault) {
  std::string out = block(student_fault ? "SearchGrader: your submission could not be graded"
                                        : "SearchGrader: a fault in the autograder, not in your "
                                          "submission (not counted against you)",
                          message, 40);
  if (student_fault) out += "Grade :=>> 0\n";
  return out;
}

}  // namespace sg
