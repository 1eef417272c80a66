// ResultsStore: the class run's results in one SQLite file (DIR/results.db, WAL mode). Each
// result is keyed by who (student id), what (the submission's content hash), against which spec
// (the spec file's SHA-256) and by which grader (its version). Every result is committed in its own
// transaction as soon as it is graded, so a killed batch loses at most the submissions in flight,
// and a rerun skips what is already current. Regrading keeps the old rows (not current,
// superseded_by the new one): the store is the class's grading history.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sg {

/// A store that cannot be opened, is not ours, or fails a query. The message names the file.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What a result was computed from; a current result with an equal key needs no regrading.
struct ResultKey {
  std::string student_id;
  std::string submission_hash;  ///< SHA-256 hex of the submission's files (names and bytes).
  std::string spec_hash;        ///< Assignment::spec_sha256 (the spec and the files it names).
  /// The grader's build (version and a hash of its executable and drivers): a code change
  /// regrades even when the version number stays.
  std::string grader_version;
  /// Assignment::grading_sha256: equal when only the rubric's points or names changed, so the
  /// stored observations can be scored again without running the student ("" in old rows).
  std::string grading_hash;
  bool operator==(const ResultKey&) const = default;
};

/// One row of the results table.
struct StoredResult {
  std::int64_t id = 0;
  ResultKey key;
  std::string student_name;
  std::string source_path;  ///< Where the submission came from (for people, not identity).
  std::string report_json;  ///< reports/json_report.h's to_json(GradeReport), compact.
  double score = 0.0;
  double max_score = 0.0;
  bool has_grader_errors = false;
  std::string graded_at;  ///< UTC, ISO 8601 with milliseconds: "2026-11-21T18:04:05.123Z".
  bool current = true;
  std::optional<std::int64_t> superseded_by;  ///< The row that replaced this one.
};

/// An open results database. Methods are safe to call from several threads (one connection,
/// serialised by a mutex); several processes may open the same file (SQLite's locking, with a
/// 30 s busy timeout).
class ResultsStore {
 public:
  /// Opens `path`, creating it and its schema if missing. Throws StoreError naming the file if it
  /// cannot be opened or is not a SearchGrader results store.
  explicit ResultsStore(const std::filesystem::path& path);
  ~ResultsStore();
  ResultsStore(const ResultsStore&) = delete;
  ResultsStore& operator=(const ResultsStore&) = delete;

  /// The student's current result, if any.
  std::optional<StoredResult> current(const std::string& student_id) const;

  /// Every current result (one per student), ordered by student id.
  std::vector<StoredResult> all_current() const;

  /// Every row of the student, oldest first (the regrade history; the last one is current).
  std::vector<StoredResult> history(const std::string& student_id) const;

  /// Rows in the results table (current or not).
  std::int64_t row_count() const;

  /// Records `result` as the student's current result in one transaction: the previous current
  /// row (if any) becomes not current and superseded_by the new row. `result.id`, `current` and
  /// `superseded_by` are ignored; an empty `graded_at` is set to now. Returns the new row's id.
  std::int64_t record(const StoredResult& result);

  /// For merging stores: records `result` unless the student's current row already has the same
  /// key and graded_at (then nothing changes). Returns true if a row was added.
  bool import(const StoredResult& result);

  /// The file this store was opened from.
  const std::filesystem::path& path() const { return path_; }

 private:
  std::int64_t record_locked(const StoredResult& result);
  std::vector<StoredResult> query_results(const char* sql, const std::string& argument) const;
  void exec(const char* sql) const;
  [[noreturn]] void fail(const std::string& what) const;

  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
  mutable std::mutex mutex_;
};

/// Now in UTC as ISO 8601 with milliseconds ("2026-11-21T18:04:05.123Z").
std::string utc_timestamp_now();

}  // namespace sg
