// End-to-end tests of the searchgrader binary: exit codes, error messages, results.json.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace cli_test {

namespace fs = std::filesystem;

struct Result {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

Result run(const std::string& arguments, bool with_stderr = true) {
  const std::string command = std::string(SG_BINARY_DIR) + "/searchgrader " + arguments +
                              (with_stderr ? " 2>&1" : " 2>/dev/null");
  Result result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
    result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

fs::path temp_dir() {
  const fs::path dir = fs::temp_directory_path() / ("sg-cli-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

const std::string kSpec = std::string(SG_SOURCE_DIR) + "/specs/torus-8-puzzle.yaml";
const std::string kCorrect = std::string(SG_SOURCE_DIR) + "/fixtures/torus/correct";

TEST(Cli, HelpTeachesUsageAndExitCodes) {
  const Result result = run("grade --help");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.output.find("--results"), std::string::npos);
  const Result top = run("--help");
  EXPECT_NE(top.output.find("Exit codes"), std::string::npos);
}

TEST(Cli, UnusableInputExitsTwoWithAClearMessage) {
  Result result = run("grade /nonexistent/spec.yaml " + kCorrect);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("/nonexistent/spec.yaml: no such spec file"), std::string::npos)
      << result.output;

  result = run("grade " + kSpec + " /nonexistent/submission");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("no such submission: /nonexistent/submission"), std::string::npos)
      << result.output;

  const fs::path bad = temp_dir() / "bad.yaml";
  std::ofstream(bad) << "spec_version: 1\nassignment:\n  id: [unclosed\n";
  result = run("grade " + bad.string() + " " + kCorrect);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find(bad.string() + ":"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("invalid YAML"), std::string::npos) << result.output;

  result = run("grade " + kSpec + " " + kCorrect + " --format xml");
  EXPECT_EQ(result.exit_code, 2);
  result = run("frobnicate");
  EXPECT_EQ(result.exit_code, 2);
  fs::remove_all(temp_dir());
}

TEST(Cli, ValidateReportsTheSpec) {
  const Result result = run("validate " + kSpec);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("valid: 10 criteria (100 points)"), std::string::npos)
      << result.output;
}

TEST(Cli, ValidateReportsEveryProblemNotOnlyTheFirst) {
  const fs::path bad = temp_dir() / "many-problems.yaml";
  std::ofstream(bad) << R"yaml(spec_version: 1
assignment: {id: x}
submission:
  language: program
  entry: /usr/bin/python3
limits: {cpu_seconds: 1e20}
rubric:
  - {id: a, points: 5}
tests:
  - id: t1
    kind: search_program
    kind: iddfs_trace
  - id: t2
    kind: solvee
    grades: {path: a}
)yaml";
  const Result result = run("validate " + bad.string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  for (const std::string& problem :
       {std::string(":5:10: entry '/usr/bin/python3' must be a path inside the submission"),
        std::string(":6:23: cpu_seconds is 1e20, more than the most this grader allows"),
        std::string(":12:5: duplicate key 'kind' (first at line 11)"),
        std::string("unknown kind 'solvee' (did you mean 'solve'?)")}) {
    // Each with its place: "FILE:LINE:COL: ..." where the problem has one.
    const std::string expected = problem.front() == ':' ? bad.string() + problem : problem;
    EXPECT_NE(result.output.find(expected), std::string::npos) << expected << "\n" << result.output;
  }
  const Result folder = run("validate " + temp_dir().string());
  EXPECT_EQ(folder.exit_code, 2);
  EXPECT_NE(folder.output.find("is a directory; give the spec's YAML file"), std::string::npos)
      << folder.output;
  fs::remove_all(temp_dir());
}

TEST(Cli, AMissingDriverIsOneGraderFaultBeforeAnyTest) {
  const fs::path results = temp_dir() / "results.json";
  const Result result =
      run("grade " + kSpec + " " + kCorrect +
          " --progress-lines --driver-dir /nonexistent --results " + results.string());
  EXPECT_EQ(result.exit_code, 3) << result.output;
  EXPECT_NE(result.output.find("/nonexistent/python_driver.py is missing"), std::string::npos)
      << result.output;
  EXPECT_EQ(result.output.find("[1/"), std::string::npos) << "no test may run";
  std::ifstream file(results);
  const nlohmann::json json = nlohmann::json::parse(file);
  EXPECT_EQ(json["tests"][0]["name"], "Autograder error");
  EXPECT_EQ(json.dump().find("nonexistent"), std::string::npos) << "details stay on stderr";
  fs::remove_all(temp_dir());
}

TEST(Cli, GradesTheCorrectFixtureAndWritesResultsJson) {
  const fs::path results = temp_dir() / "results.json";
  const Result result = run("grade " + kSpec + " " + kCorrect + " --results " + results.string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("100/100"), std::string::npos) << result.output;
  std::ifstream file(results);
  const nlohmann::json json = nlohmann::json::parse(file);
  EXPECT_DOUBLE_EQ(json["score"].get<double>(), 100.0);
  EXPECT_TRUE(json["execution_time"].is_number());
  ASSERT_TRUE(json["tests"].is_array());
  double max_total = 0;
  for (const auto& test : json["tests"]) {
    EXPECT_TRUE(test["name"].is_string());
    EXPECT_TRUE(test["score"].is_number());
    EXPECT_TRUE(test["max_score"].is_number());
    max_total += test["max_score"].get<double>();
  }
  EXPECT_DOUBLE_EQ(max_total, 100.0);
  fs::remove_all(temp_dir());
}

TEST(Cli, JsonFormatIsTheFullReport) {
  const Result result = run("grade " + kSpec + " " + kCorrect + " --format json --jobs 2", false);
  EXPECT_EQ(result.exit_code, 0);
  const nlohmann::json json = nlohmann::json::parse(result.output);
  EXPECT_EQ(json["assignment_id"], "torus-8-puzzle");
  EXPECT_EQ(json["tests"].size(), 27u);
}

TEST(Cli, GradesANotebookFileDirectlyWithManualCriteriaPending) {
  const Result result = run(
      "grade specs/a2-iterative-deepening.yaml fixtures/a2/correct-loops-forever/Loop-A2.ipynb -j2",
      /*with_stderr=*/false);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("Score:      80/100 (+20 pending manual grading)"),
            std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("[MANUAL]   -/10  A second search problem"), std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("graded your file `Loop-A2.ipynb`"), std::string::npos)
      << result.output;
}

}  // namespace cli_test
}  // namespace
