// Tests of "import once, test many" in the engine (engine/import_session.h) with a scripted fork
// server: one import per visibility, a new one after a test ends the server, the import's CPU
// charged to the budget and reported once, a failed import as one verdict for the submission, and
// the per-test processes kept where the runner cannot fork (or a grader fault stops the start).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/grade_submission.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace import_session_test {

namespace fs = std::filesystem;

// A kind whose tests are the driver's (forkable); `behaviour: pass | fail`; a test judges the
// aspects its `judges` lists (all by default), as a `search` test's `judge:` does.
class ForkableKind : public TestKind {
 public:
  std::string_view name() const override { return "forkable"; }
  std::vector<std::string> aspects() const override { return {"result", "style", "speed"}; }
  std::vector<std::string> judged_aspects(const Assignment&, const TestSpec& test) const override {
    return test.input.value("judges", aspects());
  }
  std::vector<std::string> keys() const override { return {"behaviour", "judges"}; }
  void validate(const Assignment&, const TestSpec&) const override {}
  Invocation invocation(const Assignment&, const TestSpec& test,
                        const GradingContext&) const override {
    Invocation invocation;
    invocation.argv = {"python3", "driver"};
    invocation.description = test.id;
    invocation.limits = test.limits;
    invocation.forkable = true;
    return invocation;
  }
  TestOutcome evaluate(const Assignment&, const TestSpec& test,
                       const Observation& observation) const override {
    TestOutcome outcome;
    const bool ran = observation.termination == Termination::exited;
    const bool pass = ran && test.input.value("behaviour", "pass") == "pass";
    outcome.verdict = ran ? Verdict::accepted
                      : observation.termination == Termination::cpu_time_limit
                          ? Verdict::time_limit_exceeded
                          : Verdict::runtime_error;
    outcome.aspects = {{"result", "", pass, pass ? "" : "wrong"}};
    outcome.feedback = observation.detail;
    return outcome;
  }
};

// The driver's start records: hello and an import that printed `printed` (or failed).
std::string start_stdout(bool ok, const std::string& printed) {
  nlohmann::json import = {{"sg", "import"}, {"ok", ok}, {"stdout", printed}, {"seconds", 0.1}};
  if (!ok) {
    import["error"] = {{"type", "ModuleNotFoundError"},
                       {"message", "No module named 'helpers'"},
                       { "traceback",
                         "Traceback ...\nModuleNotFoundError" }};
  }
  return nlohmann::json{{"sg", "hello"}, {"protocol", 1}}.dump() + "\n" + import.dump() + "\n";
}

struct Fork {
  int server;  ///< Which server (1-based, in start order) forked the test.
  std::string test;
};

class ScriptedServer;

// A runner that can start scripted fork servers, and records what ran where.
class ForkingRunner : public Runner {
 public:
  bool can_fork = true;
  bool import_fails = false;
  bool start_is_grader_fault = false;
  double import_cpu = 0.75;
  std::string kills_server;  ///< A test whose fork ends its server.
  int servers = 0;
  std::vector<Fork> forks;
  std::vector<std::string> processes;  ///< Tests run in a process of their own.
  std::vector<double> start_cpu_limits;

  Observation run(const Invocation& invocation) override {
    processes.push_back(invocation.description);
    Observation observation;
    observation.termination = Termination::exited;
    observation.exit_code = 0;
    observation.cpu_seconds = 0.25;
    return observation;
  }
  std::unique_ptr<ForkSession> start_session(const Invocation& launch,
                                             const Limits& start_limits) override;
  std::string isolation_tier() const override { return "scripted"; }
};

class ScriptedServer : public ForkSession {
 public:
  ScriptedServer(ForkingRunner& runner, int number) : runner_(runner), number_(number) {
    start_.cpu_seconds = runner.import_cpu;
    if (runner.start_is_grader_fault) {
      start_.termination = Termination::runner_error;
      start_.detail = "the box could not start";
      return;
    }
    start_.termination = Termination::exited;
    start_.exit_code = 0;
    start_.stdout_stream.data = start_stdout(!runner.import_fails, "demo says hello\n");
  }
  bool ready() const override { return !runner_.import_fails && !runner_.start_is_grader_fault; }
  const Observation& start_observation() const override { return start_; }
  Observation run(const Invocation& test, ForkedProgram program) override {
    EXPECT_EQ(program, ForkedProgram::server);
    runner_.forks.push_back({number_, test.description});
    Observation observation;
    observation.cpu_seconds = 0.5;
    if (test.description == runner_.kills_server) {
      alive_ = false;
      observation.termination = Termination::signaled;
      observation.signal = 9;
      observation.detail = "the interpreter this test was forked from ended";
      return observation;
    }
    observation.termination = Termination::exited;
    observation.exit_code = 0;
    return observation;
  }
  bool alive() const override { return ready() && alive_; }

