// Limits that follow the machine: the speed probe runs, its ratio becomes a factor (unchanged
// near 1, clamped far from it), and the factor scales exactly the measured limits.
#include "engine/machine_speed.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "spec/limit_calibration_file.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace machine_speed_test {

namespace fs = std::filesystem;

TEST(MachineSpeed, TheProbeRunsAndAMissingInterpreterIsNoFigure) {
  const std::optional<double> seconds = measure_speed_probe("/usr/bin/python3");
  ASSERT_TRUE(seconds);
  EXPECT_GT(*seconds, 0.0);
  EXPECT_LT(*seconds, 60.0);
  EXPECT_EQ(measure_speed_probe("/nonexistent/python3"), std::nullopt);
  EXPECT_EQ(speed_probe_cpu_seconds("/bin/false"), std::nullopt);
}

TEST(MachineSpeed, FactorIsOneNearTheSameSpeedAndClampedFarFromIt) {
  EXPECT_EQ(machine_time_factor(1.0, 1.0), 1.0);
  EXPECT_EQ(machine_time_factor(1.2, 1.0), 1.0);
  EXPECT_EQ(machine_time_factor(0.85, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(machine_time_factor(2.9, 1.0), 2.9);
  EXPECT_DOUBLE_EQ(machine_time_factor(0.5, 1.0), 0.5);
  EXPECT_EQ(machine_time_factor(100.0, 1.0), kLargestFactor);
  EXPECT_EQ(machine_time_factor(0.01, 1.0), kSmallestFactor);
}

// A spec with one scaled test, one stated test and a budget, calibrated as `probe` says.
class ScaledSpec : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sg-machine-speed-" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "calibration");
    std::ofstream(dir_ / "spec.yaml") << R"(spec_version: 1
assignment: {id: speed}
submission: {language: python, module: demo}
domain: {type: sliding_tile, rows: 3, cols: 3, topology: torus, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]}
limits: {cpu_seconds: 20, wall_seconds: 30, time_multiplier: 3, time_floor_seconds: 2,
         submission_time_multiplier: 2}
rubric:
  - {id: succ, name: "print_succ works", points: 5}
tests:
  - {id: slow, kind: print_succ, state: [1, 2, 3, 4, 0, 5, 6, 7, 8], grades: {successors: succ}}
  - {id: quick, kind: print_succ, state: [1, 2, 3, 4, 5, 6, 7, 8, 0], grades: {successors: succ}}
)";
  }
  void TearDown() override { fs::remove_all(dir_); }

  Assignment load(const std::string& probe_line) {
    std::ofstream(dir_ / "calibration" / "spec.yaml")
        << "spec: spec.yaml\nmachine: \"elsewhere, 64 cores\"\n"
        << probe_line
        << "slowest_total: {solution: s, cpu_seconds: 10}\n"
           "tests:\n  slow: {solution: s, cpu_seconds: 4}\n  quick: {solution: s, cpu_seconds: "
           "0.1}\n";
    return load_spec((dir_ / "spec.yaml").string());
  }

  fs::path dir_;
};

TEST_F(ScaledSpec, ASlowerMachineGetsProportionallyLargerLimits) {
  const double here = *speed_probe_cpu_seconds("/usr/bin/python3");
  // The calibrating machine ran the probe three times as fast.
  Assignment assignment =
      load(fmt::format("speed_probe: {{name: {}, cpu_seconds: {}}}\n", kSpeedProbeName, here / 3));
  ASSERT_DOUBLE_EQ(assignment.tests[0].limits.cpu_seconds, 12.0);  // 3 x 4 s
  const MachineScaling scaling = scale_limits_to_this_machine(assignment, "/usr/bin/python3");
  EXPECT_NEAR(scaling.factor, 3.0, 1e-9);
  EXPECT_NEAR(assignment.tests[0].limits.cpu_seconds, 36.0, 0.11);  // 3 x (4 s x 3)
  EXPECT_GE(assignment.tests[0].limits.wall_seconds, 2 * assignment.tests[0].limits.cpu_seconds);
  EXPECT_EQ(assignment.tests[1].limits.cpu_seconds, 2.0) << "3 x 0.3 s is still under the floor";
  ASSERT_TRUE(assignment.submission_budget.measured_total_cpu_seconds);
  EXPECT_NEAR(*assignment.submission_budget.measured_total_cpu_seconds, 30.0, 1e-6);
  EXPECT_NEAR(assignment.machine_time_scale, 3.0, 1e-9);
  EXPECT_NE(scaling.note.find("time limits x3.00 for this machine"), std::string::npos)
      << scaling.note;
}

TEST_F(ScaledSpec, TheSameSpeedChangesNothing) {
  const double here = *speed_probe_cpu_seconds("/usr/bin/python3");
  Assignment assignment =
      load(fmt::format("speed_probe: {{name: {}, cpu_seconds: {}}}\n", kSpeedProbeName, here));
  const MachineScaling scaling = scale_limits_to_this_machine(assignment, "/usr/bin/python3");
  EXPECT_EQ(scaling.factor, 1.0);
  EXPECT_EQ(scaling.note, "");
  EXPECT_DOUBLE_EQ(assignment.tests[0].limits.cpu_seconds, 12.0);
}

TEST_F(ScaledSpec, ACalibrationWithoutTheProbeIsNotScaledButWarns) {
  Assignment assignment = load("");
  const MachineScaling scaling = scale_limits_to_this_machine(assignment, "/usr/bin/python3");
  EXPECT_EQ(scaling.factor, 1.0);
  EXPECT_DOUBLE_EQ(assignment.tests[0].limits.cpu_seconds, 12.0);
  EXPECT_NE(scaling.note.find("has no speed probe to scale them by"), std::string::npos)
      << scaling.note;
}

}  // namespace machine_speed_test
}  // namespace
}  // namespace sg
