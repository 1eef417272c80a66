// Tests of time limits that scale with measured times: the spec keys, the calibration file beside
// the spec (specs/calibration/NAME.yaml), how it changes the limits, and what validate reports.
#include "spec/limit_calibration_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace limit_calibration_file_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

const std::string kScaled = R"(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: demo}
domain: {type: sliding_tile, rows: 3, cols: 3, topology: torus, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]}
limits:
  cpu_seconds: 20
  wall_seconds: 30
  time_multiplier: 3
  time_floor_seconds: 2
  submission_cpu_seconds: 600
  submission_time_multiplier: 2
rubric:
  - {id: succ, name: "print_succ works", points: 5}
tests:
  - id: quick
    kind: print_succ
    state: [1, 2, 3, 4, 0, 5, 6, 7, 8]
    grades: {successors: succ}
  - id: slow
    kind: print_succ
    state: [1, 2, 3, 4, 5, 6, 7, 8, 0]
    limits: {cpu_seconds: 360, time_multiplier: 4}
    grades: {successors: succ}
  - id: fixed
    kind: print_succ
    state: [0, 1, 2, 3, 4, 5, 6, 7, 8]
    limits: {cpu_seconds: 7}
    grades: {successors: succ}
)";

class CalibrationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("sg-calibration-test-" + std::to_string(::getpid()));
    fs::create_directories(folder_ / "calibration");
    spec_ = folder_ / "demo.yaml";
    write(spec_, kScaled);
  }
  void TearDown() override { fs::remove_all(folder_); }

  static void write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  void write_calibration(const std::string& tests, const std::string& spec = "demo.yaml") {
    write(folder_ / "calibration" / "demo.yaml",
          "spec: " + spec + "\nmachine: test machine, 2 cores\ntier: full\nrounds: 3\n" +
              "solutions: [good]\nslowest_total: {solution: good, cpu_seconds: 70.5}\n" +
              "tests:\n" + tests);
  }
  static const TestSpec& test(const Assignment& assignment, const std::string& id) {
    for (const TestSpec& t : assignment.tests)
      if (t.id == id) return t;
    throw std::runtime_error("no test " + id);
  }

  fs::path folder_;
  fs::path spec_;
};

TEST_F(CalibrationTest, UntilMeasuredEveryTestKeepsItsStatedLimitsAndValidateSaysSo) {
  const Assignment a = load_spec(spec_);
  EXPECT_EQ(a.calibration_file, folder_ / "calibration" / "demo.yaml");
  EXPECT_EQ(test(a, "quick").limits.cpu_seconds, 20);
  EXPECT_EQ(test(a, "slow").limits.cpu_seconds, 360);
  EXPECT_EQ(a.submission_budget.seconds(), 600);  // stated
  const std::vector<SpecError> problems = calibration_problems(a);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0].what(), HasSubstr("does not exist: run `searchgrader calibrate"));
}

TEST_F(CalibrationTest, MeasuredTimesGiveTheScaledLimitsTheFloorAndTheBudget) {
  write_calibration(
      "  quick: {solution: good, cpu_seconds: 0.05}\n"
      "  slow: {solution: good-but-slow, cpu_seconds: 70}\n"
      "  fixed: {solution: good, cpu_seconds: 0.05}\n");
  const Assignment a = load_spec(spec_);
  EXPECT_EQ(test(a, "quick").limits.cpu_seconds, 2);  // 3 x 0.05 under the 2 s floor
  EXPECT_EQ(test(a, "quick").limits.wall_seconds, 30);
  EXPECT_EQ(test(a, "slow").limits.cpu_seconds, 280);   // its own multiplier: 4 x 70
  EXPECT_EQ(test(a, "slow").limits.wall_seconds, 561);  // at least twice the CPU limit + 1 s
  EXPECT_EQ(test(a, "slow").time_scaling->measured_solution, "good-but-slow");
  EXPECT_EQ(test(a, "fixed").limits.cpu_seconds, 2);  // scaled as the spec says, floor
  EXPECT_EQ(a.submission_budget.seconds(), 141);      // 2 x 70.5
  EXPECT_EQ(a.calibration_machine, "test machine, 2 cores");
  EXPECT_TRUE(calibration_problems(a).empty());
  // The file is part of what was graded: measuring again makes stored results out of date.
  const std::string before = a.spec_sha256;
  write_calibration(
      "  quick: {solution: good, cpu_seconds: 0.06}\n"
      "  slow: {solution: good-but-slow, cpu_seconds: 70}\n"
      "  fixed: {solution: good, cpu_seconds: 0.05}\n");
  EXPECT_NE(load_spec(spec_).spec_sha256, before);
}

