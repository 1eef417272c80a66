#include "engine/grade_submission.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace grade_submission_test {

namespace fs = std::filesystem;

// A kind whose behaviour each test chooses with `behaviour: pass | fail | throw`.
class ScriptedKind : public TestKind {
 public:
  std::string_view name() const override { return "scripted"; }
  std::vector<std::string> aspects() const override { return {"result"}; }
  std::vector<std::string> keys() const override { return {"behaviour"}; }
  void validate(const Assignment&, const TestSpec&) const override {}
  Invocation invocation(const Assignment&, const TestSpec& test,
                        const GradingContext&) const override {
    Invocation invocation;
    invocation.argv = {"true"};
    invocation.description = test.id;
    return invocation;
  }
  TestOutcome evaluate(const Assignment&, const TestSpec& test,
                       const Observation& observation) const override {
    const std::string behaviour = test.input.value("behaviour", "pass");
    if (behaviour == "throw") throw std::runtime_error("checker exploded");
    TestOutcome outcome;
    outcome.verdict = Verdict::accepted;
    outcome.aspects = {{"result", "", behaviour == "pass", behaviour == "pass" ? "" : "wrong"}};
    outcome.notes = {"shared note", "note of " + test.id};
    outcome.wall_seconds = observation.wall_seconds;
    return outcome;
  }
};

// A runner that records invocations and can be told to fail for one test.
class FakeRunner : public Runner {
 public:
  std::string fail_for;
  std::mutex mutex;
  std::vector<Invocation> seen;
  Observation run(const Invocation& invocation) override {
    {
      const std::lock_guard lock(mutex);
      seen.push_back(invocation);
    }
    if (invocation.description == fail_for) throw std::runtime_error("runner exploded");
    Observation observation;
    observation.termination = Termination::exited;
    observation.exit_code = 0;
    observation.wall_seconds = 0.5;
    return observation;
  }
  std::string isolation_tier() const override { return "fake"; }
};

class GradeSubmissionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    kinds_.add(std::make_unique<ScriptedKind>());
    assignment_.id = "demo";
    assignment_.submission.module = "demo";
    assignment_.submission.required_files = {"demo.py"};
    assignment_.criteria = {{"a", "A", 10, CriterionScoring::all_or_nothing, false, "", {}},
                            {"b", "B", 5, CriterionScoring::all_or_nothing, false, "", {}}};
    directory_ = fs::temp_directory_path() / ("sg-engine-test-" + std::to_string(::getpid()));
    fs::create_directories(directory_ / "submission");
    std::ofstream(directory_ / "submission" / "demo.py") << "x = 1\n";
  }
  void TearDown() override { fs::remove_all(directory_); }

  void add_test(const std::string& id, const std::string& behaviour,
                std::vector<std::string> criteria) {
    TestSpec test;
    test.id = id;
    test.name = id;
    test.kind = "scripted";
    test.input = {{"behaviour", behaviour}};
    test.grades["result"] = std::move(criteria);
    assignment_.tests.push_back(test);
  }

  GradeReport grade(const fs::path& submission, unsigned jobs = 2) {
    GradeOptions options;
    options.jobs = jobs;
    options.on_test_done = [this](std::size_t, std::size_t, const TestOutcome&) {
      ++progress_calls_;
    };
    return grade_submission(assignment_, kinds_, runner_, submission, options);
  }

  KindRegistry kinds_;
  FakeRunner runner_;
  Assignment assignment_;
  fs::path directory_;
  std::atomic<int> progress_calls_{0};
};

