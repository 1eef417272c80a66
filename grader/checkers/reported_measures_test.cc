#include "checkers/reported_measures.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {

using ::testing::HasSubstr;

TEST(ReportedMeasures, ATimeIsANumberWithinTheRunsWallClock) {
  EXPECT_TRUE(judge_reported_time("0.00188088", 0.2, "running_time").passed);
  EXPECT_TRUE(judge_reported_time("1.6", 1.58, "running_time").passed);  // within 5 % and 50 ms
  EXPECT_THAT(judge_reported_time(std::nullopt, 1, "running_time").feedback,
              HasSubstr("no running_time was reported"));
  EXPECT_THAT(judge_reported_time("fast", 1, "running_time").feedback, HasSubstr("not a number"));
  EXPECT_THAT(judge_reported_time("-0.1", 1, "running_time").feedback,
              HasSubstr("cannot be negative"));
  // Milliseconds where seconds are asked.
  EXPECT_THAT(judge_reported_time("1880.88", 2.1, "running_time").feedback,
              HasSubstr("took 2.10 s by the wall clock"));
}

TEST(ReportedMeasures, MemoryIsANumberWithinTheRunsPeak) {
  const MemoryUnit megabytes = *memory_unit("megabytes");
  const std::uint64_t peak = 200ull << 20;
  EXPECT_TRUE(judge_reported_memory("190.67578125", megabytes, peak, "max_ram_usage").passed);
  EXPECT_TRUE(judge_reported_memory("199.9", megabytes, peak, "max_ram_usage").passed);
  // An interpreter's shared libraries: more than a small run's cgroup was charged.
  EXPECT_TRUE(judge_reported_memory("9.6", megabytes, 8ull << 20, "max_ram_usage").passed);
  EXPECT_FALSE(judge_reported_memory("400", megabytes, peak, "max_ram_usage").passed);
  // ru_maxrss left in kilobytes.
  EXPECT_THAT(judge_reported_memory("195252", megabytes, peak, "max_ram_usage").feedback,
              HasSubstr("divide by 1024"));
  EXPECT_FALSE(judge_reported_memory("-1", megabytes, peak, "max_ram_usage").passed);
  // Not measured by the runner: only the number is judged.
  EXPECT_TRUE(judge_reported_memory("195252", megabytes, 0, "max_ram_usage").passed);
  EXPECT_FALSE(memory_unit("furlongs"));
}

}  // namespace
}  // namespace sg
