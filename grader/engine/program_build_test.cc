#include "engine/program_build.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "adapters/program_run.h"
#include "runner/process_runner.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace program_build_test {

namespace fs = std::filesystem;
using ::testing::AllOf;
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

// No build file: the Java sources are compiled with javac, and the class that declares main runs
// by its qualified name; of two mains, the one named like the spec's entry is the program.
TEST_F(ProgramBuildTest, CompilesJavaAndRunsTheClassThatDeclaresMain) {
  write("src/puzzle/EightPuzzle.java",
        "package puzzle;\npublic class EightPuzzle {\n  public static void main(String[] args) "
        "{ System.out.println(Board.size()); }\n}\n");
  write("src/puzzle/Board.java",
        "package puzzle;\nclass Board {\n  static int size() { return 9; }\n"
        "  public static void main(String[] args) {}\n}\n");
  ProgramBuild build = prepare_program(interface_, root_, *runner_);
  ASSERT_TRUE(build.ok()) << build.failure_feedback();
  EXPECT_TRUE(fs::is_regular_file(build.root() / "puzzle" / "EightPuzzle.class"));
  ASSERT_GE(build.command().size(), 3u);
  EXPECT_EQ(build.command().front(), "java");
  EXPECT_EQ(build.command().back(), "puzzle.EightPuzzle");
  EXPECT_THAT(build.notes(),
              ElementsAre(HasSubstr("built with `javac *.java` in"),
                          "src/puzzle/EightPuzzle.java declares `package puzzle;`: ran its class "
                          "as `puzzle.EightPuzzle`"));
  // The program runs in the built tree as the tests run it.
  Invocation invocation;
  invocation.argv = build.command();
  invocation.submission = build.root();
  const Observation ran = runner_->run(invocation);
  EXPECT_EQ(ran.exit_code, 0) << ran.stderr_stream.data;
  EXPECT_EQ(ran.stdout_stream.data, "9\n");
  EXPECT_FALSE(diagnose_program_stop(ran).has_value());
  // Under an address-space limit too small for the JVM's reservations it cannot start: the
  // grader's fault (a spec's limit), never the student's runtime error.
  invocation.limits.memory_bytes = 256ull << 20;
  const Observation refused = runner_->run(invocation);
  const std::optional<EarlyStop> stop = diagnose_program_stop(refused);
  ASSERT_TRUE(stop) << refused.detail << "\nstdout: " << refused.stdout_stream.data
                    << "\nstderr: " << refused.stderr_stream.data;
  EXPECT_EQ(stop->verdict, Verdict::grader_error) << stop->feedback;
  EXPECT_THAT(stop->feedback, HasSubstr("the Java virtual machine could not start"));
}

TEST_F(ProgramBuildTest, AScriptTheSpecNamesRunsWhateverJavaLiesBesideIt) {
  write("eightpuzzle.py", "#!/usr/bin/env python3\nprint('hi')\n");
  write("Scratch.java", "public class Scratch { broken }\n");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  ASSERT_TRUE(build.ok()) << build.failure_feedback();
  EXPECT_THAT(build.command(), ElementsAre("python3", "eightpuzzle.py"));
  EXPECT_TRUE(build.notes().empty());
}

TEST_F(ProgramBuildTest, AJavaCompileErrorIsOneVerdictWithTheCompilersWords) {
  write("EightPuzzle.java", "public class EightPuzzle {\n  List<Integer> tiles;\n}\n");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  EXPECT_FALSE(build.ok());
  EXPECT_EQ(build.failure_verdict(), Verdict::compile_error);
  EXPECT_THAT(build.failure_feedback(),
              AllOf(HasSubstr("the build failed: `javac *.java` ended with exit code 1"),
                    HasSubstr("EightPuzzle.java:2: error: cannot find symbol")));
}

TEST_F(ProgramBuildTest, JavaWithoutMainSaysSo) {
  write("Board.java", "public class Board {\n  public int size() { return 9; }\n}\n");
  const ProgramBuild build = prepare_program(interface_, root_, *runner_);
  EXPECT_FALSE(build.ok());
  EXPECT_EQ(build.failure_verdict(), Verdict::submission_error);
  EXPECT_THAT(build.failure_feedback(),
              HasSubstr("none of your Java classes (Board.java) declares `public static void "
                        "main(String[] args)`"));
}

}  // namespace program_build_test
}  // namespace
}  // namespace sg
