#include "reports/feedback_markdown.h"

#include <fmt/format.h>

#include "reports/render_util.h"

namespace sg {

std::string render_feedback_markdown(const GradeReport& report, Audience audience) {
  using report_detail::format_points;
  std::string out =
      fmt::format("# {}\n\nScore: {}/{}\n", report_detail::printable(report.assignment_id),
                  format_points(report.score), format_points(report.max_score));
  for (const TestOutcome& test : report.tests) {
    if (report_detail::withheld(test, audience)) continue;
    out += fmt::format("- {}: {}\n", report_detail::printable(test.name), describe(test.verdict));
  }
  return out;
}

}  // namespace sg
