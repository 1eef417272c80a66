// The batch's progress text: "[#####-----] 12/200 graded in 41s, ETA 3m05s: alice 85/100 (4.1 s)".
// On a terminal it is shown in place by ProgressLine (cli/progress_line.h) and redrawn while
// submissions are in flight; in logs each finished submission gives one plain line, no bar.
#pragma once

#include <cstddef>
#include <string>

namespace sg {

struct BatchProgress {
  std::size_t done = 0;   ///< Submissions finished in this run (graded or failed).
  std::size_t total = 0;  ///< Submissions this run has to grade.
  double elapsed_seconds = 0.0;
  std::string last;  ///< What just finished, e.g. "alice 85/100 (4.1 s)".
};

/// "1h02m", "3m05s", "42s".
std::string format_duration(double seconds);

/// The progress text; `bar` adds a 20-cell bar. The ETA is elapsed / done * remaining, so it
/// already accounts for parallel workers; it is omitted until one submission is done.
std::string format_batch_progress(const BatchProgress& progress, bool bar);

}  // namespace sg
