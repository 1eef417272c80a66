#include "batch/eta_estimate.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <queue>

#include "batch/batch_progress.h"

namespace sg {
namespace {

// What a test costs beyond its own CPU at most: a fork, its pipes, the sweep after it.
constexpr double kOverheadPerTest = 1.0;
// Before any submission is graded, the quickest one may take: an import that fails at once.
constexpr double kQuickestUnknown = 0.0;
// The least share of a core a running submission gets (the grader and the system take the
// rest): its CPU allowance runs out no later than this much wall clock per CPU second.
constexpr double kLeastCoreShare = 0.95;

// When the last of `busy` (each worker's remaining time, one per worker) and of `queued`
// (durations, taken in order by the first worker to be free) ends.
double makespan(std::vector<double> busy, const std::vector<double>& queued, unsigned workers) {
  busy.resize(std::max<std::size_t>(busy.size(), std::max(1u, workers)), 0.0);
  std::priority_queue<double, std::vector<double>, std::greater<>> free_at(busy.begin(),
                                                                           busy.end());
  double end = *std::max_element(busy.begin(), busy.end());
  for (const double duration : queued) {
    const double start = free_at.top();
    free_at.pop();
    free_at.push(start + duration);
    end = std::max(end, start + duration);
  }
  return end;
}

}  // namespace

std::optional<double> latest_end(const InFlightSubmission& running,
                                 const std::optional<double>& allowance_seconds) {
  if (!allowance_seconds) return std::nullopt;
  const std::size_t left =
      running.tests_total > running.tests_done ? running.tests_total - running.tests_done : 0;
  return std::max(0.0, (*allowance_seconds - running.cpu_seconds) / kLeastCoreShare -
                           running.test_wall_seconds) +
         kOverheadPerTest * static_cast<double>(left + 1);
}

EtaRange estimate_remaining(const EtaInputs& inputs) {
  const double quickest =
      inputs.finished_seconds.empty()
          ? kQuickestUnknown
          : *std::min_element(inputs.finished_seconds.begin(), inputs.finished_seconds.end());
  std::vector<double> low_busy, high_busy;
  for (const InFlightSubmission& running : inputs.running) {
    low_busy.push_back(std::max(0.0, quickest - running.wall_seconds));
    if (const std::optional<double> latest = latest_end(running, inputs.allowance_seconds))
      high_busy.push_back(*latest);
  }
  EtaRange range;
  range.low = makespan(low_busy, std::vector<double>(inputs.queued, quickest), inputs.workers);
  range.likely = range.low;
  if (!inputs.allowance_seconds) return range;
  const double whole = *inputs.allowance_seconds / kLeastCoreShare +
                       kOverheadPerTest * static_cast<double>(inputs.tests_per_submission + 1);
  range.high = makespan(high_busy, std::vector<double>(inputs.queued, whole), inputs.workers);
  range.high = std::max(*range.high, range.low);

  std::vector<double> finished = inputs.finished_seconds;
  double typical = quickest;
  if (!finished.empty()) {
    std::nth_element(finished.begin(), finished.begin() + finished.size() / 2, finished.end());
    typical = finished[finished.size() / 2];
  }
  const double correct_needs = std::max(typical, inputs.expected_seconds.value_or(0.0));
  std::vector<double> likely_busy;
  for (const InFlightSubmission& running : inputs.running)
    likely_busy.push_back(running.wall_seconds <= correct_needs
                              ? std::max(0.0, correct_needs - running.wall_seconds)
                              : *latest_end(running, inputs.allowance_seconds));
  range.likely =
      std::clamp(makespan(likely_busy, std::vector<double>(inputs.queued, typical), inputs.workers),
                 range.low, *range.high);
  return range;
}

std::string format_eta(const EtaRange& range) {
  if (!range.high) return fmt::format("ETA {} or more", format_duration(range.low));
  const double high = *range.high;
  if (high - range.low < std::max(10.0, 0.2 * high))
    return fmt::format("ETA {}", format_duration(high));
  // A submission may end at once (an import that fails): the low end then says nothing.
  const double near = std::max(10.0, 0.1 * high);
  const std::string likely = range.likely < range.low + near || high - range.likely < near
                                 ? std::string()
                                 : fmt::format("about {} ", format_duration(range.likely));
  if (range.low < std::max(10.0, 0.1 * high))
    return likely.empty() ? fmt::format("ETA at most {}", format_duration(high))
                          : fmt::format("ETA {}(at most {})", likely, format_duration(high));
  return likely.empty()
             ? fmt::format("ETA {}-{}", format_duration(range.low), format_duration(high))
             : fmt::format("ETA {}({}-{})", likely, format_duration(range.low),
                           format_duration(high));
}

}  // namespace sg
