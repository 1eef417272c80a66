// grade_class against the real engine, process runner and Python driver, on a two-test cut of
// the torus spec (fixtures/class/torus-mini.yaml), so each submission grades in a fraction of a
// second.
#include "batch/grade_class.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "batch/class_outputs.h"
#include "runner/process_runner.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

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

  // A new spec (hash) regrades everyone; so does a new grader version.
  assignment_.spec_sha256 = "0000-changed-spec";
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

}  // namespace
}  // namespace sg
