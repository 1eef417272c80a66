#include "reports/gradescope_results.h"

#include <fmt/format.h>

#include <string>

#include "reports/json_report.h"
#include "reports/render_util.h"
#include "reports/student_summary.h"
#include "reports/student_view.h"
#include "reports/text_report.h"

namespace sg {
namespace {

using nlohmann::json;
using report_detail::finite_or_zero;
using report_detail::format_points;
using report_detail::printable;

json criterion_entry(const GradeReport& report, const CriterionOutcome& criterion) {
  const std::string name = printable(criterion.name.empty() ? criterion.id : criterion.name);
  const TextOptions student{};  // Audience::student, no colour, failing tests only
  json entry = {
      {"name", name},
      {"score", finite_or_zero(criterion.points)},
      {"max_score", finite_or_zero(criterion.max_points)},
      {"status", criterion.status == CriterionStatus::passed ? "passed" : "failed"},
      {"output", render_criterion_body(report, criterion, student)},
      {"visibility", "visible"},
      {"extra_data",
       {{"criterion_id", printable(criterion.id)},
        {"status", std::string(to_string(criterion.status))},
        {"pending_manual", criterion.status == CriterionStatus::pending_manual}}},
  };
  switch (criterion.status) {
    case CriterionStatus::pending_manual:
      // A pending manual criterion must never look like a silent zero. Gradescope has no neutral
      // status: "failed" is drawn red, and an entry scored 0 out of its points reads as a zero, so
      // the entry is informational instead: score 0 out of max_score 0 with status "passed"
      // (nothing has gone wrong), the criterion's points stated in the name and output, and
      // extra_data {pending_manual: true, max_points} for tools. Consequences: the criterion
      // entries' max_scores add up to report.max_score minus report.pending_points, i.e. to the
      // autograded part, which is what the assignment's autograder points should be set to when
      // the manual criteria are graded as a separate Gradescope question; the top-level `score`
      // (which overrides the sum of the tests) is report.score either way.
      entry["name"] = fmt::format("{} (pending manual grading, {} points)", name,
                                  format_points(criterion.max_points));
      entry["score"] = 0.0;
      entry["max_score"] = 0.0;
      entry["status"] = "passed";
      entry["output"] = fmt::format(
          "Pending manual grading: this criterion is worth {} points and is graded by hand, not "
          "by the autograder. It is not a zero: its points are not part of the autograder score "
          "yet.\n",
          format_points(criterion.max_points));
      entry["extra_data"]["max_points"] = finite_or_zero(criterion.max_points);
      break;
    case CriterionStatus::grader_error:
      entry["name"] = name + " (not graded: grader error)";
      entry["output"] = fmt::format(
          "Not graded: a fault in the autograder, not in your submission, stopped some tests of "
          "this criterion. This is not counted against you.\n{}",
          entry["output"].get<std::string>());
      break;
    case CriterionStatus::passed:
    case CriterionStatus::partial:
    case CriterionStatus::failed:
      break;
  }
  return entry;
}

}  // namespace

nlohmann::json to_gradescope_results(const GradeReport& graded) {
  // Students read everything in results.json: render the student view only.
  const GradeReport report = student_view(graded);
  json tests = json::array();
  for (const CriterionOutcome& criterion : report.criteria) {
    tests.push_back(criterion_entry(report, criterion));
  }
  return {
      {"score", finite_or_zero(report.score)},
      {"execution_time", finite_or_zero(report.seconds)},
      {"output", student_summary(report)},
      {"output_format", "text"},
      {"test_output_format", "text"},
      {"visibility", "visible"},
      {"stdout_visibility", "hidden"},
      {"extra_data",
       {{"assignment_id", printable(report.assignment_id)},
        {"grader_version", printable(report.grader_version)},
        {"max_score", finite_or_zero(report.max_score)},
        {"pending_points", finite_or_zero(report.pending_points)},
        {"isolation_tier", printable(report.isolation_tier)},
        {"has_grader_errors", report.has_grader_errors}}},
      {"tests", std::move(tests)},
  };
}

nlohmann::json gradescope_grader_error_results(std::string_view message, double execution_time) {
  const std::string safe = printable(message);
  return {
      {"score", 0.0},
      {"execution_time", finite_or_zero(execution_time)},
      {"output",
       "The autograder could not grade this submission because of a fault in the autograder, not "
       "in your submission. The score of 0 is a placeholder, not a grade: please tell your "
       "instructor, who can re-run the autograder once it is fixed.\n"},
      {"output_format", "text"},
      {"test_output_format", "text"},
      {"visibility", "visible"},
      {"stdout_visibility", "hidden"},
      {"extra_data", {{"grader_error", true}}},
      {"tests", json::array({{
                    {"name", "Autograder error"},
                    {"score", 0.0},
                    {"max_score", 0.0},
                    {"status", "failed"},
                    {"output", safe.empty() ? std::string("(no details)") : safe},
                    {"visibility", "visible"},
                    {"extra_data", {{"grader_error", true}}},
                }})},
  };
}

void write_gradescope_results(const GradeReport& report, const std::filesystem::path& path) {
  write_json_file_atomically(to_gradescope_results(report), path);
}

}  // namespace sg
