// PrairieLearn's external-grader results.json (PrairieLearn docs/externalGrading.md): gradable,
// score in [0, 1], message, output, and tests [{name, description, points, max_points, message,
// output}], one per rubric criterion, rendered from the student view (hidden tests withheld).
// A submission PrairieLearn must not count (a grader fault stopped tests, or no test could run
// because the submission is unusable) is `gradable: false`: no points awarded or lost, and the
// student keeps the attempt; `format_errors` says what is wrong with an unusable submission.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "model/grade_report.h"

namespace sg {

/// results.json for a graded submission. `score` is the points earned over the points the
/// autograder gives (criteria pending manual grading excluded); the document stays under
/// PrairieLearn's 1 MB limit (each test's output is cut to 16 KiB).
nlohmann::json prairielearn_results(const GradeReport& report);

/// results.json when nothing could be graded: gradable false, `message` shown to the student
/// (keep hidden tests' names out of it); `format_error`, when given, is the submission's own
/// problem (PrairieLearn's format_errors), otherwise it is a fault of the autograder.
nlohmann::json prairielearn_not_gradable(std::string_view message,
                                         std::string_view format_error = {});

}  // namespace sg
