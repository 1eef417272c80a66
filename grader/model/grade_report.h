// GradeReport: the result of grading one submission against one spec. A plain value type: the
// grader fills it, reports/ render it, nothing in it refers back to how it was computed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/verdict.h"

namespace sg {

/// One graded aspect of a test (e.g. "path", "format", "order"), bound to one rubric criterion.
struct AspectOutcome {
  std::string aspect;
  std::string criterion_id;  ///< Empty when the aspect is feedback only.
  bool passed = false;
  std::string feedback;  ///< Why it failed, in the puzzle's terms; empty or a short note if passed.
  /// False when the test gave nothing to judge this aspect on (it stopped early, or printed
  /// nothing): the criterion is then decided by its other tests. Format and order aspects judge
  /// what was printed, so a timeout is not also a format error.
  bool judged = true;
};

/// What happened in one test: what ran, what was expected, what came out, and the verdict.
struct TestOutcome {
  std::string id;
  std::string name;
  std::string kind;
  Visibility visibility = Visibility::visible;
  Verdict verdict = Verdict::grader_error;
  std::vector<AspectOutcome> aspects;
  std::string call;      ///< What ran, e.g. "solve([8, 7, 6, 5, 4, 3, 2, 1, 0])".
  std::string expected;  ///< Expected output, rendered for people (withheld for hidden tests).
  std::string observed;  ///< What the submission printed or returned (truncated for display).
  std::string feedback;  ///< Diagnosis: first difference and what to look at.
  std::vector<std::string> notes;  ///< Informational remarks (normalisations, ungraded figures).
  /// What the test measured, by name, for the class summary's spread of results (game_play:
  /// games, won, lost, drawn, incomplete, average_score); empty for most kinds.
  std::map<std::string, double> figures;
  double cpu_seconds = 0.0;   ///< CPU seconds of the test's process tree.
  double wall_seconds = 0.0;  ///< Wall-clock seconds of the test's process.
  std::uint64_t peak_memory_bytes = 0;
};

enum class CriterionStatus { passed, partial, failed, pending_manual, grader_error };

std::string_view to_string(CriterionStatus status);

/// One rubric line: its points, and the tests that decided them.
struct CriterionOutcome {
  std::string id;
  std::string name;
  double points = 0.0;
  double max_points = 0.0;
  CriterionStatus status = CriterionStatus::failed;
  std::vector<std::string> test_ids;  ///< Tests with an aspect bound to this criterion.
  std::string summary;                ///< e.g. "3 of 4 tests passed; failed: solve(...)".
};

/// Feedback that several tests share word for word (the same traceback in thirty tests), kept
/// once: each of those tests' feedback then names it ("error E1, shown once below").
struct SharedFeedback {
  std::string id;                     ///< "E1", "E2", ... in order of first use.
  std::string text;                   ///< The full feedback.
  std::vector<std::string> test_ids;  ///< The tests whose feedback it is, report order.
};

/// The summary of a criterion as the rubric writes it, from the tests bound to it: "3 of 4 tests
/// passed", "no test could judge this criterion (...)", "not graded: a grader error ...", or
/// "graded by a person; pending". It counts tests and never names one, so any reader may see it.
std::string summarize_criterion(const std::string& criterion_id, CriterionStatus status,
                                const std::vector<TestOutcome>& tests);

struct GradeReport {
  std::string assignment_id;
  std::string assignment_title;
  std::string spec_path;
  std::string submission_path;
  std::string grader_version;
  std::string isolation_tier;   ///< The sandbox tier every test ran under.
  double score = 0.0;           ///< Sum of criterion points (manual criteria count 0 until graded).
  double max_score = 0.0;       ///< Sum of all criteria's max points, manual ones included.
  double pending_points = 0.0;  ///< Points of manual criteria not yet graded.
  double seconds = 0.0;         ///< Wall-clock seconds the whole grading took.
  std::vector<CriterionOutcome> criteria;
  std::vector<TestOutcome> tests;
  /// Remarks about the submission as a whole (e.g. what importing it printed).
  std::vector<std::string> submission_notes;
  /// CPU seconds the submission's import took when its tests were forked from one import
  /// (engine/import_session.h); nullopt when each test imported it anew.
  std::optional<double> import_cpu_seconds;
  /// Set when the submission as a whole could not be tested (its build failed, a required file
  /// is missing or ambiguous, it is over the size limit): no test ran, every test carries this
  /// verdict, and `submission_feedback` (e.g. the compiler's output) says why, once.
  std::optional<Verdict> submission_verdict;
  std::string submission_feedback;
  /// Long feedback repeated word for word in several tests, shown once (see SharedFeedback).
  std::vector<SharedFeedback> shared_feedback;
  bool has_grader_errors = false;  ///< True if any test ended in a grader error.
};

}  // namespace sg
