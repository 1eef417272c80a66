#include "batch/batch_progress.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sg {

std::string format_duration(double seconds) {
  const long total = std::lround(std::max(0.0, seconds));
  if (total >= 3600) return fmt::format("{}h{:02}m", total / 3600, (total % 3600) / 60);
  if (total >= 60) return fmt::format("{}m{:02}s", total / 60, total % 60);
  return fmt::format("{}s", total);
}

std::string format_batch_progress(const BatchProgress& progress, bool bar) {
  std::string text;
  if (bar) {
    constexpr std::size_t kCells = 20;
    const std::size_t filled =
        progress.total == 0 ? kCells : std::min(kCells, progress.done * kCells / progress.total);
    text = fmt::format("[{}{}] ", std::string(filled, '#'), std::string(kCells - filled, '-'));
  }
  text += fmt::format("{}/{} graded in {}", progress.done, progress.total,
                      format_duration(progress.elapsed_seconds));
  const bool known = !progress.eta.finished_seconds.empty() ||
                     (!progress.eta.running.empty() && progress.eta.allowance_seconds);
  if (progress.done < progress.total && known)
    text += ", " + format_eta(estimate_remaining(progress.eta));
  if (!progress.last.empty()) text += ": " + progress.last;
  return text;
}

std::string format_in_flight(const BatchProgress& progress) {
  std::string text;
  for (const InFlightSubmission& running : progress.eta.running) {
    if (!text.empty()) text += '\n';
    text += fmt::format("  {}: ", running.student);
    if (running.test.empty())
      text += "importing";
    else
      text +=
          fmt::format("{} (test {} of {})", running.test,
                      std::min(running.tests_done + 1, running.tests_total), running.tests_total);
    // The CPU figure is what its finished runs were charged: the running test's own CPU is
    // known when it ends, so its wall time is shown instead.
    if (running.test.empty())
      text += fmt::format(" for {}", format_duration(running.wall_seconds));
    else
      text +=
          fmt::format(" for {}, {} in all; {} of CPU in its earlier tests",
                      format_duration(running.test_wall_seconds),
                      format_duration(running.wall_seconds), format_duration(running.cpu_seconds));
    if (const std::optional<double> latest = latest_end(running, progress.eta.allowance_seconds))
      text += fmt::format("; stopped within {} at the latest", format_duration(*latest));
  }
  return text;
}

}  // namespace sg