TEST_F(GradeSubmissionTest, OneBrokenTestNeverStopsTheOthersAndIsAGraderError) {
  add_test("t1", "pass", {"a"});
  add_test("t2", "throw", {"a"});
  add_test("t3", "pass", {"b"});
  add_test("t4", "pass", {"b"});
  runner_.fail_for = "t4";
  const GradeReport report = grade(directory_ / "submission");
  ASSERT_EQ(report.tests.size(), 4u);
  EXPECT_EQ(report.tests[0].verdict, Verdict::accepted);
  EXPECT_EQ(report.tests[1].verdict, Verdict::grader_error);
  EXPECT_NE(report.tests[1].feedback.find("checker exploded"), std::string::npos);
  EXPECT_EQ(report.tests[2].verdict, Verdict::accepted);
  EXPECT_EQ(report.tests[3].verdict, Verdict::grader_error);
  EXPECT_NE(report.tests[3].feedback.find("runner exploded"), std::string::npos);
  EXPECT_TRUE(report.has_grader_errors);
  EXPECT_EQ(report.criteria[0].status, CriterionStatus::grader_error);
  EXPECT_EQ(progress_calls_.load(), 4);
}

TEST_F(GradeSubmissionTest, FailedBoundAspectMakesAWrongAnswerAndCostsItsCriteria) {
  add_test("t1", "pass", {"a"});
  add_test("t2", "fail", {"a", "b"});
  const GradeReport report = grade(directory_ / "submission");
  EXPECT_EQ(report.tests[1].verdict, Verdict::wrong_answer);
  ASSERT_EQ(report.tests[1].aspects.size(), 2u);  // one per criterion it counts toward
  EXPECT_EQ(report.tests[1].feedback, "wrong");
  EXPECT_DOUBLE_EQ(report.score, 0.0);
  EXPECT_DOUBLE_EQ(report.max_score, 15.0);
  EXPECT_EQ(report.isolation_tier, "fake");
}

TEST_F(GradeSubmissionTest, NotesEveryTestSharesMoveToTheSubmission) {
  add_test("t1", "pass", {"a"});
  add_test("t2", "pass", {"b"});
  const GradeReport report = grade(directory_ / "submission", 1);
  EXPECT_EQ(report.submission_notes, std::vector<std::string>{"shared note"});
  EXPECT_EQ(report.tests[0].notes, std::vector<std::string>{"note of t1"});
  EXPECT_DOUBLE_EQ(report.score, 15.0);
}

TEST_F(GradeSubmissionTest, MissingRequiredFileIsOneSubmissionErrorAndNothingRuns) {
  add_test("t1", "pass", {"a"});
  add_test("t2", "pass", {"b"});
  fs::remove(directory_ / "submission" / "demo.py");
  std::ofstream(directory_ / "submission" / "helper.py") << "x = 1\n";
  std::ofstream(directory_ / "submission" / "other.py") << "x = 1\n";
  const GradeReport report = grade(directory_ / "submission");
  EXPECT_TRUE(runner_.seen.empty());
  ASSERT_TRUE(report.submission_verdict);
  EXPECT_EQ(*report.submission_verdict, Verdict::submission_error);
  EXPECT_NE(report.submission_feedback.find("has no demo.py (it has: helper.py, other.py)"),
            std::string::npos)
      << report.submission_feedback;
  for (const auto& test : report.tests) {
    EXPECT_EQ(test.verdict, Verdict::submission_error);
    EXPECT_EQ(test.feedback.find("helper.py"), std::string::npos) << "said once, not per test";
  }
  EXPECT_EQ(report.score, 0.0);
  EXPECT_FALSE(report.has_grader_errors);
}

TEST_F(GradeSubmissionTest, AFileRenamedByTheBrowserIsGradedAndSaidSo) {
  add_test("t1", "pass", {"a"});
  fs::remove(directory_ / "submission" / "demo.py");
  std::ofstream(directory_ / "submission" / "demo (1).py") << "x = 1\n";
  std::ofstream(directory_ / "submission" / "helper.py") << "y = 2\n";
  const GradeReport report = grade(directory_ / "submission");
  ASSERT_EQ(runner_.seen.size(), 1u);
  ASSERT_EQ(runner_.seen[0].support_files.size(), 1u);
  EXPECT_EQ(runner_.seen[0].support_files[0].destination, "demo.py");
  EXPECT_EQ(runner_.seen[0].support_files[0].source.filename(), "demo (1).py");
  EXPECT_FALSE(report.submission_verdict);
  EXPECT_EQ(report.score, 10.0);
  ASSERT_FALSE(report.submission_notes.empty());
  EXPECT_NE(report.submission_notes[0].find("graded your file `demo (1).py` as `demo.py`"),
            std::string::npos)
      << report.submission_notes[0];
}

