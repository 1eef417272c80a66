// Shared shaping of outcomes for function-call kinds: the driver's run read back (its transcript,
// the import's notes, why it stopped early), and an outcome whose every aspect failed for one
// reason (the import failed, the call timed out, the function is missing).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/driver_client.h"
#include "model/assignment.h"
#include "model/grade_report.h"

namespace sg {

/// How feedback names the submission's file: "torus_puzzle.py", or "your submission" when the
/// spec accepts a notebook or a .py file of any name (`submission.accept`).
std::string submission_file(const Assignment& assignment);

/// A run of the Python driver read back for judging.
struct DriverRun {
  DriverTranscript transcript;
  std::string module_file;        ///< How feedback names the submission (submission_file).
  std::optional<EarlyStop> stop;  ///< Why the run did not complete (diagnose_early_stop).
};

/// Reads `observation` as the driver's run of steps that `step_calls` names for feedback (one
/// text per step, e.g. "solve([1, 2, ...])"), and records the run's metrics and the import's
/// notes in `outcome`. A run that completed but whose step printed past `test`'s output limit
/// stops there too (output_overflow: what was kept of its output is cut short, so judging it
/// would blame the wrong thing). Whether a stop fails every aspect is the caller's choice.
DriverRun read_driver_run(const Assignment& assignment, const TestSpec& test,
                          const Observation& observation,
                          const std::vector<std::string>& step_calls, TestOutcome& outcome);

/// Marks every aspect in `aspects` failed with the stop's feedback and sets the verdict. Aspects in
/// `unjudged` (those that judge what was printed, such as format) are marked not judged instead:
/// a test that stopped early printed nothing to judge them on.
void fail_all_aspects(TestOutcome& outcome, const std::vector<std::string>& aspects,
                      const EarlyStop& stop, const std::vector<std::string>& unjudged = {});

/// Marks the named aspects not judged (e.g. format when nothing was printed).
void mark_unjudged(TestOutcome& outcome, const std::vector<std::string>& aspects,
                   const std::string& why);

/// Copies run metrics (CPU, wall, memory) from the observation into the outcome.
void record_metrics(TestOutcome& outcome, const Observation& observation);

}  // namespace sg
