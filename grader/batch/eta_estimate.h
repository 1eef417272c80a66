// How long a class batch still runs, estimated from what is known rather than from the average
// so far: each submission in flight with its own elapsed wall and CPU time and the test it runs,
// the submissions still queued, how long the graded ones took, what a correct submission needs
// here (the spec's calibrated figures scaled to this machine) and the longest any submission may
// run (the spec's per-submission CPU budget, or the sum of its tests' limits). The result is a
// range: the batch ends no sooner than if every remaining submission were as quick as the
// quickest graded one, and no later than if each used its whole allowance. A submission past
// what a correct one needs (one that never ends) is stopped at its budget at the latest.
// Workers take queued submissions in order as they free up, so both ends are the makespans of
// that schedule. No I/O, no clock: the caller passes the times.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sg {

/// One submission being graded now.
struct InFlightSubmission {
  std::string student;
  std::string test;                ///< The test it runs now ("" before the first: the import).
  std::size_t tests_done = 0;      ///< Tests finished.
  std::size_t tests_total = 0;     ///< Tests it has.
  double wall_seconds = 0.0;       ///< Since it started (wall clock).
  double cpu_seconds = 0.0;        ///< CPU charged so far (its import and finished tests).
  double test_wall_seconds = 0.0;  ///< Since the test it runs now started (wall clock).
};

/// What the estimate is made from. Times are seconds.
struct EtaInputs {
  unsigned workers = 1;    ///< Submissions graded at once.
  std::size_t queued = 0;  ///< Submissions not started yet.
  std::vector<InFlightSubmission> running;
  std::vector<double> finished_seconds;  ///< Wall time of each submission graded so far.
  /// CPU a correct submission needs on this machine (the calibrated slowest accepted total,
  /// scaled by the speed probe); nullopt: not measured.
  std::optional<double> expected_seconds;
  /// The most CPU one submission may use (its budget, else the sum of its tests' limits);
  /// nullopt: unbounded.
  std::optional<double> allowance_seconds;
  /// Tests each submission has (for the runs' own overhead, a second each at most).
  std::size_t tests_per_submission = 0;
};

/// The remaining time, wall clock: no sooner than `low`, no later than `high` (nullopt: no
/// bound known).
struct EtaRange {
  double low = 0.0;
  std::optional<double> high;
  /// The most likely remaining time, within [low, high]: a queued submission takes as long as
  /// the median graded one; one in flight that has run longer than both that and what a correct
  /// submission needs is taken to run to its budget (it is most likely one that never ends).
  double likely = 0.0;
};

/// Estimates the batch's remaining time from `inputs` (see the file comment).
EtaRange estimate_remaining(const EtaInputs& inputs);

/// How long `running` may still take at the latest: the wall-clock time what is left of its CPU
/// allowance lasts at 95 % of a core, less what the test it runs now has run (a test that
/// computes; one that sleeps is stopped by its wall limit instead, which the budget does not
/// bound), plus a second per test left for the runs' own overhead; nullopt without an
/// allowance.
std::optional<double> latest_end(const InFlightSubmission& running,
                                 const std::optional<double>& allowance_seconds);

/// "ETA about 4m10s (3m10s-11m00s)", "ETA 42s" (a narrow range), "ETA about 2m (at most
/// 11m00s)" (a low end near 0), "ETA 3m10s or more" (no high end): the range for a progress
/// line, with the likely time where the range is wide.
std::string format_eta(const EtaRange& range);

}  // namespace sg
