#include "store/results_store.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <limits>

namespace sg {

namespace {

constexpr const char* kSchemaName = "searchgrader-results";
constexpr const char* kSchemaVersion = "2";  // 2 added results.grading_hash

// One row per graded submission. The partial unique index is what makes a rerun unable to add a
// second current row for a student; the full one makes importing the same row twice impossible.
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS submissions(
  student_id TEXT PRIMARY KEY,
  student_name TEXT NOT NULL,
  submission_hash TEXT NOT NULL,
  source_path TEXT NOT NULL,
  updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  student_id TEXT NOT NULL,
  student_name TEXT NOT NULL,
  submission_hash TEXT NOT NULL,
  spec_hash TEXT NOT NULL,
  grading_hash TEXT NOT NULL DEFAULT '',
  grader_version TEXT NOT NULL,
  source_path TEXT NOT NULL,
  report_json TEXT NOT NULL,
  score REAL,
  max_score REAL,
  has_grader_errors INTEGER NOT NULL,
  graded_at TEXT NOT NULL,
  current INTEGER NOT NULL CHECK (current IN (0, 1)),
  superseded_by INTEGER REFERENCES results(id));
CREATE UNIQUE INDEX IF NOT EXISTS results_one_current ON results(student_id) WHERE current = 1;
CREATE UNIQUE INDEX IF NOT EXISTS results_no_duplicate
  ON results(student_id, submission_hash, spec_hash, grader_version, graded_at);
)sql";

constexpr const char* kColumns =
    "id, student_id, student_name, submission_hash, spec_hash, grader_version, source_path, "
    "report_json, score, max_score, has_grader_errors, graded_at, current, superseded_by, "
    "grading_hash";

// A prepared statement that finalizes itself.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &statement_, nullptr) != SQLITE_OK) statement_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return statement_ != nullptr; }
  sqlite3_stmt* get() const { return statement_; }
  void bind(int index, const std::string& text) {
    sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                      SQLITE_TRANSIENT);
  }
  void bind(int index, double value) {
    if (std::isfinite(value))
      sqlite3_bind_double(statement_, index, value);
    else
      sqlite3_bind_null(statement_, index);
  }
  void bind(int index, std::int64_t value) { sqlite3_bind_int64(statement_, index, value); }

 private:
  sqlite3_stmt* statement_ = nullptr;
};

std::string column_text(sqlite3_stmt* statement, int column) {
  const unsigned char* text = sqlite3_column_text(statement, column);
  if (text == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(statement, column)));
}

double column_double(sqlite3_stmt* statement, int column) {
  if (sqlite3_column_type(statement, column) == SQLITE_NULL)
    return std::numeric_limits<double>::quiet_NaN();
  return sqlite3_column_double(statement, column);
}

StoredResult read_row(sqlite3_stmt* statement) {
  StoredResult row;
  row.id = sqlite3_column_int64(statement, 0);
  row.key.student_id = column_text(statement, 1);
  row.student_name = column_text(statement, 2);
  row.key.submission_hash = column_text(statement, 3);
  row.key.spec_hash = column_text(statement, 4);
  row.key.grader_version = column_text(statement, 5);
  row.source_path = column_text(statement, 6);
  row.report_json = column_text(statement, 7);
  row.score = column_double(statement, 8);
  row.max_score = column_double(statement, 9);
  row.has_grader_errors = sqlite3_column_int(statement, 10) != 0;
  row.graded_at = column_text(statement, 11);
  row.current = sqlite3_column_int(statement, 12) != 0;
  if (sqlite3_column_type(statement, 13) != SQLITE_NULL)
    row.superseded_by = sqlite3_column_int64(statement, 13);
  row.key.grading_hash = column_text(statement, 14);
  return row;
}

}  // namespace

std::string utc_timestamp_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &utc);
  return fmt::format("{}.{:03}Z", buffer, millis);
}

