#include "batch/eta_estimate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "batch/batch_monitor.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace eta_estimate_test {

using ::testing::EndsWith;
using ::testing::HasSubstr;

TEST(EtaEstimate, QueuedSubmissionsGoToTheFirstWorkerFree) {
  EtaInputs inputs;
  inputs.workers = 2;
  inputs.queued = 3;
  inputs.finished_seconds = {4.0, 10.0};  // the quickest took 4 s
  inputs.allowance_seconds = 95.0;        // 100 s of wall clock at 95 % of a core
  inputs.tests_per_submission = 9;
  // One in flight for 1 s: at least 3 s more, at most its 100 s (+10 s overhead).
  inputs.running = {{"alice", "t1", 0, 9, 1.0, 0.0}};
  const EtaRange range = estimate_remaining(inputs);
  // Low: workers free at 3 s and 0 s; three 4 s submissions: 0-4, 3-7, 4-8.
  EXPECT_DOUBLE_EQ(range.low, 8.0);
  ASSERT_TRUE(range.high);
  // High: 110 s for alice; the free worker takes two 110 s submissions, alice's the third.
  EXPECT_DOUBLE_EQ(*range.high, 220.0);
}

TEST(EtaEstimate, ASubmissionPastItsBudgetIsStoppedThereAtTheLatest) {
  EtaInputs inputs;
  inputs.workers = 2;
  inputs.allowance_seconds = 600.0;
  inputs.tests_per_submission = 27;
  inputs.finished_seconds = {3.0};
  inputs.running = {{"hangs", "solve-complicated-10", 25, 27, 420.0, 410.0}};
  const EtaRange range = estimate_remaining(inputs);
  EXPECT_DOUBLE_EQ(range.low, 0.0);
  ASSERT_TRUE(range.high);
  // 190 s of budget left, 200 s at 95 % of a core; 3 tests' overhead.
  EXPECT_DOUBLE_EQ(*range.high, 200.0 + 3.0);
  EXPECT_DOUBLE_EQ(*latest_end(inputs.running.front(), inputs.allowance_seconds), 203.0);
  EXPECT_EQ(format_eta(range), "ETA at most 3m23s");
  EXPECT_EQ(format_eta({60.0, 300.0}), "ETA 1m00s-5m00s");
}

// The likely time: queued submissions take the median graded time; one in flight longer than a
// correct submission needs runs to its budget.
TEST(EtaEstimate, TheLikelyTimeRunsASubmissionPastWhatACorrectOneNeedsToItsBudget) {
  EtaInputs inputs;
  inputs.workers = 2;
  inputs.queued = 2;
  inputs.finished_seconds = {30.0, 50.0, 40.0};  // median 40 s
  inputs.expected_seconds = 60.0;
  inputs.allowance_seconds = 570.0;  // 600 s at 95 % of a core
  inputs.tests_per_submission = 27;
  inputs.running = {{"a", "t4", 3, 27, 20.0, 19.0, 5.0},        // 40 s more, as a correct one
                    {"b", "t11", 10, 27, 300.0, 266.0, 10.0}};  // past 60 s: to its budget
  const EtaRange range = estimate_remaining(inputs);
  EXPECT_DOUBLE_EQ(range.low, 40.0);
  ASSERT_TRUE(range.high);
  // a at most 580 - 5 s, b 320 - 10 s, and their tests' overhead; then 628 s each queued one.
  EXPECT_NEAR(*range.high, 600.0 + 628.0, 1e-9);
  // b: 320 - 10 s and 18 tests' overhead; a's worker takes both queued ones (40 s each).
  EXPECT_NEAR(range.likely, 328.0, 1e-9);
  EXPECT_EQ(format_eta(range), "ETA about 5m28s (at most 20m28s)");
}

TEST(EtaEstimate, WithoutAnAllowanceOnlyTheLowEndIsKnown) {
  EtaInputs inputs;
  inputs.queued = 4;
  inputs.finished_seconds = {5.0};
  const EtaRange range = estimate_remaining(inputs);
  EXPECT_DOUBLE_EQ(range.low, 20.0);
  EXPECT_FALSE(range.high);
  EXPECT_EQ(format_eta(range), "ETA 20s or more");
  EXPECT_EQ(format_eta({100.0, 105.0}), "ETA 1m45s") << "a narrow range is one figure";
}

TEST(EtaEstimate, TheProgressLineShowsTheRangeAndTheInFlightListSaysWhenEachStops) {
  BatchProgress progress;
  progress.done = 15;
  progress.total = 17;
  progress.elapsed_seconds = 200;
  progress.eta.workers = 2;
  progress.eta.allowance_seconds = 570.0;
  progress.eta.tests_per_submission = 27;
  progress.eta.finished_seconds = {3.0, 4.0};
  progress.eta.running = {{"buggy-never-ends", "solve-complicated-10", 25, 27, 200.0, 190.0, 8.0},
                          {"correct-as-handed-out", "", 0, 27, 5.0, 0.0}};
  EXPECT_THAT(format_batch_progress(progress, false),
              HasSubstr("15/17 graded in 3m20s, ETA at most 10m28s"));
  const std::string in_flight = format_in_flight(progress);
  // The running test's own wall time, and the CPU charged before it (its CPU is known when it
  // ends): a figure that stays put while the test runs is labelled as what it is.
  EXPECT_THAT(in_flight, HasSubstr("  buggy-never-ends: solve-complicated-10 (test 26 of 27) for "
                                   "8s, 3m20s in all; 3m10s of CPU in its earlier tests; stopped "
                                   "within 6m35s at the latest"));
  EXPECT_THAT(in_flight, EndsWith("  correct-as-handed-out: importing for 5s; stopped within "
                                  "10m28s at the latest"));
}

