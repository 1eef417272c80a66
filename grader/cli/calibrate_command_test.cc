// End-to-end tests of `searchgrader calibrate`: it measures the accepted solutions through the
// real runner, writes specs/calibration/NAME.yaml with --write, after which validate accepts the
// spec and grading uses the scaled limits; an "accepted" solution that fails a test stops it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/command_test_util.h"
#include "spec/limit_calibration_file.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace calibrate_command_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;

const fs::path kSource = SG_SOURCE_DIR;

class CalibrateCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = test_util::fresh_temp_dir("calibrate");
    // The class spec with a time multiplier and a measured budget; it lives in a folder of its
    // own so that the calibration file goes there.
    std::ifstream in(kSource / "fixtures/class/torus-mini.yaml");
    std::stringstream text;
    text << in.rdbuf();
    std::string spec = text.str();
    const std::string limits = "limits:\n";
    spec.replace(spec.find(limits), limits.size(),
                 "limits:\n  time_multiplier: 3\n  time_floor_seconds: 1.5\n"
                 "  submission_time_multiplier: 4\n");
    spec_ = root_ / "torus-mini.yaml";
    std::ofstream(spec_) << spec;
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string calibrate(const std::string& flags) const {
    return searchgrader() + " calibrate " + spec_.string() + " " + flags;
  }

  fs::path root_;
  fs::path spec_;
};

TEST_F(CalibrateCommandTest, WritesTheMeasurementsAndTheSpecThenGradesWithScaledLimits) {
  const auto unmeasured = run_shell(searchgrader() + " validate " + spec_.string());
  EXPECT_EQ(unmeasured.exit_code, 2) << unmeasured.output;
  EXPECT_THAT(unmeasured.output, HasSubstr("calibrate"));

  const auto measured = run_shell(
      calibrate("--rounds 1 --write --solution " + (kSource / "fixtures/torus/correct").string()));
  ASSERT_EQ(measured.exit_code, 0) << measured.output;
  EXPECT_THAT(measured.output, HasSubstr("succ-center-1"));
  EXPECT_THAT(measured.output, HasSubstr("(3 x, at least 1.5 s)"));
  EXPECT_THAT(measured.output, HasSubstr("per-submission budget 4 x that"));
  const fs::path file = root_ / "calibration" / "torus-mini.yaml";
  ASSERT_TRUE(fs::exists(file));
  const LimitCalibrationFile calibration = read_limit_calibration(file);
  EXPECT_EQ(calibration.spec, "torus-mini.yaml");
  EXPECT_EQ(calibration.solutions, std::vector<std::string>{"correct"});
  ASSERT_EQ(calibration.tests.size(), 2u);
  for (const auto& [id, test] : calibration.tests) {
    EXPECT_GT(test.cpu_seconds, 0.0) << id;  // a Python process is never free
    EXPECT_LT(test.cpu_seconds, 5.0) << id;
  }

  const auto valid = run_shell(searchgrader() + " validate " + spec_.string());
  EXPECT_EQ(valid.exit_code, 0) << valid.output;
  EXPECT_THAT(valid.output, HasSubstr("time limits calibrated"));
  const Assignment scaled = load_spec(spec_);
  for (const TestSpec& test : scaled.tests) {
    EXPECT_DOUBLE_EQ(
        test.limits.cpu_seconds,
        scaled_cpu_limit(*test.time_scaling, *test.time_scaling->measured_cpu_seconds));
  }
  const auto graded = run_shell(searchgrader() + " grade " + spec_.string() + " " +
                                (kSource / "fixtures/torus/correct").string());
  EXPECT_EQ(graded.exit_code, 0) << graded.output;
  EXPECT_THAT(graded.output, HasSubstr("30/30"));
}

TEST_F(CalibrateCommandTest, ASolutionThatFailsATestIsNotMeasured) {
  const auto result =
      run_shell(calibrate("--rounds 1 --write --solution " +
                          (kSource / "fixtures/torus/buggy-unsorted-successors").string()));
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_THAT(result.output, HasSubstr("buggy-unsorted-successors is not accepted on test"));
  EXPECT_FALSE(fs::exists(root_ / "calibration" / "torus-mini.yaml"));
}

TEST_F(CalibrateCommandTest, WithoutAnyAcceptedSolutionItSaysWhereToListOne) {
  const auto result = run_shell(calibrate("--fixtures " + root_.string()));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("no accepted solution to measure"));
}

}  // namespace calibrate_command_test
}  // namespace
}  // namespace sg
