// Gradescope's results.json: what Gradescope shows a student and records as the autograder score.
// Field names and allowed values follow gradescope/autograder_samples docs/specs.md (see
// ../shared/research/autograders.md, section (c)). A results file must exist even when grading
// failed, so there is a ready-made "grader error" document too.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

#include "model/grade_report.h"

namespace sg {

/// The results.json document for one graded submission:
/// - top level: `score` (points earned, number; it overrides the sum of the tests),
///   `execution_time` (wall-clock seconds, number), `output` (a short student-safe summary: score,
///   pending manual points, isolation tier, grader-error notice, the submission's verdict and
///   feedback when no test could run, errors shared by several tests, submission notes),
///   `output_format` and `test_output_format` "text" (so nothing a submission prints is read as
///   HTML), `visibility` "visible", `stdout_visibility` "hidden", `extra_data` (assignment id,
///   grader version, max_score, pending_points, isolation tier, has_grader_errors), `tests`.
/// - `tests`: first one entry per rubric criterion, in rubric order, always `visible`:
///   `name` (criterion name), `score`, `max_score`, `status` "passed" only if the criterion passed,
///   `output` (render_criterion_body() for a student: hidden tests appear only as "hidden test N:
///   passed/failed"), `extra_data` {criterion_id, status, pending_manual}.
///   A pending manual criterion is informational: see the comment in gradescope_results.cc.
/// Everything is rendered from student_view(report): results.json is read by students, so no
/// detail of a test that is not `visible` (its name, call, expected or observed output, feedback)
/// is in it; instructors read those in the autograder's stdout (run_autograder prints the
/// instructor's report there, and Gradescope shows stdout to instructors only).
/// Every string is valid UTF-8 with control characters escaped; every number is finite.
nlohmann::json to_gradescope_results(const GradeReport& report);

/// A valid results.json for when no GradeReport could be produced (the spec did not load, the
/// sandbox could not start, the grader crashed): `score` 0 and one failed test "Autograder error"
/// whose output is `message`, with a top-level `output` saying this is a fault of the autograder,
/// not of the submission. `message` is shown to students: keep hidden tests' names and paths out
/// of it and print the full diagnosis to stdout (Gradescope shows stdout to instructors only).
/// `execution_time` is wall-clock seconds spent before the failure.
nlohmann::json gradescope_grader_error_results(std::string_view message, double execution_time);

/// Writes to_gradescope_results(report) to `path` (normally /autograder/results/results.json)
/// atomically; see write_json_file_atomically(). Throws std::runtime_error naming the path.
void write_gradescope_results(const GradeReport& report, const std::filesystem::path& path);

}  // namespace sg
