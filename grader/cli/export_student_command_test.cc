// End-to-end tests of `searchgrader export-student`: the student copy has no hidden test, keeps
// every visible test and the whole rubric, says which criteria hidden tests grade, and is itself
// a valid spec (`searchgrader validate`).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <string>

#include "cli/command_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace export_student_command_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;
using ::testing::Not;

class ExportStudent : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = test_util::fresh_temp_dir("export-student"); }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(ExportStudent, EveryShippedSpecGivesAValidCopyWithoutHiddenTests) {
  for (const auto& entry : fs::directory_iterator(fs::path(SG_SOURCE_DIR) / "specs")) {
    if (entry.path().extension() != ".yaml") continue;
    const Assignment original = load_spec(entry.path());
    const fs::path copy = dir_ / entry.path().filename();
    const auto exported = run_shell(searchgrader() + " export-student " + entry.path().string() +
                                    " -o " + copy.string());
    ASSERT_EQ(exported.exit_code, 0) << exported.output;
    const auto validated = run_shell(searchgrader() + " validate " + copy.string());
    EXPECT_EQ(validated.exit_code, 0) << validated.output;

    const Assignment student = load_spec(copy);
    std::ifstream in(copy);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t visible = 0;
    for (const TestSpec& test : original.tests) {
      if (test.visibility == Visibility::visible) {
        ++visible;
        EXPECT_THAT(text, HasSubstr("id: " + test.id)) << test.id;
      } else {
        EXPECT_THAT(text, Not(HasSubstr(test.id))) << test.id;
        EXPECT_THAT(text, Not(HasSubstr(test.name))) << test.id;
      }
    }
    EXPECT_EQ(student.tests.size(), visible) << entry.path();
    for (const TestSpec& test : student.tests) {
      EXPECT_EQ(test.visibility, Visibility::visible);
      // Limits scaled on the grading machine are stated in the copy as they are in effect there.
      for (const TestSpec& graded : original.tests) {
        if (graded.id != test.id) continue;
        EXPECT_DOUBLE_EQ(test.limits.cpu_seconds, graded.limits.cpu_seconds) << test.id;
        EXPECT_DOUBLE_EQ(test.limits.wall_seconds, graded.limits.wall_seconds) << test.id;
      }
    }
    ASSERT_EQ(student.criteria.size(), original.criteria.size());
    EXPECT_DOUBLE_EQ(student.max_points(), original.max_points());
    if (visible < original.tests.size()) {
      EXPECT_THAT(text, HasSubstr("Rubric criteria also graded by hidden tests:")) << copy;
    }
  }
}

TEST_F(ExportStudent, TheCopyStandsAloneWithoutWhatOnlyHiddenTestsUse) {
  // berkeley-search: small_maze is used by a hidden test only (its map is that test's input);
  // the others' files are written into the copy, and the support files are put beside it.
  const fs::path copy = dir_ / "course" / "berkeley.yaml";
  fs::create_directories(copy.parent_path());
  const auto exported = run_shell(searchgrader() + " export-student " + SG_SOURCE_DIR +
                                  "/specs/berkeley-search.yaml -o " + copy.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  std::ifstream in(copy);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(text, Not(HasSubstr("small_maze")));
  EXPECT_THAT(text, Not(HasSubstr("mazes/")));
  EXPECT_THAT(text, HasSubstr("costly_maze"));
  EXPECT_TRUE(fs::is_regular_file(dir_ / "course" / "support" / "berkeley" / "util.py"));
  EXPECT_THAT(exported.output, HasSubstr("2 support files written beside it"));
  const auto checked = run_shell(searchgrader() + " check " + copy.string() + " " + SG_SOURCE_DIR +
                                 "/fixtures/berkeley/correct");
  EXPECT_EQ(checked.exit_code, 0) << checked.output;
}

TEST_F(ExportStudent, ACriterionGradedOnlyByHiddenTestsStaysInTheRubric) {
  // The torus spec with every test of criterion pq_present made hidden.
  YAML::Node spec = YAML::LoadFile(std::string(SG_SOURCE_DIR) + "/specs/torus-8-puzzle.yaml");
  std::size_t changed = 0;
  for (YAML::Node test : spec["tests"]) {
    for (const auto& grade : test["grades"]) {
      const YAML::Node criteria = grade.second;
      const bool pq =
          criteria.IsSequence()
              ? std::any_of(criteria.begin(), criteria.end(),
                            [](const YAML::Node& c) { return c.as<std::string>() == "pq_present"; })
              : criteria.as<std::string>() == "pq_present";
      if (pq) {
        test["visibility"] = "hidden";
        ++changed;
        break;
      }
    }
  }
  ASSERT_GT(changed, 0u);
  const fs::path source = dir_ / "torus.yaml";
  YAML::Emitter emitter;
  emitter << spec;
  std::ofstream(source) << emitter.c_str() << "\n";
  ASSERT_NO_THROW(load_spec(source));

  const fs::path copy = dir_ / "student.yaml";
  const auto exported =
      run_shell(searchgrader() + " export-student " + source.string() + " -o " + copy.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  const Assignment student = load_spec(copy);
  const Criterion* pq = student.find_criterion("pq_present");
  ASSERT_NE(pq, nullptr);
  EXPECT_TRUE(pq->manual);
  EXPECT_EQ(pq->points, load_spec(source).find_criterion("pq_present")->points);
  std::ifstream in(copy);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(text, HasSubstr("Criteria graded only by hidden tests"));
  EXPECT_THAT(text, HasSubstr("pq_present"));
}

TEST_F(ExportStudent, ASpecWithOnlyHiddenTestsIsRefused) {
  YAML::Node spec = YAML::LoadFile(std::string(SG_SOURCE_DIR) + "/specs/torus-8-puzzle.yaml");
  for (YAML::Node test : spec["tests"]) test["visibility"] = "hidden";
  const fs::path source = dir_ / "all-hidden.yaml";
  YAML::Emitter emitter;
  emitter << spec;
  std::ofstream(source) << emitter.c_str() << "\n";
  const auto result = run_shell(searchgrader() + " export-student " + source.string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("every test is hidden"));
}

}  // namespace export_student_command_test
}  // namespace
}  // namespace sg
