// Hidden tests stay hidden everywhere a student reads: a spec plants a marker in its hidden tests'
// ids, names, arguments, input files and expected output (and the submission echoes what it is
// given), then every student-audience output of every command is searched for the marker. The
// instructor's outputs must contain it, so the test would notice a marker that never made it in.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace student_outputs_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kMarker = "f00d";

constexpr const char* kSpec = R"yaml(spec_version: 1
assignment: {id: markers, title: "Hidden markers"}
submission: {language: program, entry: prog.sh}
rubric:
  - {id: shown, name: "Visible criterion", points: 5}
  - {id: secret, name: "Criterion with hidden tests", points: 5}
tests:
  - id: visible-one
    name: "visible echo"
    kind: program_output
    args: ["hello"]
    checks: [{contains: "hello"}]
    grades: {output: shown}
  - id: HIDDENID-f00d
    name: "HIDDENNAME-f00d"
    kind: program_output
    visibility: hidden
    args: ["HIDDENARG-f00d"]
    files: {"input.txt": "HIDDENFILE-f00d"}
    checks: [{contains: "HIDDENEXPECTED-f00d"}]
    grades: {output: secret}
  - id: LATERID-f00d
    name: "LATERNAME-f00d"
    kind: program_output
    visibility: after_due_date
    args: ["LATERARG-f00d"]
    checks: [{contains: "LATEREXPECTED-f00d"}]
    grades: {output: secret}
)yaml";

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class StudentOutputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test_util::fresh_temp_dir("student-outputs");
    std::ofstream(dir_ / "spec.yaml") << kSpec;
    fs::create_directories(dir_ / "alice");
    // Echoes its arguments, its input file and stderr: a hidden test's input comes back out.
    std::ofstream(dir_ / "alice" / "prog.sh")
        << "#!/bin/sh\necho \"OUT: $@\"\ncat input.txt 2>/dev/null\necho \"ERR $@\" >&2\n";
    fs::permissions(dir_ / "alice" / "prog.sh", fs::perms::owner_all, fs::perm_options::add);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string grade(const std::string& options) {
    const auto result = run_shell(searchgrader() + " grade " + (dir_ / "spec.yaml").string() + " " +
                                      (dir_ / "alice").string() + " " + options,
                                  false);
    EXPECT_EQ(result.exit_code, 0) << result.output;
    return result.output;
  }

  fs::path dir_;
};

TEST_F(StudentOutputs, NoStudentAudienceOutputHoldsAnythingOfAHiddenTest) {
  // The instructor sees the markers: they are really in the run.
  const std::string instructor = grade("--audience instructor --format json");
  for (const char* planted : {"HIDDENID-f00d", "HIDDENNAME-f00d", "HIDDENARG-f00d",
                              "HIDDENFILE-f00d", "HIDDENEXPECTED-f00d", "LATERARG-f00d"}) {
    EXPECT_THAT(instructor, HasSubstr(planted));
  }

  std::vector<std::pair<std::string, std::string>> outputs;  // what, text
  outputs.emplace_back("grade text", grade("--audience student"));
  outputs.emplace_back("grade -v text", grade("--audience student -v"));
  outputs.emplace_back("grade json", grade("--audience student --format json"));
  grade("--results " + (dir_ / "results.json").string());
  outputs.emplace_back("results.json", read(dir_ / "results.json"));
  const auto check = run_shell(searchgrader() + " check " + (dir_ / "spec.yaml").string() + " " +
                               (dir_ / "alice").string() + " -v");
  EXPECT_EQ(check.exit_code, 0) << check.output;
  outputs.emplace_back("check", check.output);
  const auto exported =
      run_shell(searchgrader() + " export-student " + (dir_ / "spec.yaml").string(), false);
  EXPECT_EQ(exported.exit_code, 0) << exported.output;
  outputs.emplace_back("export-student", exported.output);
  const auto batch = run_shell(searchgrader() + " batch " + (dir_ / "spec.yaml").string() + " " +
                               (dir_ / "alice").string() + " --out " + (dir_ / "grades").string());
  EXPECT_EQ(batch.exit_code, 0) << batch.output;
  std::size_t feedback_files = 0;
  for (const auto& entry : fs::directory_iterator(dir_ / "grades" / "feedback")) {
    outputs.emplace_back(entry.path().filename().string(), read(entry.path()));
    ++feedback_files;
  }
  EXPECT_EQ(feedback_files, 2u);  // alice.md, alice.html

  for (const auto& [what, text] : outputs) {
    EXPECT_THAT(text, Not(HasSubstr(kMarker))) << what << ":\n" << text;
    EXPECT_FALSE(text.empty()) << what;
  }
  // Students still learn that hidden tests failed.
  EXPECT_THAT(outputs[0].second, HasSubstr("hidden test 1: failed"));
}

TEST_F(StudentOutputs, AFaultyHiddenTestIsNotNamedInResultsJson) {
  std::string spec = kSpec;
  spec.replace(spec.find("kind: program_output\n    visibility: hidden"), 20,
               "kind: HIDDENKIND-f00d");
  std::ofstream(dir_ / "spec.yaml") << spec;
  const auto result =
      run_shell(searchgrader() + " grade " + (dir_ / "spec.yaml").string() + " " +
                (dir_ / "alice").string() + " --results " + (dir_ / "results.json").string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("HIDDENID-f00d"));  // the instructor's stderr names it
  const std::string results = read(dir_ / "results.json");
  EXPECT_THAT(results, HasSubstr("The assignment's spec is invalid"));
  EXPECT_THAT(results, Not(HasSubstr(kMarker)));
}

}  // namespace student_outputs_test
}  // namespace
}  // namespace sg
