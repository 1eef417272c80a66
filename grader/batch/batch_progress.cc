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
  if (progress.done > 0 && progress.done < progress.total) {
    const double eta = progress.elapsed_seconds / static_cast<double>(progress.done) *
                       static_cast<double>(progress.total - progress.done);
    text += fmt::format(", ETA {}", format_duration(eta));
  }
  if (!progress.last.empty()) text += ": " + progress.last;
  return text;
}

}  // namespace sg