TEST_F(CalibrationTest, ScalingForAnotherMachineScalesEveryMeasuredFigure) {
  write(folder_ / "calibration" / "demo.yaml",
        "spec: demo.yaml\nmachine: m\nspeed_probe: {name: python-search-1, cpu_seconds: 0.25}\n"
        "slowest_total: {solution: good, cpu_seconds: 70.5}\ntests:\n"
        "  quick: {solution: good, cpu_seconds: 0.5}\n"
        "  slow: {solution: good, cpu_seconds: 70}\n"
        "  fixed: {solution: good, cpu_seconds: 0.05}\n");
  Assignment a = load_spec(spec_);
  EXPECT_EQ(a.calibration_speed_probe, "python-search-1");
  EXPECT_DOUBLE_EQ(a.calibration_speed_probe_cpu_seconds, 0.25);
  scale_measured_limits(a, 2.5);
  EXPECT_EQ(test(a, "quick").limits.cpu_seconds, 3.8);  // 3 x 1.25, up to a tenth
  EXPECT_EQ(test(a, "slow").limits.cpu_seconds, 700);   // 4 x 175
  EXPECT_EQ(test(a, "slow").limits.wall_seconds, 1401);
  EXPECT_EQ(test(a, "fixed").limits.cpu_seconds, 2);  // the floor is not scaled
  EXPECT_EQ(a.submission_budget.seconds(), 2 * 70.5 * 2.5);
  EXPECT_DOUBLE_EQ(a.machine_time_scale, 2.5);
}

TEST_F(CalibrationTest, TheSpeedProbeRoundTripsThroughTheFile) {
  LimitCalibrationFile file;
  file.spec = "demo.yaml";
  file.machine = "m";
  file.speed_probe = "python-search-1";
  file.speed_probe_cpu_seconds = 0.3125;
  file.slowest_total = {"good", 1};
  file.tests = {{"quick", {"good", 0.5}}};
  write(folder_ / "calibration" / "demo.yaml", render_limit_calibration(file));
  const LimitCalibrationFile back = read_limit_calibration(folder_ / "calibration" / "demo.yaml");
  EXPECT_EQ(back.speed_probe, "python-search-1");
  EXPECT_DOUBLE_EQ(back.speed_probe_cpu_seconds, 0.3125);
  write(folder_ / "calibration" / "demo.yaml",
        "spec: demo.yaml\nspeed_probe: {name: p, cpu_seconds: 0}\ntests: {}\n");
  EXPECT_THROW(read_limit_calibration(folder_ / "calibration" / "demo.yaml"), SpecErrors);
}

TEST_F(CalibrationTest, CalibrateMeasuresWithTheStatedLimits) {
  write_calibration(
      "  quick: {solution: good, cpu_seconds: 0.05}\n"
      "  slow: {solution: good, cpu_seconds: 70}\n"
      "  fixed: {solution: good, cpu_seconds: 0.05}\n");
  Assignment a = load_spec(spec_);
  use_stated_limits(a);
  EXPECT_EQ(test(a, "slow").limits.cpu_seconds, 360);
  EXPECT_EQ(test(a, "slow").limits.wall_seconds, 30);
  EXPECT_FALSE(a.submission_budget.seconds());
}

