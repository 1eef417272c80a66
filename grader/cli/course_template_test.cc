// The course repository template, as a course's staff would use it: `init-course` copies it,
// and its own CI script (validate + audit, JUnit reports) passes on the copy with this build's
// searchgrader. Also: the copy's known-buggy submissions fail where their expected.yaml says.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "cli/command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace course_template_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;

TEST(CourseTemplate, InitCourseMakesARepositoryWhoseCiPasses) {
  const fs::path root = test_util::fresh_temp_dir("course");
  const fs::path course = root / "my-course";
  const auto created = run_shell(searchgrader() + " init-course " + course.string());
  ASSERT_EQ(created.exit_code, 0) << created.output;
  ASSERT_TRUE(fs::exists(course / ".ci" / "run"));
  ASSERT_TRUE(fs::exists(course / "specs" / "golden" / "city-routes.yaml"));
  // The platforms' templates (platforms_test.cc runs each), the specs they name as real files.
  const fs::path platforms = course / "platforms";
  EXPECT_TRUE(
      fs::exists(platforms / "github-classroom" / ".github" / "workflows" / "classroom.yml"));
  EXPECT_TRUE(fs::is_regular_file(platforms / "github-classroom" / ".github" / "searchgrader" /
                                  "city-routes.yaml"));
  EXPECT_NE(fs::status(platforms / "vpl" / "vpl_evaluate.sh").permissions() & fs::perms::owner_exec,
            fs::perms::none);
  EXPECT_TRUE(fs::is_regular_file(
      fs::symlink_status(platforms / "vpl" / "searchgrader" / "city-routes.yaml")));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(platforms / "prairielearn" / "city-routes" /
                                                     "tests" / "city-routes.yaml")));

  const auto ci = run_shell("cd " + course.string() + " && SEARCHGRADER=" + searchgrader() +
                            " SEARCHGRADER_PYTHON=/usr/bin/python3 .ci/run");
  EXPECT_EQ(ci.exit_code, 0) << ci.output;
  EXPECT_THAT(ci.output, HasSubstr("mutation score"));
  EXPECT_TRUE(fs::exists(course / "ci-reports" / "validate.xml"));
  EXPECT_TRUE(fs::exists(course / "ci-reports" / "audit-city-routes.xml"));

  // A fixture that no longer gets its stated outcome fails the course's CI.
  fs::copy_file(course / "fixtures" / "city-routes" / "correct" / "routes.py",
                course / "fixtures" / "city-routes" / "buggy-bfs-stack" / "routes.py",
                fs::copy_options::overwrite_existing);
  const auto broken = run_shell("cd " + course.string() + " && SEARCHGRADER=" + searchgrader() +
                                " SEARCHGRADER_PYTHON=/usr/bin/python3 .ci/run");
  EXPECT_EQ(broken.exit_code, 1) << broken.output;

  // A folder that is not empty is refused.
  const auto again = run_shell(searchgrader() + " init-course " + course.string());
  EXPECT_EQ(again.exit_code, 2) << again.output;
  fs::remove_all(root);
}

}  // namespace course_template_test
}  // namespace
}  // namespace sg
