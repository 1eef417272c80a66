// End-to-end test of `searchgrader gradescope`: builds the bundle, unpacks it into a temporary
// folder standing in for /autograder (AUTOGRADER_ROOT), runs run_autograder with this build's
// binary (SEARCHGRADER_BIN, so nothing is rebuilt and no network is needed) and validates
// results.json against Gradescope's documented fields. setup.sh is only syntax-checked and
// checked to install the packages the project needs.
#include <archive.h>
#include <archive_entry.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "cli/command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace gradescope_command_test {

namespace fs = std::filesystem;
using nlohmann::json;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kSpec = std::string(SG_SOURCE_DIR) + "/specs/torus-8-puzzle.yaml";

struct ZipEntry {
  std::string contents;
  unsigned mode = 0;
};

// Reads every regular file of the zip at `path` (libarchive), by path.
std::map<std::string, ZipEntry> read_zip(const fs::path& path) {
  std::map<std::string, ZipEntry> files;
  archive* zip = archive_read_new();
  archive_read_support_format_zip(zip);
  if (archive_read_open_filename(zip, path.c_str(), 1 << 16) != ARCHIVE_OK) {
    ADD_FAILURE() << "cannot open " << path << ": " << archive_error_string(zip);
    archive_read_free(zip);
    return files;
  }
  archive_entry* entry = nullptr;
  while (archive_read_next_header(zip, &entry) == ARCHIVE_OK) {
    ZipEntry file;
    file.mode = archive_entry_perm(entry);
    std::array<char, 8192> buffer{};
    la_ssize_t n = 0;
    while ((n = archive_read_data(zip, buffer.data(), buffer.size())) > 0) {
      file.contents.append(buffer.data(), static_cast<std::size_t>(n));
    }
    files[archive_entry_pathname(entry)] = std::move(file);
  }
  archive_read_free(zip);
  return files;
}

void unpack(const std::map<std::string, ZipEntry>& files, const fs::path& into) {
  for (const auto& [name, file] : files) {
    const fs::path target = into / name;
    fs::create_directories(target.parent_path());
    std::ofstream(target, std::ios::binary) << file.contents;
    fs::permissions(target, static_cast<fs::perms>(file.mode));
  }
}

const std::set<std::string> kVisibility{"visible", "hidden", "after_due_date", "after_published"};

// Checks `results` against Gradescope's results.json specification (autograder_samples
// docs/specs.md, summarised in shared/research/autograders.md section (c)).
void expect_valid_gradescope_results(const json& results) {
  ASSERT_TRUE(results.is_object());
  ASSERT_TRUE(results.contains("score")) << "score is required when tests carry no total";
  EXPECT_TRUE(results["score"].is_number());
  if (results.contains("output")) {
    EXPECT_TRUE(results["output"].is_string());
  }
  if (results.contains("execution_time")) {
    EXPECT_TRUE(results["execution_time"].is_number());
  }
  for (const char* key : {"visibility", "stdout_visibility"}) {
    if (results.contains(key)) {
      EXPECT_TRUE(kVisibility.count(results[key].get<std::string>())) << key;
    }
  }
  ASSERT_TRUE(results.contains("tests"));
  ASSERT_TRUE(results["tests"].is_array());
  ASSERT_FALSE(results["tests"].empty());
  for (const json& test : results["tests"]) {
    ASSERT_TRUE(test.is_object());
    EXPECT_TRUE(test["name"].is_string());
    EXPECT_TRUE(test["score"].is_number());
    EXPECT_TRUE(test["max_score"].is_number());
    EXPECT_LE(test["score"].get<double>(), test["max_score"].get<double>() + 1e-9);
    const std::string status = test["status"].get<std::string>();
    EXPECT_TRUE(status == "passed" || status == "failed") << status;
    EXPECT_TRUE(test["output"].is_string());
    if (test.contains("visibility")) {
      EXPECT_TRUE(kVisibility.count(test["visibility"].get<std::string>())) << test["visibility"];
    }
  }
}

class GradescopeBundle : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test_util::fresh_temp_dir("gradescope");
    const auto result = run_shell(searchgrader() + " gradescope " + kSpec + " --out " +
                                  (dir_ / "autograder.zip").string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    files_ = read_zip(dir_ / "autograder.zip");
    root_ = dir_ / "autograder";
    unpack(files_, root_ / "source");
    fs::create_directories(root_ / "results");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs the bundle's run_autograder with `binary` on a copy of `submission`.
  json run_autograder(const std::string& binary, const fs::path& submission) {
    fs::remove_all(root_ / "submission");
    fs::copy(submission, root_ / "submission", fs::copy_options::recursive);
    const auto result =
        run_shell("AUTOGRADER_ROOT=" + root_.string() + " SEARCHGRADER_BIN=" + binary + " " +
                  (root_ / "source" / "run_autograder").string());
    EXPECT_EQ(result.exit_code, 0) << result.output;
    std::ifstream in(root_ / "results" / "results.json");
    EXPECT_TRUE(in.good()) << "no results.json; run_autograder said:\n" << result.output;
    return json::parse(in, nullptr, false);
  }

  fs::path dir_;
  fs::path root_;
  std::map<std::string, ZipEntry> files_;
};