// A recorded batch (its progress log) replayed through the estimator of this build: at every
// moment, the time that was really left lies within the range the line would have shown. The
// logs are real runs on this project's machine (docs/performance.md): the torus sample class of
// scripts/grade-samples.sh (a student that never ends, one that needs minutes), the 7-tile
// spec's real-style fixtures, and 32 students of the torus spec (its fixtures but the one that
// never ends, each handed in twice with a line of its own, two needing minutes).
class RecordedBatch : public ::testing::TestWithParam<const char*> {};

TEST_P(RecordedBatch, TheTrueRemainingTimeIsAlwaysInTheShownRange) {
  const std::filesystem::path log =
      std::filesystem::path(SG_SOURCE_DIR) / "fixtures/class/progress" / GetParam();
  std::ifstream in(log);
  ASSERT_TRUE(in) << log;
  const std::vector<ReplayedMoment> moments = replay_progress(in);
  ASSERT_GT(moments.size(), 10u);
  for (const ReplayedMoment& moment : moments) {
    SCOPED_TRACE(testing::Message() << "at " << moment.t << " s, " << moment.done << " done, "
                                    << moment.running << " running");
    EXPECT_LE(moment.eta.low, moment.remaining + 1.0);
    ASSERT_TRUE(moment.eta.high);
    EXPECT_GE(*moment.eta.high + 1.0, moment.remaining);
  }
}

std::string log_name(const ::testing::TestParamInfo<const char*>& log) {
  std::string name = log.param;
  name = name.substr(0, name.find('.'));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Logs, RecordedBatch,
                         ::testing::Values("torus-sample-class.jsonl", "seven-tile-class.jsonl",
                                           "torus-real-style-class.jsonl"),
                         log_name);

// A student this run grades is unfinished until it is done, so the display never shows a stored
// result of an earlier run as this run's.
TEST(BatchMonitor, AStudentIsUnfinishedUntilThisRunGradesIt) {
  double now = 0.0;
  BatchMonitor monitor([&] { return now; });
  monitor.begin(3, 2, 1, 1, std::nullopt, 60.0);
  monitor.will_grade({"a", "b", "c"});
  monitor.started("a");
  EXPECT_EQ(monitor.snapshot().unfinished, (std::set<std::string>{"a", "b", "c"}));
  now = 1.0;
  monitor.finished({"a", "c"}, "a 1/1 (1.0 s)");  // c handed in the same files as a
  EXPECT_EQ(monitor.snapshot().unfinished, (std::set<std::string>{"b"}));
  monitor.started("b");
  monitor.finished({"b"}, "b 0/1 (1.0 s)");
  EXPECT_TRUE(monitor.snapshot().unfinished.empty());
}

TEST(BatchMonitor, AReplayedLogGivesTheSnapshotsOfTheRun) {
  std::istringstream log(
      R"log({"event":"begin","students":2,"submissions":2,"workers":1,"tests":2,"allowance_seconds":9.5,"t":0}
{"event":"start","student":"a","t":0}
{"event":"test","student":"a","test":"t1","cpu_seconds":0,"t":0.1}
{"event":"tested","student":"a","t":1}
{"event":"finish","students":["a"],"last":"a 1/2 (2.0 s)","t":2}
{"event":"start","student":"b","t":2}
{"event":"finish","students":["b"],"last":"b 2/2 (3.0 s)","t":5}
)log");
  const std::vector<ReplayedMoment> moments = replay_progress(log, 1.0);
  ASSERT_FALSE(moments.empty());
  EXPECT_DOUBLE_EQ(moments.front().remaining, 5.0);
  const auto at_two = std::find_if(moments.begin(), moments.end(),
                                   [](const ReplayedMoment& m) { return m.t == 2.0; });
  ASSERT_NE(at_two, moments.end());
  EXPECT_EQ(at_two->done, 1u);
  EXPECT_DOUBLE_EQ(at_two->eta.low, 2.0) << "b may be as quick as a (2 s)";
  ASSERT_TRUE(at_two->eta.high);
  EXPECT_DOUBLE_EQ(*at_two->eta.high, 13.0)
      << "9.5 s of allowance at 95 % of a core, 3 s of overhead";
  std::istringstream broken("not json\n");
  EXPECT_THROW(replay_progress(broken), std::runtime_error);
}

}  // namespace eta_estimate_test
}  // namespace
}  // namespace sg
