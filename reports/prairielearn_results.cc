#include "reports/prairielearn_results.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "reports/criterion_lines.h"
#include "reports/render_util.h"
#include "reports/student_summary.h"
#include "reports/student_view.h"

namespace sg {
namespace {

using nlohmann::json;
using report_detail::format_points;
using report_detail::printable;

constexpr std::size_t kMaxTestOutput = 16 * 1024;

}  // namespace

nlohmann::json prairielearn_results(const GradeReport& graded) {
  const GradeReport report = student_view(graded);
  json tests = json::array();
  for (const CriterionLine& line : criterion_lines(report)) {
    tests.push_back({{"name", line.name},
                     {"description", fmt::format("rubric criterion {}", line.id)},
                     {"points", line.points},
                     {"max_points", line.max_points},
                     {"message", line.result},
                     {"output", report_detail::clip_text(line.body, kMaxTestOutput)}});
  }
  const double offered = autograded_max(report);
  if (report.submission_verdict || report.has_grader_errors) {
    json results = prairielearn_not_gradable(
        report.has_grader_errors
            ? std::string(kGraderFaultNotice)
            : fmt::format("{}: no test could run.", describe(*report.submission_verdict)),
        report.has_grader_errors ? std::string_view() : report.submission_feedback);
    results["output"] = student_summary(report);
    results["tests"] = std::move(tests);
    return results;
  }
  return {
      {"gradable", true},
      {"score", offered > 0 ? std::clamp(report.score / offered, 0.0, 1.0) : 0.0},
      {"message", fmt::format("Score: {}/{}", format_points(report.score), format_points(offered))},
      {"output", student_summary(report)},
      {"tests", std::move(tests)}};
}

nlohmann::json prairielearn_not_gradable(std::string_view message, std::string_view format_error) {
  json results = {{"gradable", false},
                  {"message", printable(message)},
                  {"output", printable(message)},
                  {"tests", json::array()}};
  if (!format_error.empty()) results["format_errors"] = json::array({printable(format_error)});
  return results;
}

}  // namespace sg