 private:
  ForkingRunner& runner_;
  int number_;
  Observation start_;
  bool alive_ = true;
};

std::unique_ptr<ForkSession> ForkingRunner::start_session(const Invocation& launch,
                                                          const Limits& start_limits) {
  if (!can_fork) return nullptr;
  EXPECT_FALSE(launch.argv.empty());
  start_cpu_limits.push_back(start_limits.cpu_seconds);
  return std::make_unique<ScriptedServer>(*this, ++servers);
}

class ImportSessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    kinds_.add(std::make_unique<ForkableKind>());
    assignment_.id = "demo";
    assignment_.submission.module = "demo";
    assignment_.submission.required_files = {"demo.py"};
    assignment_.criteria = {{"a", "A", 10, CriterionScoring::proportional, false, "", {}}};
    directory_ = fs::temp_directory_path() / ("sg-import-test-" + std::to_string(::getpid()));
    fs::create_directories(directory_ / "submission");
    std::ofstream(directory_ / "submission" / "demo.py") << "print('demo says hello')\n";
  }
  void TearDown() override { fs::remove_all(directory_); }

  void add_test(const std::string& id, Visibility visibility = Visibility::visible,
                const std::string& behaviour = "pass") {
    TestSpec test;
    test.id = id;
    test.name = id;
    test.kind = "forkable";
    test.visibility = visibility;
    test.input = {{"behaviour", behaviour}};
    test.grades["result"] = {"a"};
    test.limits.cpu_seconds = 2;
    assignment_.tests.push_back(test);
  }

  GradeReport grade(bool fork_tests = true) {
    GradeOptions options;
    options.jobs = 2;
    options.fork_tests = fork_tests;
    return grade_submission(assignment_, kinds_, runner_, directory_ / "submission", options);
  }

  KindRegistry kinds_;
  ForkingRunner runner_;
  Assignment assignment_;
  fs::path directory_;
};

TEST_F(ImportSessionTest, TestsForkFromOneImportPerVisibilityInTheSpecsOrder) {
  add_test("v1");
  add_test("later1", Visibility::after_due_date);
  add_test("v2");
  add_test("later2", Visibility::after_due_date);
  add_test("hidden", Visibility::hidden);
  const GradeReport report = grade();
  EXPECT_TRUE(runner_.processes.empty());
  EXPECT_EQ(runner_.servers, 3);
  ASSERT_EQ(runner_.forks.size(), 5u);
  const std::vector<std::string> order = {"v1", "later1", "v2", "later2", "hidden"};
  const std::vector<int> server = {1, 2, 1, 2, 3};
  for (std::size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(runner_.forks[i].test, order[i]);
    EXPECT_EQ(runner_.forks[i].server, server[i]) << order[i];
  }
  ASSERT_TRUE(report.import_cpu_seconds);
  EXPECT_DOUBLE_EQ(*report.import_cpu_seconds, 3 * 0.75);
  EXPECT_DOUBLE_EQ(report.score, 10.0);
}

TEST_F(ImportSessionTest, WhatTheImportPrintedAndItsCpuAreSaidOnceForTheSubmission) {
  runner_.import_cpu = 1.5;
  add_test("t1");
  add_test("t2");
  const GradeReport report = grade();
  EXPECT_EQ(runner_.servers, 1);
  ASSERT_EQ(report.submission_notes.size(), 2u);
  EXPECT_NE(report.submission_notes[0].find("importing demo.py printed 1 line"), std::string::npos)
      << report.submission_notes[0];
  EXPECT_NE(report.submission_notes[0].find("demo says hello"), std::string::npos);
  EXPECT_NE(report.submission_notes[1].find("took 1.50 s of CPU time"), std::string::npos)
      << report.submission_notes[1];
  for (const TestOutcome& test : report.tests) EXPECT_TRUE(test.notes.empty());
}

