// The machine-readable report: every field of a GradeReport as JSON with stable snake_case keys,
// for archiving, batch runs over a class, and merging (e.g. adding manual grades later). Reading it
// back gives the same GradeReport, so tools can work on saved reports without re-grading.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

#include "model/grade_report.h"

namespace sg {

/// Version of the layout written by to_json() (key "format_version"). Bumped when a key changes
/// meaning or is removed; adding keys does not bump it.
inline constexpr int kGradeReportJsonVersion = 1;

/// The whole report as a JSON object. Keys (all always present):
///   format_version (int), assignment_id, assignment_title, spec_path, submission_path,
///   grader_version, isolation_tier (strings), score, max_score, pending_points (points),
///   seconds (wall-clock seconds), has_grader_errors (bool), submission_notes (strings),
///   import_cpu_seconds (CPU seconds of the one import the tests were forked from, or null),
///   submission_verdict (a verdict name, or null), submission_feedback (string),
///   shared_feedback: [{id, text, test_ids}],
///   criteria: [{id, name, points, max_points, status, test_ids, summary}],
///   tests: [{id, name, kind, visibility, verdict, aspects: [{aspect, criterion_id, passed,
///            feedback}], call, expected, observed, feedback, notes, figures ({name: number};
///            optional when read), cpu_seconds, wall_seconds, peak_memory_bytes}].
/// Enumerations are their snake_case names (verdict "wrong_answer", visibility "after_due_date",
/// status "pending_manual"). Strings are made valid UTF-8 (bad bytes become U+FFFD) so dump()
/// cannot throw; non-finite numbers become null and read back as NaN.
/// This is the report as given: pass student_view(report) for anything a student reads.
nlohmann::json to_json(const GradeReport& report);

/// The inverse of to_json(). Unknown keys are ignored; a missing key or a value of the wrong type
/// or an unknown enumeration name throws std::invalid_argument naming the key's path, e.g.
/// "grade report JSON: tests[2].verdict: unknown verdict \"wrong\"". A "format_version" other than
/// kGradeReportJsonVersion is rejected; a missing one is accepted.
GradeReport grade_report_from_json(const nlohmann::json& document);

/// The inverse of to_string(CriterionStatus); throws std::invalid_argument for an unknown name.
CriterionStatus criterion_status_from_string(std::string_view name);

/// Writes `document` (two-space indented, '\n'-terminated) to `path` atomically: a temporary file
/// in the same directory is written, flushed to disk and renamed over `path`, so a reader sees
/// either the old file or the whole new one. Creates missing parent directories. Invalid UTF-8 is
/// replaced rather than failing. Throws std::runtime_error naming the path on failure.
void write_json_file_atomically(const nlohmann::json& document, const std::filesystem::path& path);

}  // namespace sg
