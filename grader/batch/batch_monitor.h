// What a class batch is doing right now, kept by its workers and read by the progress display:
// the submissions still queued, each one in flight (who, which test, for how long, how much CPU
// it was charged) and how long each finished one took. The display asks for a snapshot whenever
// it redraws, so the times and the ETA move while long submissions run. Every change can also be
// appended to a log (OUT/progress.jsonl: one JSON object a line, `t` in seconds since the
// batch began), from which replay_progress() rebuilds each moment: what the ETA was then and
// what was really left. Thread-safe.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "batch/batch_progress.h"
#include "batch/eta_estimate.h"

namespace sg {

class BatchMonitor {
 public:
  /// Seconds on a monotonic clock (the default: steady_clock).
  using Clock = std::function<double()>;

  explicit BatchMonitor(Clock clock = {});

  /// Writes every change from now on to `log`, replacing what it held (JSON lines; see the file
  /// comment). Throws std::runtime_error naming the file when it cannot be opened.
  void record_to(const std::filesystem::path& log);

  /// `students` in `submissions` (identical submissions of several students are graded once);
  /// `workers` grade at once; each submission has `tests` tests; `expected_seconds` and
  /// `allowance_seconds` as in EtaInputs (what a correct submission needs here, the most one
  /// may use).
  void begin(std::size_t students, std::size_t submissions, unsigned workers, std::size_t tests,
             std::optional<double> expected_seconds, std::optional<double> allowance_seconds);

  /// The students this run grades (all of them, before any starts): until each is finished, a
  /// snapshot lists it as unfinished, so a stored result of an earlier run is not shown as its.
  void will_grade(const std::vector<std::string>& students);
  /// A worker takes `student`.
  void started(const std::string& student);
  /// `student` starts the test `test`, having been charged `cpu_seconds` so far.
  void test_started(const std::string& student, const std::string& test, double cpu_seconds);
  /// `student` finished a test.
  void test_done(const std::string& student);
  /// `students` (one graded submission, shared by a group) are done; `last` says how it went
  /// ("alice 85/100 (4.1 s)").
  void finished(const std::vector<std::string>& students, const std::string& last);

  /// Everything known now, the in-flight times measured at this moment.
  BatchProgress snapshot() const;

 private:
  struct Running {
    double start = 0.0;
    double test_start = 0.0;
    std::string test;
    std::size_t tests_done = 0;
    double cpu_seconds = 0.0;
  };
  double now() const;
  void log(nlohmann::json event);  // with mutex_ held

  mutable std::mutex mutex_;
  Clock clock_;
  double start_ = 0.0;
  std::size_t total_ = 0;        // students
  std::size_t done_ = 0;         // students
  std::size_t submissions_ = 0;  // to grade
  std::size_t graded_ = 0;       // submissions graded
  unsigned workers_ = 1;
  std::size_t tests_ = 0;
  std::optional<double> expected_seconds_;
  std::optional<double> allowance_seconds_;
  std::map<std::string, Running> running_;
  std::set<std::string> unfinished_;
  std::vector<double> finished_seconds_;
  std::string last_;
  std::ofstream log_;
};

/// One moment of a recorded batch: its time (seconds since it began), the ETA the display
/// would have shown, and the time that was really left (until the last submission finished).
struct ReplayedMoment {
  double t = 0.0;
  EtaRange eta;
  double remaining = 0.0;
  std::size_t done = 0;
  std::size_t running = 0;
};

/// Replays a progress log (BatchMonitor::record_to) through a BatchMonitor, taking a snapshot
/// after every event and every `step` seconds between them. Throws std::runtime_error for a log
/// that does not read (naming the line).
std::vector<ReplayedMoment> replay_progress(std::istream& log, double step = 5.0);

}  // namespace sg
