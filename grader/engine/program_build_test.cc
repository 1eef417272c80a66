#include "engine/program_build.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "runner/process_runner.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace program_build_test {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class ProgramBuildTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "sg-program-build-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    interface_.language = "program";
    interface_.entry = {"eightpuzzle.py", "eightpuzzle"};
  }
  void TearDown() override { remove_tree(root_); }

  void write(const std::string& name, const std::string& text, fs::perms perms = fs::perms(0644)) {
    fs::create_directories((root_ / name).parent_path());
    std::ofstream(root_ / name) << text;
    fs::permissions(root_ / name, perms);
  }

  fs::path root_;
  SubmissionInterface interface_;
  std::unique_ptr<Runner> runner_ = make_process_runner();
};

TEST_F(ProgramBuildTest, RunsAnExecutableScriptDirectly) {
  write("eightpuzzle.py", "#!/usr/bin/env python3\nprint('hi')\n", fs::perms(0755));
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  ASSERT_TRUE(build.ok()) << build.failure_feedback();
  EXPECT_THAT(build.command(), ElementsAre("./eightpuzzle.py"));
  EXPECT_EQ(build.root(), root_);
}

TEST_F(ProgramBuildTest, RunsAScriptWithoutItsExecutableBitThroughItsInterpreter) {
  write("eightpuzzle.py", "#!/usr/bin/env python3 -u\nprint('hi')\n");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  ASSERT_TRUE(build.ok()) << build.failure_feedback();
  EXPECT_THAT(build.command(), ElementsAre("python3", "-u", "eightpuzzle.py"));
}

TEST_F(ProgramBuildTest, SaysWhatIsMissingWhenNoEntryIsPresent) {
  write("notes.txt", "hello");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  EXPECT_FALSE(build.ok());
  EXPECT_EQ(build.failure_verdict(), Verdict::submission_error);
  EXPECT_EQ(build.failure_feedback(),
            "no program to run: expected eightpuzzle.py or eightpuzzle in your submission (it has: "
            "notes.txt)");
}

TEST_F(ProgramBuildTest, BuildsWithMakeIntoItsOwnTreeAndKeepsTheSubmissionUntouched) {
  write("main.c", "int main(void) { return 0; }\n");
  write("Makefile", "eightpuzzle: main.c\n\tcc -o eightpuzzle main.c\n");
  fs::path tree;
  {
    ProgramBuild build = prepare_program(interface_, root_, *runner_);
    ASSERT_TRUE(build.ok()) << build.failure_feedback();
    EXPECT_THAT(build.command(), ElementsAre("./eightpuzzle"));
    EXPECT_NE(build.root(), root_);
    EXPECT_TRUE(fs::is_regular_file(build.root() / "eightpuzzle"));
    EXPECT_FALSE(fs::exists(root_ / "eightpuzzle"));
    EXPECT_THAT(build.notes(), ElementsAre(HasSubstr("built with `make` in")));
    const ProgramBuild moved = std::move(build);
    tree = moved.root();
    EXPECT_TRUE(fs::exists(tree));
  }
  EXPECT_FALSE(fs::exists(tree));  // removed with its owner
}

TEST_F(ProgramBuildTest, ABuildFailureIsTheStudentsAndShowsTheCompilerOutput) {
  write("main.c", "int main(void) { return 0 }\n");
  write("Makefile", "eightpuzzle: main.c\n\tcc -o eightpuzzle main.c\n");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  EXPECT_FALSE(build.ok());
  EXPECT_EQ(build.failure_verdict(), Verdict::compile_error);
  EXPECT_THAT(build.failure_feedback(),
              HasSubstr("the build failed: `make` ended with exit code 2"));
  EXPECT_THAT(build.failure_feedback(), HasSubstr("error: expected"));
}

TEST_F(ProgramBuildTest, BuildsWithCMakeAndFindsTheProgramUnderBuild) {
  write("main.c", "int main(void) { return 0; }\n");
  write("CMakeLists.txt",
        "cmake_minimum_required(VERSION 3.10)\nproject(p C)\nadd_executable(eightpuzzle main.c)\n");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  ASSERT_TRUE(build.ok()) << build.failure_feedback();
  EXPECT_THAT(build.command(), ElementsAre("./build/eightpuzzle"));
}

}  // namespace program_build_test
}  // namespace
}  // namespace sg
