// TimeBudget: the CPU time all tests of one submission may still use together (spec keys
// limits.submission_cpu_seconds / submission_time_multiplier), so a submission that never ends
// holds a core for the budget, not for the sum of every test's limit. Each test starts with the
// smaller of its own CPU limit and what is left; once the budget is spent, the remaining tests
// are not run. Tests that run at the same time (grade --jobs N) each start with what is left at
// their start, so together they may pass the budget by what they use meanwhile; batch runs a
// submission's tests one after another, where the budget is exact.
#pragma once

#include <mutex>
#include <optional>
#include <string>

namespace sg {

/// Thread-safe.
class TimeBudget {
 public:
  /// `seconds`: the budget (CPU seconds); nullopt: unlimited.
  explicit TimeBudget(std::optional<double> seconds) : total_(seconds) {}

  /// The CPU limit for a test whose own limit is `own_limit` (seconds), starting now; nullopt
  /// when the budget is spent (the test must not run).
  std::optional<double> grant(double own_limit) const;

  /// Counts a finished test's CPU seconds against the budget.
  void charge(double cpu_seconds);
  /// CPU seconds charged so far (the import's and the finished tests').
  double used() const;

  /// Feedback for a test the budget cut short (granted less than its own limit, then stopped).
  std::string cut_feedback(double granted, double own_limit) const;
  /// Feedback for a test not run because the budget was spent.
  std::string spent_feedback() const;

 private:
  std::optional<double> total_;
  mutable std::mutex mutex_;
  double used_ = 0.0;
};

}  // namespace sg
