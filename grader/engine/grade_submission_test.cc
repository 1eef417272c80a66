#include "engine/grade_submission.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>

namespace sg {
namespace {

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

}  // namespace
}  // namespace sg