ResultsStore::ResultsStore(const std::filesystem::path& path) : path_(path) {
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(fmt::format("{}: cannot open the results store: {}", path.string(), reason));
  }
  try {
    sqlite3_busy_timeout(db_, 30000);
    // WAL: readers never block the writer, and a killed writer leaves a consistent database.
    // synchronous=NORMAL keeps every committed row across a process kill (not a power cut).
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    exec("PRAGMA foreign_keys=ON");
    exec("BEGIN IMMEDIATE");
    {
      Statement tables(db_,
                       "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name "
                       "NOT IN ('meta', 'submissions', 'results', 'sqlite_sequence')");
      if (!tables.ok() || sqlite3_step(tables.get()) != SQLITE_ROW) fail("reading its tables");
      if (sqlite3_column_int(tables.get(), 0) != 0) {
        exec("ROLLBACK");
        throw StoreError(fmt::format("{}: not a SearchGrader results store (it holds other tables)",
                                     path.string()));
      }
    }
    exec(kSchema);
    std::optional<std::string> found;
    {
      Statement schema(db_, "SELECT value FROM meta WHERE key = 'schema'");
      if (!schema.ok()) fail("reading its schema version");
      if (sqlite3_step(schema.get()) == SQLITE_ROW) found = column_text(schema.get(), 0);
    }
    const std::string expected = fmt::format("{} {}", kSchemaName, kSchemaVersion);
    if (found && *found == fmt::format("{} 1", kSchemaName)) {
      // A store from before grading_hash: its rows get "" (they are regraded, not rescored).
      exec("ALTER TABLE results ADD COLUMN grading_hash TEXT NOT NULL DEFAULT ''");
      Statement update(db_, "UPDATE meta SET value = ?1 WHERE key = 'schema'");
      update.bind(1, expected);
      if (!update.ok() || sqlite3_step(update.get()) != SQLITE_DONE) fail("upgrading its schema");
    } else if (found && *found != expected) {
      exec("ROLLBACK");
      throw StoreError(fmt::format("{}: results store schema is \"{}\", this grader reads \"{}\"",
                                   path.string(), *found, expected));
    } else if (!found) {
      Statement insert(db_, "INSERT INTO meta(key, value) VALUES ('schema', ?1)");
      insert.bind(1, expected);
      if (!insert.ok() || sqlite3_step(insert.get()) != SQLITE_DONE) fail("writing its schema");
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

ResultsStore::~ResultsStore() { sqlite3_close(db_); }

void ResultsStore::exec(const char* sql) const {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string reason = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw StoreError(fmt::format("{}: {}", path_.string(), reason));
  }
}

void ResultsStore::fail(const std::string& what) const {
  throw StoreError(fmt::format("{}: {}: {}", path_.string(), what, sqlite3_errmsg(db_)));
}

std::vector<StoredResult> ResultsStore::query_results(const char* sql,
                                                      const std::string& argument) const {
  Statement statement(db_, sql);
  if (!statement.ok()) fail("preparing a query");
  if (sqlite3_bind_parameter_count(statement.get()) > 0) statement.bind(1, argument);
  std::vector<StoredResult> rows;
  int step = SQLITE_ROW;
  while ((step = sqlite3_step(statement.get())) == SQLITE_ROW)
    rows.push_back(read_row(statement.get()));
  if (step != SQLITE_DONE) fail("reading results");
  return rows;
}

std::optional<StoredResult> ResultsStore::current(const std::string& student_id) const {
  const std::lock_guard lock(mutex_);
  const std::string sql =
      fmt::format("SELECT {} FROM results WHERE student_id = ?1 AND current = 1", kColumns);
  auto rows = query_results(sql.c_str(), student_id);
  if (rows.empty()) return std::nullopt;
  return std::move(rows.front());
}

std::vector<StoredResult> ResultsStore::all_current() const {
  const std::lock_guard lock(mutex_);
  const std::string sql =
      fmt::format("SELECT {} FROM results WHERE current = 1 ORDER BY student_id", kColumns);
  return query_results(sql.c_str(), {});
}

std::vector<StoredResult> ResultsStore::history(const std::string& student_id) const {
  const std::lock_guard lock(mutex_);
  const std::string sql =
      fmt::format("SELECT {} FROM results WHERE student_id = ?1 ORDER BY id", kColumns);
  return query_results(sql.c_str(), student_id);
}

std::int64_t ResultsStore::row_count() const {
  const std::lock_guard lock(mutex_);
  Statement statement(db_, "SELECT count(*) FROM results");
  if (!statement.ok() || sqlite3_step(statement.get()) != SQLITE_ROW) fail("counting results");
  return sqlite3_column_int64(statement.get(), 0);
}

std::int64_t ResultsStore::record(const StoredResult& result) {
  const std::lock_guard lock(mutex_);
  return record_locked(result);
}

bool ResultsStore::import(const StoredResult& result) {
  const std::lock_guard lock(mutex_);
  const std::string sql =
      fmt::format("SELECT {} FROM results WHERE student_id = ?1 AND current = 1", kColumns);
  const auto rows = query_results(sql.c_str(), result.key.student_id);
  if (!rows.empty() && rows.front().key == result.key && rows.front().graded_at == result.graded_at)
    return false;
  record_locked(result);
  return true;
}

std::int64_t ResultsStore::record_locked(const StoredResult& result) {
  const std::string graded_at = result.graded_at.empty() ? utc_timestamp_now() : result.graded_at;
  exec("BEGIN IMMEDIATE");
  try {
    std::optional<std::int64_t> previous;
    {
      Statement find(db_, "SELECT id FROM results WHERE student_id = ?1 AND current = 1");
      if (!find.ok()) fail("preparing a query");
      find.bind(1, result.key.student_id);
      if (sqlite3_step(find.get()) == SQLITE_ROW) previous = sqlite3_column_int64(find.get(), 0);
    }
    if (previous) {
      Statement retire(db_, "UPDATE results SET current = 0 WHERE id = ?1");
      retire.bind(1, *previous);
      if (!retire.ok() || sqlite3_step(retire.get()) != SQLITE_DONE) fail("retiring a result");
    }
    Statement insert(db_,
                     "INSERT INTO results(student_id, student_name, submission_hash, spec_hash, "
                     "grader_version, source_path, report_json, score, max_score, "
                     "has_grader_errors, graded_at, current, grading_hash) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 1, ?12)");
    if (!insert.ok()) fail("preparing an insert");
    insert.bind(1, result.key.student_id);
    insert.bind(2, result.student_name);
    insert.bind(3, result.key.submission_hash);
    insert.bind(4, result.key.spec_hash);
    insert.bind(5, result.key.grader_version);
    insert.bind(6, result.source_path);
    insert.bind(7, result.report_json);
    insert.bind(8, result.score);
    insert.bind(9, result.max_score);
    insert.bind(10, std::int64_t{result.has_grader_errors ? 1 : 0});
    insert.bind(11, graded_at);
    insert.bind(12, result.key.grading_hash);
    if (sqlite3_step(insert.get()) != SQLITE_DONE)
      fail(fmt::format("recording the result of {}", result.key.student_id));
    const std::int64_t id = sqlite3_last_insert_rowid(db_);
    if (previous) {
      Statement link(db_, "UPDATE results SET superseded_by = ?1 WHERE id = ?2");
      link.bind(1, id);
      link.bind(2, *previous);
      if (!link.ok() || sqlite3_step(link.get()) != SQLITE_DONE) fail("linking a regrade");
    }
    Statement submission(
        db_,
        "INSERT INTO submissions(student_id, student_name, submission_hash, "
        "source_path, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) "
        "ON CONFLICT(student_id) DO UPDATE SET student_name = excluded.student_name, "
        "submission_hash = excluded.submission_hash, "
        "source_path = excluded.source_path, updated_at = excluded.updated_at");
    submission.bind(1, result.key.student_id);
    submission.bind(2, result.student_name);
    submission.bind(3, result.key.submission_hash);
    submission.bind(4, result.source_path);
    submission.bind(5, graded_at);
    if (!submission.ok() || sqlite3_step(submission.get()) != SQLITE_DONE)
      fail("recording a submission");
    exec("COMMIT");
    return id;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

}  // namespace sg