TEST_F(GradeSubmissionTest, ASubmissionOverTheSizeLimitIsOneVerdictAndNothingRuns) {
  add_test("t1", "pass", {"a"});
  assignment_.submission.max_size_bytes = 1000;
  std::ofstream(directory_ / "submission" / "data.csv") << std::string(3 << 20, 'x');
  const GradeReport report = grade(directory_ / "submission");
  EXPECT_TRUE(runner_.seen.empty());
  ASSERT_TRUE(report.submission_verdict);
  EXPECT_EQ(*report.submission_verdict, Verdict::submission_too_large);
  EXPECT_NE(report.submission_feedback.find("submission too large (3.0 MiB > 1000 bytes)"),
            std::string::npos)
      << report.submission_feedback;
  EXPECT_FALSE(report.has_grader_errors);
}

TEST_F(GradeSubmissionTest, SingleFileUnderAnotherNameIsStagedUnderTheRequiredName) {
  add_test("t1", "pass", {"a"});
  add_test("t2", "pass", {"b"});
  const fs::path file = directory_ / "demo (2).py";
  std::ofstream(file) << "x = 1\n";
  const GradeReport report = grade(file);
  ASSERT_EQ(runner_.seen.size(), 2u);
  ASSERT_EQ(runner_.seen[0].support_files.size(), 1u);
  EXPECT_EQ(runner_.seen[0].support_files[0].destination, "demo.py");
  ASSERT_FALSE(report.submission_notes.empty());
  EXPECT_NE(report.submission_notes[0].find("graded your file `demo (2).py` as `demo.py`"),
            std::string::npos);
}

TEST_F(GradeSubmissionTest, WrappingFolderIsFound) {
  add_test("t1", "pass", {"a"});
  add_test("t2", "pass", {"b"});
  fs::create_directories(directory_ / "zip" / "hw2");
  std::ofstream(directory_ / "zip" / "hw2" / "demo.py") << "x = 1\n";
  const GradeReport report = grade(directory_ / "zip");
  ASSERT_FALSE(runner_.seen.empty());
  EXPECT_EQ(runner_.seen[0].submission, directory_ / "zip" / "hw2");
  EXPECT_DOUBLE_EQ(report.score, 15.0);
}

TEST_F(GradeSubmissionTest, NonexistentSubmissionThrows) {
  add_test("t1", "pass", {"a"});
  EXPECT_THROW(grade(directory_ / "nope"), std::invalid_argument);
}

// ---- The submission's time budget ---------------------------------------------------------

// A kind judged like solve(): on a CPU-time stop the result fails and the format is not judged.
class TimedKind : public TestKind {
 public:
  std::string_view name() const override { return "timed"; }
  std::vector<std::string> aspects() const override { return {"result", "format"}; }
  std::vector<std::string> keys() const override { return {}; }
  void validate(const Assignment&, const TestSpec&) const override {}
  Invocation invocation(const Assignment&, const TestSpec& test,
                        const GradingContext&) const override {
    Invocation invocation;
    invocation.argv = {"true"};
    invocation.description = test.id;
    invocation.limits = test.limits;
    return invocation;
  }
  TestOutcome evaluate(const Assignment&, const TestSpec&,
                       const Observation& observation) const override {
    TestOutcome outcome;
    if (observation.termination == Termination::cpu_time_limit) {
      outcome.verdict = Verdict::time_limit_exceeded;
      outcome.feedback = "time limit exceeded";
      outcome.aspects = {{"result", "", false, "time limit exceeded"},
                         {"format", "", false, "not judged", false}};
    } else {
      outcome.verdict = Verdict::accepted;
      outcome.aspects = {{"result", "", true, ""}, {"format", "", true, ""}};
    }
    outcome.cpu_seconds = observation.cpu_seconds;
    return outcome;
  }
};

