// Issue 41: a fork bomb costs the grader seconds, not the submission's whole CPU budget. A
// student's module that forks without end (errors ignored) at import, or inside one test, is
// graded through the real command in every tier this host offers, under limits so large (300 s
// of CPU for the import and for each test) that only the process limit can stop it quickly: the
// grade must come back with "process limit exceeded", having charged the submission under 10 s
// of CPU, and the submission's other tests must be graded as usual.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace process_limit_grading_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;

constexpr const char* kSpec = R"(spec_version: 1
assignment: {id: process-limit, title: "Fork bombs end at the process limit"}
submission: {language: python, module: puzzle, required_files: [puzzle.py]}
domain:
  type: sliding_tile
  rows: 3
  cols: 3
  topology: bounded
  goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]
  heuristic: manhattan
search: {successor_order: ascending_state}
limits: {cpu_seconds: 300, wall_seconds: 600, memory_mib: 512, import_cpu_seconds: 300,
         import_wall_seconds: 600}
rubric:
  - {id: bomb, name: "print_succ of the centre", points: 10}
  - {id: other, name: "print_succ of a corner", points: 10}
tests:
  - {id: centre, kind: print_succ, state: [1, 2, 3, 4, 0, 5, 6, 7, 8], grades: {successors: bomb}}
  - {id: corner, kind: print_succ, state: [1, 2, 3, 4, 5, 6, 7, 8, 0], grades: {successors: other}}
)";

// A correct print_succ, as a student writes it.
constexpr const char* kPrintSucc = R"(
GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0]

def h(state):
    return sum(abs(i // 3 - GOAL.index(t) // 3) + abs(i % 3 - GOAL.index(t) % 3)
               for i, t in enumerate(state) if t != 0)

def succ(state):
    b = state.index(0)
    out = []
    for d in (-3, 3, -1, 1):
        n = b + d
        if n < 0 or n > 8 or (d in (-1, 1) and n // 3 != b // 3):
            continue
        s = list(state)
        s[b], s[n] = s[n], s[b]
        out.append(s)
    return sorted(out)

def print_succ(state):
    if state[4] == 0:
        bomb()
    for s in succ(state):
        print(s, "h=" + str(h(s)))
)";

constexpr const char* kBomb = R"(
import os

def bomb():
    while True:
        try:
            os.fork()
        except OSError:
            pass
)";

class ProcessLimitGrading : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    dir_ = test_util::fresh_temp_dir("process-limit-" + GetParam());
    std::ofstream(dir_ / "spec.yaml") << kSpec;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A submission folder holding puzzle.py = `text`.
  fs::path submission(const std::string& name, const std::string& text) {
    const fs::path folder = dir_ / name;
    fs::create_directories(folder);
    std::ofstream(folder / "puzzle.py") << text;
    return folder;
  }

  struct Graded {
    nlohmann::json report;
    double seconds = 0.0;
    std::string output;
  };

  // Grades `folder` in the parameter's tier; skips when the host cannot give it.
  Graded grade(const fs::path& folder) {
    const auto start = std::chrono::steady_clock::now();
    const test_util::CommandResult result =
        run_shell(searchgrader() + " grade " + (dir_ / "spec.yaml").string() + " " +
                      folder.string() + " --format json --isolation " + GetParam(),
                  false);
    Graded graded;
    graded.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    graded.output = result.output;
    EXPECT_EQ(result.exit_code, 0) << result.output.substr(0, 2000);
    graded.report = nlohmann::json::parse(result.output, nullptr, false);
    return graded;
  }

  fs::path dir_;
};

// Whether this host gives the tier (doctor lists what is available); the minimal tier runs as
// root without a process limit at all, where a fork bomb would take the machine down.
std::string unavailable(const std::string& tier) {
  if (tier == "minimal")
    return "the minimal tier limits no processes (docs/sandbox.md: not a sandbox against hostile "
           "code)";
  const test_util::CommandResult doctor = run_shell(searchgrader() + " doctor");
  if (doctor.output.find(tier) == std::string::npos ||
      doctor.output.find("available:") == std::string::npos)
    return "this host does not offer the " + tier + " tier";
  const std::size_t available = doctor.output.find("available:");
  const std::size_t end = doctor.output.find(')', available);
  if (doctor.output.substr(available, end - available).find(tier) == std::string::npos)
    return "this host does not offer the " + tier + " tier";
  return {};
}

const nlohmann::json& test_named(const nlohmann::json& report, const std::string& id) {
  for (const nlohmann::json& test : report.at("tests"))
    if (test.value("id", "") == id) return test;
  throw std::runtime_error("no test " + id);
}

TEST_P(ProcessLimitGrading, AForkBombAtImportIsOneVerdictInSeconds) {
  if (const std::string why = unavailable(GetParam()); !why.empty()) GTEST_SKIP() << why;
  const Graded graded =
      grade(submission("at-import", std::string(kBomb) + kPrintSucc + "\nbomb()\n"));
  ASSERT_TRUE(graded.report.is_object()) << graded.output.substr(0, 2000);
  EXPECT_LT(graded.seconds, 60.0) << "the bomb held the grader";
  const nlohmann::json& imported = graded.report["import_cpu_seconds"];
  double cpu = imported.is_number() ? imported.get<double>() : 0.0;
  for (const nlohmann::json& test : graded.report.at("tests")) {
    EXPECT_EQ(test.value("verdict", ""), "process_limit_exceeded") << test.dump(2);
    if (test["cpu_seconds"].is_number()) cpu += test["cpu_seconds"].get<double>();
  }
  EXPECT_NE(graded.report.dump().find("process limit exceeded (64 processes)"), std::string::npos)
      << graded.output.substr(0, 3000);
  EXPECT_LT(cpu, 10.0) << "CPU charged to the submission";
  EXPECT_EQ(graded.report.value("score", -1.0), 0.0);
}

TEST_P(ProcessLimitGrading, AForkBombInATestStopsThatTestOnly) {
  if (const std::string why = unavailable(GetParam()); !why.empty()) GTEST_SKIP() << why;
  const Graded graded = grade(submission("in-a-test", std::string(kBomb) + kPrintSucc));
  ASSERT_TRUE(graded.report.is_object()) << graded.output.substr(0, 2000);
  EXPECT_LT(graded.seconds, 60.0) << "the bomb held the grader";
  const nlohmann::json& bombed = test_named(graded.report, "centre");
  EXPECT_EQ(bombed.value("verdict", ""), "process_limit_exceeded") << bombed.dump(2);
  ASSERT_TRUE(bombed["cpu_seconds"].is_number()) << bombed.dump(2);
  EXPECT_LT(bombed["cpu_seconds"].get<double>(), 10.0) << bombed.dump(2);
  const nlohmann::json& other = test_named(graded.report, "corner");
  EXPECT_EQ(other.value("verdict", ""), "accepted") << other.dump(2);
  EXPECT_EQ(graded.report.value("score", -1.0), 10.0);
}

std::string tier_name(const ::testing::TestParamInfo<std::string>& tier) { return tier.param; }

INSTANTIATE_TEST_SUITE_P(Tiers, ProcessLimitGrading,
                         ::testing::Values("full", "degraded", "minimal"), tier_name);

}  // namespace process_limit_grading_test
}  // namespace
}  // namespace sg
