// grade_class against the real engine, process runner and Python driver, on a two-test cut of
// the torus spec (fixtures/class/torus-mini.yaml), so each submission grades in a fraction of a
// second.
#include "batch/grade_class.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "batch/class_outputs.h"
#include "runner/process_runner.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace grade_class_test {

namespace fs = std::filesystem;

const fs::path kSource = SG_SOURCE_DIR;

class GradeClassTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sg-grade-class-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    assignment_ = load_spec(kSource / "fixtures/class/torus-mini.yaml");
    kinds_.validate(assignment_);
    options_.context.python = "/usr/bin/python3";
    options_.context.driver_dir = kSource / "grader/drivers";
    options_.grader_version = "test-1";
    options_.jobs = 2;
  }
  void TearDown() override { fs::remove_all(dir_); }

  ClassSubmission student(const std::string& id, const fs::path& path) {
    return {id, "Name " + id, path, "test: " + id, false};
  }
  // A private copy of a torus fixture, so the test can change it.
  fs::path copy_fixture(const std::string& name, const std::string& as = "") {
    const fs::path target = dir_ / "class" / (as.empty() ? name : as);
    fs::create_directories(target);
    fs::copy(kSource / "fixtures/torus" / name / "torus_puzzle.py", target / "torus_puzzle.py");
    return target;
  }
  ClassGradeResult grade(ResultsStore& store, const std::vector<ClassSubmission>& students) {
    return grade_class(assignment_, kinds_, *runner_, store, students, options_);
  }

  fs::path dir_;
  Assignment assignment_;
  KindRegistry kinds_ = KindRegistry::with_builtin_kinds();
  std::unique_ptr<Runner> runner_ = make_process_runner();
  ClassGradeOptions options_;
};

TEST_F(GradeClassTest, GradesEveryoneOnceAndARerunGradesNothing) {
  ResultsStore store(dir_ / "results.db");
  const std::vector<ClassSubmission> students = {
      student("alice", copy_fixture("correct")),
      student("bob", copy_fixture("buggy-unsorted-successors"))};
  ClassGradeResult first = grade(store, students);
  EXPECT_EQ(first.graded, 2u);
  EXPECT_EQ(first.up_to_date, 0u);
  ASSERT_EQ(first.entries.size(), 2u);
  EXPECT_EQ(first.entries[0].student_id, "alice");
  EXPECT_DOUBLE_EQ(first.entries[0].report.score, 30);
  EXPECT_DOUBLE_EQ(first.entries[1].report.score, 25);  // loses succ_order (5)
  EXPECT_EQ(first.entries[1].student_name, "Name bob");
  EXPECT_FALSE(first.entries[0].submission_hash.empty());

  const ClassGradeResult second = grade(store, students);
  EXPECT_EQ(second.graded, 0u);
  EXPECT_EQ(second.up_to_date, 2u);
  EXPECT_EQ(store.row_count(), 2);
  ASSERT_EQ(second.entries.size(), 2u);
  EXPECT_DOUBLE_EQ(second.entries[1].report.score, 25);
}

TEST_F(GradeClassTest, AChangedSubmissionSpecOrGraderIsRegradedAndHistoryKept) {
  ResultsStore store(dir_ / "results.db");
  const fs::path alice = copy_fixture("correct");
  const std::vector<ClassSubmission> students = {student("alice", alice),
                                                 student("bob", copy_fixture("correct", "bob"))};
  grade(store, students);

  // alice resubmits the buggy version: only she is regraded.
  fs::copy(kSource / "fixtures/torus/buggy-unsorted-successors/torus_puzzle.py",
           alice / "torus_puzzle.py", fs::copy_options::overwrite_existing);
  ClassGradeResult result = grade(store, students);
  EXPECT_EQ(result.graded, 1u);
  EXPECT_EQ(result.up_to_date, 1u);
  const auto history = store.history("alice");
  ASSERT_EQ(history.size(), 2u);
  EXPECT_FALSE(history[0].current);
  EXPECT_EQ(history[0].superseded_by, history[1].id);
  EXPECT_DOUBLE_EQ(history[0].score, 30);
  EXPECT_DOUBLE_EQ(history[1].score, 25);

  // Changed tests regrade everyone (a rubric-only change rescores: the test below); so does a
  // new grader build.
  assignment_.spec_sha256 = "0000-changed-spec";
  assignment_.grading_sha256 = "0000-changed-tests";
  EXPECT_EQ(grade(store, students).graded, 2u);
  options_.grader_version = "test-2";
  EXPECT_EQ(grade(store, students).graded, 2u);
  EXPECT_EQ(grade(store, students).graded, 0u);
  EXPECT_EQ(store.history("bob").size(), 3u);
  EXPECT_EQ(store.all_current().size(), 2u);

  // --regrade grades unchanged submissions again.
  options_.regrade = true;
  EXPECT_EQ(grade(store, students).graded, 2u);
  EXPECT_EQ(store.history("bob").size(), 4u);
}