// A runner whose tests need a stated CPU time each: it uses the smaller of that and the limit,
// and stops at the limit.
class CpuRunner : public Runner {
 public:
  std::map<std::string, double> needs;  ///< By test id; missing: 0.1 s.
  std::vector<Invocation> seen;
  Observation run(const Invocation& invocation) override {
    seen.push_back(invocation);
    const double need = needs.count(invocation.description) ? needs[invocation.description] : 0.1;
    Observation observation;
    observation.cpu_seconds = std::min(need, invocation.limits.cpu_seconds);
    if (need > invocation.limits.cpu_seconds) {
      observation.termination = Termination::cpu_time_limit;
    } else {
      observation.termination = Termination::exited;
      observation.exit_code = 0;
    }
    return observation;
  }
  std::string isolation_tier() const override { return "fake"; }
};

class TimeBudgetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    kinds_.add(std::make_unique<TimedKind>());
    assignment_.id = "budget";
    assignment_.submission.module = "demo";
    assignment_.submission.required_files = {"demo.py"};
    assignment_.criteria = {
        {"early", "Early", 10, CriterionScoring::all_or_nothing, false, "", {}},
        {"late", "Late", 10, CriterionScoring::all_or_nothing, false, "", {}},
        {"format", "Format", 5, CriterionScoring::all_or_nothing, false, "", {}}};
    directory_ = fs::temp_directory_path() / ("sg-budget-test-" + std::to_string(::getpid()));
    fs::create_directories(directory_);
    std::ofstream(directory_ / "demo.py") << "x = 1\n";
  }
  void TearDown() override { fs::remove_all(directory_); }

  void add_test(const std::string& id, double cpu_limit, const std::string& criterion) {
    TestSpec test;
    test.id = id;
    test.name = id;
    test.kind = "timed";
    test.limits.cpu_seconds = cpu_limit;
    test.grades["result"] = {criterion};
    test.grades["format"] = {"format"};
    assignment_.tests.push_back(test);
  }

  GradeReport grade() {
    GradeOptions options;
    options.jobs = 1;
    return grade_submission(assignment_, kinds_, runner_, directory_, options);
  }

  KindRegistry kinds_;
  CpuRunner runner_;
  Assignment assignment_;
  fs::path directory_;
};

TEST_F(TimeBudgetTest, ANeverEndingTestRunsOutTheBudgetAndTheTestsAfterItDoNotRun) {
  assignment_.submission_budget.cpu_seconds = 10;
  add_test("quick", 5, "early");
  add_test("endless", 20, "late");
  add_test("after", 5, "late");
  runner_.needs = {{"quick", 1.0}, {"endless", 1e9}};
  const GradeReport report = grade();

  ASSERT_EQ(runner_.seen.size(), 2u) << "the test after the spent budget must not run";
  EXPECT_DOUBLE_EQ(runner_.seen[0].limits.cpu_seconds, 5);  // its own limit: the budget had more
  EXPECT_DOUBLE_EQ(runner_.seen[1].limits.cpu_seconds, 9);  // what the budget had left
  EXPECT_EQ(report.tests[0].verdict, Verdict::accepted);
  EXPECT_EQ(report.tests[1].verdict, Verdict::time_limit_exceeded);
  EXPECT_NE(report.tests[1].feedback.find("time limit exceeded"), std::string::npos);
  EXPECT_NE(report.tests[1].feedback.find("time budget ran out"), std::string::npos)
      << report.tests[1].feedback;
  EXPECT_EQ(report.tests[2].verdict, Verdict::time_limit_exceeded);
  EXPECT_NE(report.tests[2].feedback.find("not run: the submission's time budget was spent"),
            std::string::npos)
      << report.tests[2].feedback;
  // Judged as timeouts: the late criterion is lost, the format (not judged by a timeout) is not.
  EXPECT_EQ(report.criteria[0].points, 10);
  EXPECT_EQ(report.criteria[1].points, 0);
  EXPECT_EQ(report.criteria[2].points, 5);
}

