// Grading a whole class: a pool of workers grades several submissions at once, each result is
// committed to the ResultsStore the moment it is ready, and what the store already holds is not
// graded again. Parallelism is at the submission level: with W workers each submission's tests
// run max(1, jobs / W) at a time, so a full pool runs one test per worker (no oversubscription),
// and a class smaller than the pool lets its submissions use the spare cores. A hanging or
// hostile submission only ever holds its own worker, for at most its tests' limits.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "batch/batch_monitor.h"
#include "batch/batch_progress.h"
#include "batch/class_intake.h"
#include "kinds/kind_registry.h"
#include "model/assignment.h"
#include "model/class_entry.h"
#include "runner/runner.h"
#include "store/results_store.h"

namespace sg {

struct ClassGradeOptions {
  GradingContext context;
  /// Processes at once across the class; 0 = one per hardware thread.
  unsigned jobs = 0;
  /// Grade every submission again, even those whose current result is up to date.
  bool regrade = false;
  /// GradeOptions::fork_tests for every submission.
  bool fork_tests = true;
  /// Recorded with each result; a result from another version is regraded.
  std::string grader_version;
  /// Called after each submission (serialised), from the worker that graded it.
  std::function<void(const BatchProgress&)> on_progress;
  /// Kept up to date while the class is graded (who is in flight, on which test), for a display
  /// that redraws on its own clock; may be null.
  BatchMonitor* monitor = nullptr;
  /// When it becomes true, workers take no new submission (those in flight finish).
  const std::atomic<bool>* stop = nullptr;
};

struct ClassGradeResult {
  std::size_t students = 0;    ///< Submissions given.
  std::size_t up_to_date = 0;  ///< Skipped: their current result matches (hash, spec, grader).
  /// Scored again from their stored observations: only the rubric changed (its points, names
  /// or scoring; Assignment::grading_sha256 equal), so nothing was run.
  std::size_t rescored = 0;
  std::size_t graded = 0;         ///< Graded in this run (students, a shared group counts each).
  std::size_t grader_faults = 0;  ///< Of those, results with a grader error.
  bool interrupted = false;       ///< `stop` was set before every submission was graded.
  /// Every given student's current result (graded now or earlier), sorted by student id.
  std::vector<ClassEntry> entries;
};

/// Grades `submissions` against `assignment` (validated, with spec_sha256 set) into `store`.
/// A student is graded unless their current result has the same submission hash, spec hash and
/// grader version and no grader error (grader errors are retried), or `regrade` is set. When
/// only the rubric changed (same grading hash), the stored result is rescored, not run again.
/// Identical submissions (same content hash: a Gradescope group) are graded once and recorded
/// for each student. A grader exception becomes that student's grader-error result; it never
/// stops the others. Throws StoreError if the store fails.
ClassGradeResult grade_class(const Assignment& assignment, const KindRegistry& kinds,
                             Runner& runner, ResultsStore& store,
                             const std::vector<ClassSubmission>& submissions,
                             const ClassGradeOptions& options);

/// The ClassEntry of a stored row (its report parsed back from JSON). Throws StoreError naming
/// the student if the stored JSON is unreadable.
ClassEntry class_entry_from_stored(const StoredResult& row);

/// CPU seconds a correct submission needs on this machine: the calibrated slowest accepted total
/// (or the sum of the tests' calibrated figures), scaled as the limits are; nullopt when the spec
/// was not calibrated.
std::optional<double> expected_submission_seconds(const Assignment& assignment);

/// The most CPU one submission may use: its budget, else the sum of its tests' CPU limits.
std::optional<double> submission_allowance(const Assignment& assignment);

}  // namespace sg