TEST_F(GradescopeBundle, HasGradescopesLayoutWithExecutableScripts) {
  ASSERT_TRUE(files_.count("setup.sh"));
  ASSERT_TRUE(files_.count("run_autograder"));
  EXPECT_EQ(files_["setup.sh"].mode & 0111, 0111u);
  EXPECT_EQ(files_["run_autograder"].mode & 0111, 0111u);
  EXPECT_EQ(files_["run_autograder"].contents.rfind("#!", 0), 0u);
  ASSERT_TRUE(files_.count("spec/torus-8-puzzle.yaml"));
  std::ifstream spec(kSpec);
  std::stringstream original;
  original << spec.rdbuf();
  EXPECT_EQ(files_["spec/torus-8-puzzle.yaml"].contents, original.str());
  // The sources setup.sh builds from, and nothing from build folders or .git.
  EXPECT_TRUE(files_.count("searchgrader-src/CMakeLists.txt"));
  EXPECT_TRUE(files_.count("searchgrader-src/grader/cli/main.cc"));
  EXPECT_TRUE(files_.count("searchgrader-src/grader/drivers/python_driver.py"));
  for (const auto& [name, file] : files_) {
    EXPECT_EQ(name.find("CMakeCache.txt"), std::string::npos) << name;
    EXPECT_EQ(name.find("/.git"), std::string::npos) << name;
  }
  EXPECT_EQ(files_["run_autograder"].contents.find("@SPEC_FILE@"), std::string::npos);
}

TEST_F(GradescopeBundle, SetupScriptParsesAndInstallsWhatTheProjectNeeds) {
  const auto syntax = run_shell("bash -n " + (root_ / "source" / "setup.sh").string());
  EXPECT_EQ(syntax.exit_code, 0) << syntax.output;
  const std::string& setup = files_["setup.sh"].contents;
  // One list of packages: the bundle installs with the project's own scripts/setup.sh, whose
  // --grading group has everything the build needs (the build dependency test checks that list
  // against what the build really uses) and none of the test tools.
  EXPECT_THAT(setup, HasSubstr("searchgrader-src/scripts/setup.sh\" --grading"));
  ASSERT_TRUE(files_.count("searchgrader-src/scripts/setup.sh"));
  EXPECT_EQ(files_["searchgrader-src/scripts/setup.sh"].mode, 0755u);
  const auto listed = run_shell(std::string(SG_SOURCE_DIR) + "/scripts/setup.sh --grading --list");
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  std::size_t checked = 0;
  for (const std::string package : {"libseccomp-dev", "libyaml-cpp-dev", "cmake", "python3"}) {
    EXPECT_THAT(listed.output, HasSubstr(package + std::string("\n")));
    ++checked;
  }
  EXPECT_THAT(listed.output, Not(HasSubstr("chromium")));
  EXPECT_THAT(listed.output, Not(HasSubstr("libgtest-dev")));
  EXPECT_EQ(checked, 4u);
  EXPECT_THAT(setup, HasSubstr("--target searchgrader"));
  EXPECT_THAT(setup, HasSubstr("validate \"$SOURCE/spec/torus-8-puzzle.yaml\""));
}

TEST_F(GradescopeBundle, BundledSourcesConfigureAsSetupShDoes) {
  // setup.sh's cmake configure step on the unpacked sources (the build itself is too slow for a
  // unit test): every source file the CMakeLists name must be in the bundle.
  const fs::path build = dir_ / "configure";
  const auto result = run_shell("cmake -S " + (root_ / "source" / "searchgrader-src").string() +
                                " -B " + build.string() +
                                " -DCMAKE_BUILD_TYPE=Release -DSG_BUILD_TESTS=OFF "
                                "-DSG_BUILD_BENCHMARKS=OFF");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("Generating done"));
}

