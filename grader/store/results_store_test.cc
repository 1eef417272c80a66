#include "store/results_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace results_store_test {

namespace fs = std::filesystem;

class ResultsStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sg-store-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path db() const { return dir_ / "results.db"; }

  static StoredResult result(const std::string& student, const std::string& hash,
                             const std::string& spec, double score) {
    StoredResult row;
    row.key = {student, hash, spec, "0.1.0", "grading-" + spec};
    row.student_name = "Name of " + student;
    row.source_path = "class/" + student;
    row.report_json = R"({"score":)" + std::to_string(score) + "}";
    row.score = score;
    row.max_score = 100;
    return row;
  }

  fs::path dir_;
};

TEST_F(ResultsStoreTest, RecordsAndReadsBackTheCurrentResult) {
  ResultsStore store(db());
  EXPECT_FALSE(store.current("alice").has_value());
  const auto id = store.record(result("alice", "h1", "s1", 85));
  const auto current = store.current("alice");
  ASSERT_TRUE(current.has_value());
  EXPECT_EQ(current->id, id);
  EXPECT_EQ(current->key, (ResultKey{"alice", "h1", "s1", "0.1.0", "grading-s1"}));
  EXPECT_EQ(current->student_name, "Name of alice");
  EXPECT_DOUBLE_EQ(current->score, 85);
  EXPECT_TRUE(current->current);
  EXPECT_FALSE(current->superseded_by.has_value());
  EXPECT_EQ(current->graded_at.size(), std::string("2026-11-21T18:04:05.123Z").size());
}

TEST_F(ResultsStoreTest, SurvivesReopeningAndUsesWal) {
  {
    ResultsStore store(db());
    store.record(result("alice", "h1", "s1", 85));
    store.record(result("bob", "h2", "s1", 40));
  }
  ResultsStore store(db());
  EXPECT_EQ(store.row_count(), 2);
  const auto all = store.all_current();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].key.student_id, "alice");
  EXPECT_EQ(all[1].key.student_id, "bob");

  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "PRAGMA journal_mode", -1, &statement, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(statement), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)), "wal");
  sqlite3_finalize(statement);
  sqlite3_close(raw);
}

TEST_F(ResultsStoreTest, RegradeKeepsHistoryAndOneCurrentRow) {
  ResultsStore store(db());
  const auto first = store.record(result("alice", "h1", "s1", 85));
  const auto second = store.record(result("alice", "h1", "s2", 90));
  const auto third = store.record(result("alice", "h3", "s2", 95));
  const auto history = store.history("alice");
  ASSERT_EQ(history.size(), 3u);
  EXPECT_EQ(history[0].id, first);
  EXPECT_FALSE(history[0].current);
  EXPECT_EQ(history[0].superseded_by, second);
  EXPECT_FALSE(history[1].current);
  EXPECT_EQ(history[1].superseded_by, third);
  EXPECT_TRUE(history[2].current);
  EXPECT_FALSE(history[2].superseded_by.has_value());
  EXPECT_EQ(store.all_current().size(), 1u);
  EXPECT_DOUBLE_EQ(store.current("alice")->score, 95);
}

TEST_F(ResultsStoreTest, TheSchemaRefusesASecondCurrentRow) {
  ResultsStore store(db());
  store.record(result("alice", "h1", "s1", 85));
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
  const int rc = sqlite3_exec(
      raw,
      "INSERT INTO results(student_id, student_name, submission_hash, spec_hash, grader_version, "
      "source_path, report_json, score, max_score, has_grader_errors, graded_at, current) "
      "VALUES ('alice', '', 'h9', 's1', 'v', '', '{}', 1, 1, 0, 'now', 1)",
      nullptr, nullptr, nullptr);
  EXPECT_EQ(rc, SQLITE_CONSTRAINT);
  sqlite3_close(raw);
  EXPECT_EQ(store.row_count(), 1);
}

TEST_F(ResultsStoreTest, ImportingTheSameRowTwiceAddsItOnce) {
  StoredResult row = result("alice", "h1", "s1", 85);
  row.graded_at = "2026-11-21T18:00:00.000Z";
  ResultsStore store(db());
  EXPECT_TRUE(store.import(row));
  EXPECT_FALSE(store.import(row));
  EXPECT_EQ(store.row_count(), 1);
  row.graded_at = "2026-11-21T19:00:00.000Z";
  EXPECT_TRUE(store.import(row));
  EXPECT_EQ(store.row_count(), 2);
  EXPECT_EQ(store.current("alice")->graded_at, "2026-11-21T19:00:00.000Z");
}

TEST_F(ResultsStoreTest, AStoreFromBeforeTheGradingHashIsUpgradedInPlace) {
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
    const char* v1 = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('schema', 'searchgrader-results 1');
CREATE TABLE submissions(student_id TEXT PRIMARY KEY, student_name TEXT NOT NULL,
  submission_hash TEXT NOT NULL, source_path TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE results(id INTEGER PRIMARY KEY AUTOINCREMENT, student_id TEXT NOT NULL,
  student_name TEXT NOT NULL, submission_hash TEXT NOT NULL, spec_hash TEXT NOT NULL,
  grader_version TEXT NOT NULL, source_path TEXT NOT NULL, report_json TEXT NOT NULL,
  score REAL, max_score REAL, has_grader_errors INTEGER NOT NULL, graded_at TEXT NOT NULL,
  current INTEGER NOT NULL CHECK (current IN (0, 1)),
  superseded_by INTEGER REFERENCES results(id));
INSERT INTO results(student_id, student_name, submission_hash, spec_hash, grader_version,
  source_path, report_json, score, max_score, has_grader_errors, graded_at, current)
  VALUES ('alice', 'Alice', 'h1', 's1', '0.1.0', 'x', '{}', 5, 10, 0, '2026-01-01', 1);
)sql";
    ASSERT_EQ(sqlite3_exec(raw, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
  }
  ResultsStore store(db());
  const auto current = store.current("alice");
  ASSERT_TRUE(current);
  EXPECT_EQ(current->key, (ResultKey{"alice", "h1", "s1", "0.1.0", ""}));  // never rescored
  store.record(result("alice", "h2", "s1", 7));
  EXPECT_EQ(store.history("alice").size(), 2u);
  ResultsStore again(db());  // the upgrade happened once
  EXPECT_EQ(again.current("alice")->key.grading_hash, "grading-s1");
}

TEST_F(ResultsStoreTest, RejectsFilesThatAreNotResultsStores) {
  std::ofstream(dir_ / "notes.txt") << "this is not a database, just some text\n";
  EXPECT_THROW(ResultsStore(dir_ / "notes.txt"), StoreError);

  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((dir_ / "other.db").c_str(), &raw), SQLITE_OK);
  sqlite3_exec(raw, "CREATE TABLE grades(x)", nullptr, nullptr, nullptr);
  sqlite3_close(raw);
  try {
    ResultsStore store(dir_ / "other.db");
    FAIL() << "opened a foreign database";
  } catch (const StoreError& error) {
    EXPECT_NE(std::string(error.what()).find("not a SearchGrader results store"), std::string::npos)
        << error.what();
  }
  EXPECT_THROW(ResultsStore(dir_ / "missing-dir" / "results.db"), StoreError);
}

}  // namespace results_store_test
}  // namespace
}  // namespace sg
