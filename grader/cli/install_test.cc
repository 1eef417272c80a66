// A relocatable install: `cmake --install` into one prefix, the prefix moved elsewhere, and the
// installed searchgrader still finds its driver and bundled sources beside its binary (nothing of
// the build or source tree's path is compiled in).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "cli/command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace install_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using ::testing::HasSubstr;

TEST(Install, AMovedInstallFindsItsDriverAndSourcesBesideItsBinary) {
  const fs::path root = test_util::fresh_temp_dir("install");
  const fs::path first = root / "first";
  const fs::path moved = root / "elsewhere" / "searchgrader";
  const auto install =
      run_shell("cmake --install " + std::string(SG_BINARY_DIR) + " --prefix " + first.string());
  ASSERT_EQ(install.exit_code, 0) << install.output;
  ASSERT_TRUE(fs::is_regular_file(first / "share/searchgrader/drivers/python_driver.py"));
  fs::create_directories(moved.parent_path());
  fs::rename(first, moved);
  const std::string binary = (moved / "bin" / "searchgrader").string();

  const auto doctor =
      run_shell("env -u SEARCHGRADER_DRIVER_DIR -u SEARCHGRADER_SOURCE_DIR " + binary + " doctor");
  EXPECT_EQ(doctor.exit_code, 0) << doctor.output;
  EXPECT_THAT(doctor.output,
              HasSubstr("drivers:     " + (moved / "share/searchgrader/drivers").string()));
  EXPECT_THAT(doctor.output,
              HasSubstr("sources:     " + (moved / "share/searchgrader/source").string() + "\n"));
  // The installed driver serves as a fork server: tests are forked from one import.
  EXPECT_THAT(doctor.output, HasSubstr("imports:     once per submission"));

  // It grades with the installed driver, from any working directory.
  const auto grade = run_shell("cd " + root.string() + " && " + binary + " grade " + SG_SOURCE_DIR +
                                   "/specs/torus-8-puzzle.yaml " + SG_SOURCE_DIR +
                                   "/fixtures/torus/correct -j2 --isolation minimal",
                               false);
  EXPECT_EQ(grade.exit_code, 0) << grade.output;
  EXPECT_THAT(grade.output, HasSubstr("Score:      100/100"));

  // And bundles its own installed sources for Gradescope.
  const auto bundle =
      run_shell(binary + " gradescope " + SG_SOURCE_DIR + "/specs/torus-8-puzzle.yaml --out " +
                (root / "autograder.zip").string());
  EXPECT_EQ(bundle.exit_code, 0) << bundle.output;
  EXPECT_TRUE(fs::is_regular_file(root / "autograder.zip"));
  fs::remove_all(root);
}

}  // namespace install_test
}  // namespace
}  // namespace sg