// Counts the processes a grading run starts.
class CountingRunner : public Runner {
 public:
  explicit CountingRunner(Runner& inner) : inner_(inner) {}
  Observation run(const Invocation& invocation) override {
    ++runs;
    return inner_.run(invocation);
  }
  std::string isolation_tier() const override { return inner_.isolation_tier(); }
  std::atomic<int> runs{0};

 private:
  Runner& inner_;
};

TEST_F(GradeClassTest, ARubricOnlyChangeRescoresFromTheStoredObservationsWithoutRunning) {
  ResultsStore store(dir_ / "results.db");
  const std::vector<ClassSubmission> students = {
      student("alice", copy_fixture("correct")),
      student("bob", copy_fixture("buggy-unsorted-successors"))};
  grade(store, students);

  // Points, names and comments change; the tests do not.
  std::ifstream original(kSource / "fixtures/class/torus-mini.yaml");
  std::string text((std::istreambuf_iterator<char>(original)), std::istreambuf_iterator<char>());
  const std::string before =
      R"(- {id: succ_order, name: "Successors printed in correct order", points: 5})";
  ASSERT_NE(text.find(before), std::string::npos);
  text.replace(text.find(before), before.size(),
               R"(- {id: succ_order, name: "Successors in ascending order", points: 8})");
  text += "# a comment\n";
  const Assignment rescaled = load_spec_from_string(text, "torus-mini.yaml");
  ASSERT_NE(rescaled.spec_sha256, assignment_.spec_sha256);
  ASSERT_EQ(rescaled.grading_sha256, assignment_.grading_sha256);

  CountingRunner counting(*runner_);
  const ClassGradeResult result =
      grade_class(rescaled, kinds_, counting, store, students, options_);
  EXPECT_EQ(counting.runs.load(), 0);
  EXPECT_EQ(result.rescored, 2u);
  EXPECT_EQ(result.graded, 0u);
  ASSERT_EQ(result.entries.size(), 2u);
  EXPECT_DOUBLE_EQ(result.entries[0].report.score, 33);  // alice: full marks, out of 33 now
  EXPECT_DOUBLE_EQ(result.entries[0].report.max_score, 33);
  EXPECT_DOUBLE_EQ(result.entries[1].report.score, 25);  // bob still loses succ_order
  EXPECT_EQ(result.entries[1].report.criteria[1].name, "Successors in ascending order");
  EXPECT_EQ(store.history("bob").size(), 2u);  // history kept
  // Up to date afterwards; a changed test runs everyone again.
  EXPECT_EQ(grade_class(rescaled, kinds_, counting, store, students, options_).up_to_date, 2u);
  text.replace(text.find("cpu_seconds: 2"), 14, "cpu_seconds: 1");
  const Assignment retimed = load_spec_from_string(text, "torus-mini.yaml");
  EXPECT_EQ(grade_class(retimed, kinds_, counting, store, students, options_).graded, 2u);
  EXPECT_GT(counting.runs.load(), 0);
}

TEST_F(GradeClassTest, ASubmissionOverTheSizeLimitIsTheStudentsVerdictRecordedOnce) {
  ResultsStore store(dir_ / "results.db");
  const fs::path big = copy_fixture("correct", "big");
  std::ofstream(big / "dataset.bin") << std::string(2 << 20, 'x');
  assignment_.submission.max_size_bytes = 1 << 20;
  const std::vector<ClassSubmission> students = {student("big", big)};
  ClassGradeResult result = grade(store, students);
  EXPECT_EQ(result.graded, 1u);
  EXPECT_EQ(result.grader_faults, 0u);
  ASSERT_EQ(result.entries.size(), 1u);
  ASSERT_TRUE(result.entries[0].report.submission_verdict);
  EXPECT_EQ(*result.entries[0].report.submission_verdict, Verdict::submission_too_large);
  EXPECT_NE(
      result.entries[0].report.submission_feedback.find("submission too large (2.0 MiB > 1 MiB)"),
      std::string::npos)
      << result.entries[0].report.submission_feedback;
  result = grade(store, students);
  EXPECT_EQ(result.graded, 0u);  // recorded once, not retried on every run
  EXPECT_EQ(result.up_to_date, 1u);
}

TEST_F(GradeClassTest, AChangedSupportFileRegrades) {
  ResultsStore store(dir_ / "results.db");
  fs::create_directories(dir_ / "spec");
  std::ifstream original(kSource / "fixtures/class/torus-mini.yaml");
  std::string text((std::istreambuf_iterator<char>(original)), std::istreambuf_iterator<char>());
  text.replace(text.find("  required_files: [torus_puzzle.py]"), 35,
               "  required_files: [torus_puzzle.py]\n  support_files: [helpers.py]");
  std::ofstream(dir_ / "spec" / "helpers.py") << "HELP = 1\n";
  std::ofstream(dir_ / "spec" / "mini.yaml") << text;
  const std::vector<ClassSubmission> students = {student("alice", copy_fixture("correct"))};
  assignment_ = load_spec(dir_ / "spec" / "mini.yaml");
  EXPECT_EQ(grade(store, students).graded, 1u);
  EXPECT_EQ(grade(store, students).up_to_date, 1u);
  std::ofstream(dir_ / "spec" / "helpers.py") << "HELP = 2\n";  // the YAML is unchanged
  assignment_ = load_spec(dir_ / "spec" / "mini.yaml");
  EXPECT_EQ(grade(store, students).graded, 1u);
}

