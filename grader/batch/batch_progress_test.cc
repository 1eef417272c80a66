#include "batch/batch_progress.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace batch_progress_test {

TEST(BatchProgress, FormatsDurations) {
  EXPECT_EQ(format_duration(0), "0s");
  EXPECT_EQ(format_duration(42.4), "42s");
  EXPECT_EQ(format_duration(185), "3m05s");
  EXPECT_EQ(format_duration(3720), "1h02m");
}

TEST(BatchProgress, TheLineShowsTheRangeOfWhatRemains) {
  BatchProgress progress;
  progress.done = 10;
  progress.total = 40;
  progress.elapsed_seconds = 20;
  progress.last = "alice 85/100 (4.1 s)";
  progress.eta.workers = 1;
  progress.eta.queued = 30;
  progress.eta.finished_seconds = {2.0};
  progress.eta.allowance_seconds = 7.6;  // 8 s at 95 % of a core
  progress.eta.tests_per_submission = 1;
  EXPECT_EQ(format_batch_progress(progress, false),
            "10/40 graded in 20s, ETA 1m00s-5m00s: alice 85/100 (4.1 s)");
  EXPECT_EQ(format_batch_progress(progress, true),
            "[#####---------------] 10/40 graded in 20s, ETA 1m00s-5m00s: alice 85/100 (4.1 s)");
  progress.done = 40;
  progress.last.clear();
  EXPECT_EQ(format_batch_progress(progress, true), "[####################] 40/40 graded in 20s");
}

}  // namespace batch_progress_test
}  // namespace
}  // namespace sg
