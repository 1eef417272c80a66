// The batch's progress text: "[#####-----] 12/200 graded in 41s, ETA 3m05s: alice 85/100 (4.1 s)".
// On a terminal it is shown in place by ProgressLine (cli/progress_line.h) and redrawn while
// submissions are in flight; in logs each finished submission gives one plain line, no bar.
#pragma once

#include <cstddef>
#include <set>
#include <string>

#include "batch/eta_estimate.h"

namespace sg {

struct BatchProgress {
  std::size_t done = 0;   ///< Submissions finished in this run (graded or failed).
  std::size_t total = 0;  ///< Submissions this run has to grade.
  double elapsed_seconds = 0.0;
  std::string last;                  ///< What just finished, e.g. "alice 85/100 (4.1 s)".
  std::set<std::string> unfinished;  ///< Students this run grades that are not done yet.
  /// What the remaining time is estimated from: the submissions queued and in flight, the
  /// graded ones' times, the spec's expected time and allowance (batch/eta_estimate.h).
  EtaInputs eta{};
};

/// "1h02m", "3m05s", "42s".
std::string format_duration(double seconds);

/// The progress text; `bar` adds a 20-cell bar. The ETA is the range estimate_remaining()
/// gives (batch/eta_estimate.h), shown once something is known: a submission graded or one in
/// flight with an allowance.
std::string format_batch_progress(const BatchProgress& progress, bool bar);

/// One line per submission in flight, e.g. "  alice: solve-complicated-10 (test 25 of 27) for
/// 20s, 4m10s in all; 3m50s of CPU in its earlier tests; stopped within 9m50s at the latest"
/// (the test's wall time, the submission's, the CPU its import and finished tests were charged,
/// and when what is left of its CPU allowance runs out), or "  bob: importing for 5s". Empty
/// when none is in flight.
std::string format_in_flight(const BatchProgress& progress);

}  // namespace sg