TEST_F(GradescopeBundle, RunAutograderWritesValidResultsMatchingTheGrade) {
  const fs::path submission = fs::path(SG_SOURCE_DIR) / "fixtures/torus/buggy-unsorted-successors";
  const json results = run_autograder(searchgrader(), submission);
  expect_valid_gradescope_results(results);
  // The same score as grading the submission directly.
  const auto direct = run_shell(
      searchgrader() + " grade " + kSpec + " " + submission.string() + " --format json", false);
  const json report = json::parse(direct.output, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << direct.output;
  EXPECT_DOUBLE_EQ(results["score"].get<double>(), report["score"].get<double>());
  EXPECT_LT(results["score"].get<double>(), report["max_score"].get<double>());
  // Students read results.json: no entry of a hidden test, not even its name (instructors read
  // those details in the autograder's stdout).
  for (const json& test : results["tests"]) EXPECT_EQ(test.value("visibility", ""), "visible");
  EXPECT_EQ(results.dump().find("blank in the centre (reversed tiles)"), std::string::npos);
  EXPECT_NE(direct.output.find("blank in the centre (reversed tiles)"), std::string::npos);
}

TEST_F(GradescopeBundle, ResultsAreWrittenEvenWhenTheGraderCannotRun) {
  const fs::path submission = fs::path(SG_SOURCE_DIR) / "fixtures/torus/correct";
  for (const std::string& binary :
       {std::string("/nonexistent/searchgrader"), std::string("/bin/false")}) {
    const json results = run_autograder(binary, submission);
    ASSERT_FALSE(results.is_discarded()) << binary;
    expect_valid_gradescope_results(results);
    EXPECT_EQ(results["score"].get<double>(), 0.0);
    EXPECT_EQ(results["tests"][0]["name"], "Autograder error");
    EXPECT_EQ(results["tests"][0]["status"], "failed");
    EXPECT_THAT(results["output"].get<std::string>(), HasSubstr("fault in the autograder"));
  }
}

TEST_F(GradescopeBundle, AResultIsInPlaceEvenIfGradingIsKilled) {
  // Stands in for Gradescope's overall timeout: the "grader" kills run_autograder outright.
  const fs::path killer = dir_ / "killer.sh";
  std::ofstream(killer) << "#!/bin/sh\nkill -KILL $PPID\n";
  fs::permissions(killer, fs::perms::owner_all);
  fs::copy(fs::path(SG_SOURCE_DIR) / "fixtures/torus/correct", root_ / "submission",
           fs::copy_options::recursive);
  const auto result =
      run_shell("AUTOGRADER_ROOT=" + root_.string() + " SEARCHGRADER_BIN=" + killer.string() + " " +
                (root_ / "source" / "run_autograder").string());
  EXPECT_NE(result.exit_code, 0) << "run_autograder was meant to be killed";
  std::ifstream in(root_ / "results" / "results.json");
  ASSERT_TRUE(in.good());
  const json results = json::parse(in, nullptr, false);
  ASSERT_FALSE(results.is_discarded());
  expect_valid_gradescope_results(results);
  EXPECT_EQ(results["tests"][0]["name"], "Autograder error");
  EXPECT_THAT(results["tests"][0]["output"].get<std::string>(), HasSubstr("stopped before"));
}

TEST_F(GradescopeBundle, AnInvalidSpecStillYieldsAGraderErrorResult) {
  std::ofstream(root_ / "source" / "spec" / "torus-8-puzzle.yaml") << "spec_version: [\n";
  const json results =
      run_autograder(searchgrader(), fs::path(SG_SOURCE_DIR) / "fixtures/torus/correct");
  ASSERT_FALSE(results.is_discarded());
  expect_valid_gradescope_results(results);
  EXPECT_EQ(results["tests"][0]["name"], "Autograder error");
}

// Gradescope gets the spec's folder only through the bundle: every file the spec refers to must
// be beside it there, or the image's `validate` fails (found: the Berkeley spec's mazes and
// support files were missing; a calibrated spec's limits would be too). The spec is named through
// a `..` (found: such a path made every referenced file look outside the spec's folder).
TEST(GradescopeCommand, TheBundledSpecHasEveryFileItRefersToAndValidatesThere) {
  for (const std::string spec :
       {"berkeley-search.yaml", "torus-8-puzzle.yaml", "route-planner.yaml"}) {
    SCOPED_TRACE(spec);
    const fs::path dir = test_util::fresh_temp_dir("gradescope-files");
    const auto made =
        run_shell(searchgrader() + " gradescope " + std::string(SG_SOURCE_DIR) +
                  "/fixtures/../specs/" + spec + " --out " + (dir / "a.zip").string());
    ASSERT_EQ(made.exit_code, 0) << made.output;
    const auto files = read_zip(dir / "a.zip");
    unpack(files, dir / "source");
    if (spec == "berkeley-search.yaml") {
      EXPECT_TRUE(files.count("spec/mazes/medium.lay"));
      EXPECT_TRUE(files.count("spec/support/berkeley/util.py"));
    } else if (spec == "route-planner.yaml") {
      EXPECT_TRUE(files.count("spec/graphs/romania.yaml"));
    } else {
      EXPECT_TRUE(files.count("spec/calibration/torus-8-puzzle.yaml"));
    }
    const auto valid =
        run_shell(searchgrader() + " validate " + (dir / "source" / "spec" / spec).string());
    EXPECT_EQ(valid.exit_code, 0) << valid.output;
    fs::remove_all(dir);
  }
}

TEST(GradescopeCommand, RejectsAnInvalidSpecOrSourceFolder) {
  const fs::path dir = test_util::fresh_temp_dir("gradescope-bad");
  std::ofstream(dir / "bad.yaml") << "spec_version: 1\n";
  auto result = run_shell(searchgrader() + " gradescope " + (dir / "bad.yaml").string() +
                          " --out " + (dir / "a.zip").string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_FALSE(fs::exists(dir / "a.zip"));
  result = run_shell(searchgrader() + " gradescope " + kSpec + " --source " + dir.string() +
                     " --out " + (dir / "a.zip").string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("is not SearchGrader's source folder"));
  fs::remove_all(dir);
}

}  // namespace gradescope_command_test
}  // namespace
}  // namespace sg
