#include "engine/time_budget.h"

#include <fmt/format.h>

#include <algorithm>

namespace sg {
namespace {

// A budget left below this cannot start a process (Python alone needs more).
constexpr double kLeastUsableSeconds = 0.01;

}  // namespace

std::optional<double> TimeBudget::grant(double own_limit) const {
  if (!total_) return own_limit;
  const std::lock_guard<std::mutex> lock(mutex_);
  const double left = *total_ - used_;
  if (left < kLeastUsableSeconds) return std::nullopt;
  return std::min(own_limit, left);
}

double TimeBudget::used() const {
  const std::lock_guard lock(mutex_);
  return used_;
}

void TimeBudget::charge(double cpu_seconds) {
  if (!total_) return;
  const std::lock_guard<std::mutex> lock(mutex_);
  used_ += std::max(0.0, cpu_seconds);
}

std::string TimeBudget::cut_feedback(double granted, double own_limit) const {
  return fmt::format(
      "stopped when the submission's time budget ran out: all its tests together may use {:g} s "
      "of CPU time, and the tests before this one left {:.2f} s of it for this test (whose own "
      "limit is {:g} s). A solution that ends on every test needs far less: look for a test that "
      "ran into its time limit before this one",
      total_.value_or(0), granted, own_limit);
}

std::string TimeBudget::spent_feedback() const {
  return fmt::format(
      "not run: the submission's time budget was spent: all its tests together may use {:g} s of "
      "CPU time, and the tests before this one used it all (look for a test that ran into its "
      "time limit)",
      total_.value_or(0));
}

}  // namespace sg
