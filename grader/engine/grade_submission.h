// Grading one submission against one assignment: stage the submission, run every test (in
// parallel, each in its own sandboxed process), judge each with its kind, score the rubric.
// One failing test never stops the others; an exception in the grader becomes a grader-error
// outcome for that test, never a silent zero.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>

#include "kinds/kind_registry.h"
#include "model/assignment.h"
#include "model/grade_report.h"
#include "runner/runner.h"

namespace sg {

struct GradeOptions {
  GradingContext context;
  /// Tests run at once; 0 = one per hardware thread.
  unsigned jobs = 0;
  /// Called after each test from the worker that ran it (serialised by the engine).
  std::function<void(std::size_t done, std::size_t total, const TestOutcome& outcome)> on_test_done;
  /// Called before each test starts, with the test and the CPU seconds the submission was
  /// charged so far (its import and finished tests), from the worker that runs it (serialised
  /// by the engine).
  std::function<void(const TestSpec& test, double charged_cpu_seconds)> on_test_start;
  /// Version string recorded in the report.
  std::string grader_version;
  /// Function-call tests (the Python driver's) run as forks of an interpreter that imported the
  /// submission once (engine/import_session.h; one per visibility the tests have), one test
  /// after another in the spec's order. False: a new process per test, `jobs` at a time.
  bool fork_tests = true;
};

/// Grades `submission` (a directory, or a single file) against a validated `assignment`.
/// A function-call submission whose import fails or exceeds its limits gets one submission
/// verdict (the import's), and no test runs.
/// Never throws for anything the submission does; throws std::invalid_argument only if
/// `submission` does not exist.
GradeReport grade_submission(const Assignment& assignment, const KindRegistry& kinds,
                             Runner& runner, const std::filesystem::path& submission,
                             const GradeOptions& options);

}  // namespace sg