TEST_F(TimeBudgetTest, ATestThatEndsWithinWhatIsLeftIsNotBlamedOnTheBudget) {
  assignment_.submission_budget.cpu_seconds = 3;
  add_test("first", 5, "early");
  add_test("second", 5, "late");
  runner_.needs = {{"first", 2.0}, {"second", 0.5}};
  const GradeReport report = grade();
  ASSERT_EQ(runner_.seen.size(), 2u);
  EXPECT_DOUBLE_EQ(runner_.seen[1].limits.cpu_seconds, 1);
  EXPECT_EQ(report.tests[1].verdict, Verdict::accepted);
  EXPECT_EQ(report.tests[1].feedback.find("budget"), std::string::npos);
}

TEST_F(TimeBudgetTest, ACappedBudgetIsTheLowerOfTheCapAndTheSpecs) {
  assignment_.submission_budget.multiplier = 2;
  assignment_.submission_budget.measured_total_cpu_seconds = 300;
  assignment_.submission_budget.cap(60);  // a fixture's budget_cpu_seconds
  EXPECT_EQ(assignment_.submission_budget.seconds(), 60);
  assignment_.submission_budget.cap(1000);  // never raised
  EXPECT_EQ(assignment_.submission_budget.seconds(), 60);
  SubmissionBudget none;
  none.cap(5);
  EXPECT_EQ(none.seconds(), 5);
  add_test("a", 50, "early");
  add_test("b", 50, "late");
  runner_.needs = {{"a", 1e9}};
  const GradeReport report = grade();
  ASSERT_EQ(runner_.seen.size(), 2u);
  EXPECT_DOUBLE_EQ(runner_.seen[0].limits.cpu_seconds, 50);
  EXPECT_DOUBLE_EQ(runner_.seen[1].limits.cpu_seconds, 10);  // what the cap left
}

TEST_F(TimeBudgetTest, WithoutABudgetEveryTestHasItsOwnLimit) {
  add_test("endless-1", 2, "early");
  add_test("endless-2", 2, "late");
  runner_.needs = {{"endless-1", 1e9}, {"endless-2", 1e9}};
  const GradeReport report = grade();
  ASSERT_EQ(runner_.seen.size(), 2u);
  EXPECT_DOUBLE_EQ(runner_.seen[1].limits.cpu_seconds, 2);
  EXPECT_EQ(report.tests[1].feedback.find("budget"), std::string::npos);
}

TEST_F(TimeBudgetTest, AMeasuredBudgetIsTheMultipleOfTheSlowestTotal) {
  assignment_.submission_budget.cpu_seconds = 100;  // stated: applies until measured
  assignment_.submission_budget.multiplier = 2;
  EXPECT_EQ(assignment_.submission_budget.seconds(), 100);
  assignment_.submission_budget.measured_total_cpu_seconds = 1.5;
  EXPECT_EQ(assignment_.submission_budget.seconds(), 3);
  add_test("a", 5, "early");
  add_test("b", 5, "late");
  runner_.needs = {{"a", 1e9}};
  const GradeReport report = grade();
  ASSERT_EQ(runner_.seen.size(), 1u);
  EXPECT_DOUBLE_EQ(runner_.seen[0].limits.cpu_seconds, 3);
  EXPECT_EQ(report.tests[1].verdict, Verdict::time_limit_exceeded);
}

}  // namespace grade_submission_test
}  // namespace
}  // namespace sg