TEST_F(GradeClassTest, IdenticalSubmissionsAreGradedOnceAndRecordedForEach) {
  ResultsStore store(dir_ / "results.db");
  const fs::path group = copy_fixture("correct");
  int progress_calls = 0;
  options_.on_progress = [&](const BatchProgress& progress) {
    ++progress_calls;
    EXPECT_EQ(progress.total, 2u);
  };
  const ClassGradeResult result =
      grade(store, {student("ann@uni.edu", group), student("john@uni.edu", group)});
  EXPECT_EQ(progress_calls, 1);
  EXPECT_EQ(result.graded, 2u);
  EXPECT_EQ(store.row_count(), 2);
  ASSERT_EQ(result.entries.size(), 2u);
  EXPECT_EQ(result.entries[0].report.score, result.entries[1].report.score);
}

TEST_F(GradeClassTest, AMissingSubmissionIsAGraderErrorRetriedNextRun) {
  ResultsStore store(dir_ / "results.db");
  const std::vector<ClassSubmission> students = {student("ghost", dir_ / "no-such-folder"),
                                                 student("alice", copy_fixture("correct"))};
  ClassGradeResult result = grade(store, students);
  EXPECT_EQ(result.graded, 2u);
  EXPECT_EQ(result.grader_faults, 1u);
  ASSERT_EQ(result.entries.size(), 2u);
  EXPECT_EQ(result.entries[1].student_id, "ghost");
  EXPECT_TRUE(result.entries[1].report.has_grader_errors);
  ASSERT_FALSE(result.entries[1].report.submission_notes.empty());
  EXPECT_NE(result.entries[1].report.submission_notes[0].find("grader error"), std::string::npos);
  EXPECT_FALSE(result.entries[0].report.has_grader_errors);

  result = grade(store, students);
  EXPECT_EQ(result.graded, 1u);  // ghost again; alice is up to date
  EXPECT_EQ(result.up_to_date, 1u);
}

TEST_F(GradeClassTest, AStopRequestTakesNoNewSubmission) {
  ResultsStore store(dir_ / "results.db");
  std::atomic<bool> stop{true};
  options_.stop = &stop;
  const ClassGradeResult result = grade(store, {student("alice", copy_fixture("correct"))});
  EXPECT_TRUE(result.interrupted);
  EXPECT_EQ(result.graded, 0u);
  EXPECT_EQ(store.row_count(), 0);
}

TEST_F(GradeClassTest, OutputsHoldEveryStudent) {
  ResultsStore store(dir_ / "results.db");
  const ClassGradeResult result =
      grade(store, {student("alice", copy_fixture("correct")),
                    student("Bob Smith/../x", copy_fixture("buggy-unsorted-successors"))});
  const auto written = write_class_outputs(dir_ / "out", result.entries);
  EXPECT_EQ(written.size(), 7u);  // gradebook, results.json, 2 x (md, html), summary
  std::ifstream csv(dir_ / "out" / "gradebook.csv");
  std::string header, row1, row2, extra;
  std::getline(csv, header);
  std::getline(csv, row1);
  std::getline(csv, row2);
  EXPECT_EQ(header,
            "student_id,name,total,max,succ_center,succ_order,solve_one_move,solve_format\r");
  EXPECT_EQ(row1, "Bob Smith/../x,Name Bob Smith/../x,25,30,5,0,10,10\r");
  EXPECT_EQ(row2, "alice,Name alice,30,30,5,5,10,10\r");
  EXPECT_FALSE(std::getline(csv, extra));
  EXPECT_TRUE(fs::exists(dir_ / "out" / "feedback" / "alice.md"));
  EXPECT_TRUE(
      fs::exists(dir_ / "out" / "feedback" / (student_file_stem("Bob Smith/../x") + ".html")));
  EXPECT_EQ(student_file_stem("Bob Smith/../x").find('/'), std::string::npos);
  EXPECT_TRUE(fs::exists(dir_ / "out" / "summary.html"));
  std::ifstream json_file(dir_ / "out" / "results.json");
  const auto json = nlohmann::json::parse(json_file);
  ASSERT_EQ(json["students"].size(), 2u);
  EXPECT_EQ(json["students"][1]["student_id"], "alice");
  EXPECT_EQ(json["students"][1]["report"]["score"], 30);
}

}  // namespace grade_class_test
}  // namespace
}  // namespace sg