TEST_F(CalibrationTest, ValidateNamesUnmeasuredTestsAndMeasurementsOfTestsGone) {
  write_calibration(
      "  quick: {solution: good, cpu_seconds: 0.05}\n"
      "  renamed-away: {solution: good, cpu_seconds: 1}\n");
  const Assignment a = load_spec(spec_);
  const std::vector<SpecError> problems = calibration_problems(a);
  std::string all;
  for (const auto& problem : problems) all += std::string(problem.what()) + "\n";
  EXPECT_THAT(all, HasSubstr("test 'slow' scales its time limit with measured times but"));
  EXPECT_THAT(all, HasSubstr("demo.yaml:"));  // at the test, in the spec
  EXPECT_THAT(all, HasSubstr("measures test 'renamed-away', which the spec no longer has"));
  EXPECT_EQ(test(a, "slow").limits.cpu_seconds, 360);  // unmeasured: stated
}

TEST_F(CalibrationTest, ABrokenOrForeignCalibrationFileIsASpecErrorAtItsPlace) {
  write_calibration("  quick: {solution: good, cpu_seconds: -1}\n");
  try {
    load_spec(spec_);
    ADD_FAILURE() << "a negative time was accepted";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("calibration/demo.yaml:"));
    EXPECT_THAT(error.what(), HasSubstr("number of seconds, at least 0"));
  }
  write_calibration("  quick: {solution: good, cpu_seconds: 1}\n", "other.yaml");
  try {
    load_spec(spec_);
    ADD_FAILURE() << "another spec's calibration was accepted";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("measured the spec 'other.yaml', not 'demo.yaml'"));
  }
}

TEST_F(CalibrationTest, TheKeysAreCheckedWhereTheyAreWritten) {
  const auto error_of = [&](const std::string& from, const std::string& to) {
    std::string text = kScaled;
    text.replace(text.find(from), from.size(), to);
    write(spec_, text);
    try {
      load_spec(spec_);
    } catch (const SpecError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(error_of("time_multiplier: 3", "time_multiplier: 0.5"),
              HasSubstr("demo.yaml:8:20: time_multiplier is 0.5"));
  EXPECT_THAT(error_of("  time_multiplier: 3\n", ""),
              HasSubstr("time_floor_seconds is the least CPU limit a time_multiplier may give"));
  EXPECT_THAT(
      error_of("limits: {cpu_seconds: 7}", "limits: {cpu_seconds: 7, submission_cpu_seconds: 9}"),
      HasSubstr("unknown key"));
}

TEST(CalibrationFile, WhatIsWrittenReadsBackTheSame) {
  LimitCalibrationFile written;
  written.spec = "demo.yaml";
  written.machine = "AMD \"EPYC\", 2 cores";
  written.tier = "full";
  written.rounds = 3;
  written.solutions = {"correct", "correct-as-handed-out"};
  written.slowest_total = {"correct-as-handed-out", 71.4};
  written.tests = {{"succ-1", {"correct", 0.052}}, {"solve: 16", {"correct-as-handed-out", 70}}};
  const fs::path file =
      fs::temp_directory_path() / ("sg-calibration-file-" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(file) << render_limit_calibration(written);
  const LimitCalibrationFile read = read_limit_calibration(file);
  fs::remove(file);
  EXPECT_EQ(read.spec, written.spec);
  EXPECT_EQ(read.machine, written.machine);
  EXPECT_EQ(read.rounds, 3);
  EXPECT_EQ(read.solutions, written.solutions);
  EXPECT_EQ(read.slowest_total.solution, "correct-as-handed-out");
  EXPECT_DOUBLE_EQ(read.slowest_total.cpu_seconds, 71.4);
  ASSERT_EQ(read.tests.size(), 2u);
  EXPECT_EQ(read.tests[1].first, "solve: 16");
  EXPECT_DOUBLE_EQ(read.tests[0].second.cpu_seconds, 0.052);
}

TEST(CalibrationFile, ScaledLimitsRoundUpToATenthAndKeepTheFloor) {
  TimeScaling scaling;
  scaling.multiplier = 3;
  scaling.floor_seconds = 1;
  EXPECT_DOUBLE_EQ(scaled_cpu_limit(scaling, 0.1), 1);
  EXPECT_DOUBLE_EQ(scaled_cpu_limit(scaling, 0.71), 2.2);  // 2.13 rounded up
  EXPECT_DOUBLE_EQ(scaled_cpu_limit(scaling, 70), 210);
}

}  // namespace limit_calibration_file_test
}  // namespace
}  // namespace sg
