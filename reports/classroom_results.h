// A GitHub Classroom runner's result, as the classroom autograding reporter reads it: the
// environment variable `<ID>_RESULTS` holds base64 of a JSON object {version: 1, status: "pass"
// | "fail" | "error", max_score, tests: [{name, status, score, message, test_code, filename,
// line_no, duration}]}. The reporter prints each test (pass or fail, with its message), counts
// the tests passed, and reports the sum of the tests' scores out of max_score to GitHub
// Classroom. One test per rubric criterion, rendered from the student view (hidden tests
// withheld); a criterion pending manual grading is left out.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "model/grade_report.h"

namespace sg {

/// The runner's result for a graded submission.
nlohmann::json classroom_results(const GradeReport& report);

/// The runner's result when nothing could be graded: status "error", max_score 0 (GitHub
/// Classroom records no points: not a zero), one test saying why.
nlohmann::json classroom_error_results(std::string_view message);

/// The line a GitHub Actions step appends to the file $GITHUB_OUTPUT names: "result=" and base64
/// of the JSON, which the workflow hands the reporter as `<ID>_RESULTS`.
std::string classroom_output_line(const nlohmann::json& results);

}  // namespace sg