TEST_F(ImportSessionTest, ATestThatEndsItsServerLeavesTheNextToANewImport) {
  add_test("t1");
  add_test("t2");
  add_test("t3");
  runner_.kills_server = "t2";
  const GradeReport report = grade();
  EXPECT_EQ(runner_.servers, 2);
  ASSERT_EQ(runner_.forks.size(), 3u);
  EXPECT_EQ(runner_.forks[2].server, 2);
  EXPECT_EQ(report.tests[1].verdict, Verdict::runtime_error);
  EXPECT_EQ(report.tests[2].verdict, Verdict::accepted);
  EXPECT_NE(report.submission_notes.back().find("again after a test ended the interpreter"),
            std::string::npos)
      << report.submission_notes.back();
}

TEST_F(ImportSessionTest, TheImportIsChargedToTheBudgetAndLimitedByWhatIsLeft) {
  assignment_.submission_budget.cpu_seconds = 2.0;
  runner_.import_cpu = 1.25;
  add_test("t1");
  add_test("t2");
  add_test("t3");
  const GradeReport report = grade();
  ASSERT_EQ(runner_.start_cpu_limits.size(), 1u);
  EXPECT_DOUBLE_EQ(runner_.start_cpu_limits[0], 2.0) << "the import may use the whole budget";
  // 1.25 s import + 0.5 s for t1 leaves 0.25 s: t2 runs cut short, t3 finds the budget spent.
  ASSERT_EQ(runner_.forks.size(), 2u);
  EXPECT_EQ(report.tests[2].verdict, Verdict::time_limit_exceeded);
  EXPECT_NE(report.tests[2].feedback.find("time budget was spent"), std::string::npos);
}

TEST_F(ImportSessionTest, AFailedImportIsOneVerdictForTheSubmissionAndNoTestRuns) {
  runner_.import_fails = true;
  add_test("t1");
  add_test("t2", Visibility::hidden);
  add_test("feedback-only");
  assignment_.tests.back().grades.clear();
  assignment_.tests.back().input["judges"] = {"style"};
  const GradeReport report = grade();
  // A test that never ran fails what it grades, or (grading nothing) what it judges: not every
  // aspect its kind has.
  const auto aspects_of = [&](const std::string& id) {
    std::vector<std::string> names;
    for (const TestOutcome& test : report.tests)
      if (test.id == id)
        for (const AspectOutcome& aspect : test.aspects) names.push_back(aspect.aspect);
    return names;
  };
  EXPECT_EQ(aspects_of("t1"), std::vector<std::string>{"result"});
  EXPECT_EQ(aspects_of("feedback-only"), std::vector<std::string>{"style"});
  EXPECT_TRUE(runner_.forks.empty());
  EXPECT_TRUE(runner_.processes.empty());
  ASSERT_TRUE(report.submission_verdict);
  EXPECT_EQ(*report.submission_verdict, Verdict::runtime_error);
  EXPECT_NE(report.submission_feedback.find("importing demo.py failed: ModuleNotFoundError"),
            std::string::npos)
      << report.submission_feedback;
  for (const TestOutcome& test : report.tests) {
    EXPECT_EQ(test.verdict, Verdict::runtime_error);
    EXPECT_NE(test.feedback.find("not run: importing demo.py did not succeed"), std::string::npos)
        << test.feedback;
  }
  EXPECT_DOUBLE_EQ(report.score, 0.0);
  EXPECT_FALSE(report.has_grader_errors);
}

TEST_F(ImportSessionTest, WithoutAForkServerEachTestRunsInAProcessOfItsOwn) {
  add_test("t1");
  add_test("t2");
  runner_.can_fork = false;
  grade();
  EXPECT_EQ(runner_.processes.size(), 2u);
  runner_.processes.clear();
  runner_.can_fork = true;
  runner_.start_is_grader_fault = true;  // a grader fault at the start is never the student's
  const GradeReport report = grade();
  EXPECT_EQ(runner_.processes.size(), 2u);
  EXPECT_FALSE(report.submission_verdict);
  runner_.processes.clear();
  runner_.start_is_grader_fault = false;
  grade(/*fork_tests=*/false);
  EXPECT_EQ(runner_.processes.size(), 2u);
  EXPECT_TRUE(runner_.forks.empty());
}

}  // namespace import_session_test
}  // namespace
}  // namespace sg
