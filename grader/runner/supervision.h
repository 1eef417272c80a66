// Supervision: the loop that watches one running student process tree for the runner. It reads
// the run's stdout and stderr (each capped at the output limit, with the tail kept past the cap),
// samples CPU and memory, kills the run at the CPU, wall-clock or output limit (and re-sends the
// kill while the run lingers), and notices when the main process has ended; afterwards it drains
// what is left in the pipes. Shared by the one-shot process runner (the main process is watched
// through a pidfd) and the box (box.h: the box server's reply on its control socket).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/invocation.h"
#include "model/observation.h"
#include "runner/run_evidence.h"
#include "runner/sandbox_layer.h"
#include "runner/unique_fd.h"

namespace sg {

/// How the loop reaches the run it supervises.
struct SupervisedRun {
  /// When the run started (the clone, or the box request), for the wall-clock limit.
  std::chrono::steady_clock::time_point start;
  /// Descriptors that become readable when the main process may have ended (a pidfd, the box's
  /// control socket, box-init's pidfd, a fork server's control socket; at most three); -1
  /// entries are skipped. With none, `ended` is asked
  /// every 10 ms.
  std::vector<int> exit_fds;
  /// Non-blocking: has the main process ended? Throw std::runtime_error when it cannot be known
  /// (the run becomes a runner error).
  std::function<bool()> ended;
  /// Adds what the run's layers measure now (CPU of the tree, memory).
  std::function<void(UsageSample&)> sample;
  /// SIGKILLs everything of the run. Called on a limit and again every 100 ms while it lingers.
  std::function<void()> kill;
};

/// What the loop measured.
struct SupervisionResult {
  std::chrono::steady_clock::time_point exit_time;  ///< When `ended` first returned true.
  double cpu_seconds = 0.0;                         ///< Largest CPU sample (seconds).
  std::uint64_t peak_memory_bytes = 0;              ///< Largest memory sample.
};

class OutputCapture;

/// Runs the loop until run.ended(): pumps `output`, enforces `limits` (evidence process_limit,
/// cpu_time_limit, wall_time_limit, output_limit, killed_by_supervisor), samples every 25 ms and
/// once more when the run has ended. The process limit is reached when a sample shows a refused
/// fork or as many tasks as Limits::max_processes (where RLIMIT_NPROC, not a cgroup, limits
/// them); the run is then killed at once. A wall-clock kill says when the run's processes slept
/// (CPU under a tenth of the wall clock). Throws std::runtime_error when poll fails or `ended`
/// throws.
SupervisionResult supervise(const Limits& limits, const SupervisedRun& run, OutputCapture& output,
                            RunEvidence& evidence);

/// The run's stdout and stderr as the supervisor reads them: the read ends of two pipes, captured
/// into an Observation's streams.
class OutputCapture {
 public:
  /// Takes the read ends (made non-blocking here); `observation` receives the captured bytes and
  /// must outlive this. Throws std::runtime_error when a descriptor cannot be made non-blocking.
  OutputCapture(UniqueFd stdout_read, UniqueFd stderr_read, Observation& observation);
  OutputCapture(const OutputCapture&) = delete;
  OutputCapture& operator=(const OutputCapture&) = delete;

  /// After the main process ended: reads what is left for up to 200 ms (a process outside the
  /// sandbox's reach may hold a pipe open: noted, never waited for). Passing the cap here is
  /// evidence output_limit without a kill.
  void drain(std::uint64_t cap, RunEvidence& evidence);

  /// Reads what the streams hold now, without waiting (a fork server's start: its pipes stay
  /// open). Passing the cap here is evidence output_limit without a kill.
  void pump_available(std::uint64_t cap, RunEvidence& evidence);

  /// Moves the last bytes of each stream into evidence.stdout_tail / stderr_tail.
  void keep_tails(RunEvidence& evidence);

 private:
  friend SupervisionResult supervise(const Limits&, const SupervisedRun&, OutputCapture&,
                                     RunEvidence&);
  struct Stream {
    const char* name;
    UniqueFd fd;
    CapturedStream* captured;
    std::string tail;
    bool eof = false;
    // Reads what is available now (bounded); true if the total passed `cap` in this call.
    bool pump(std::uint64_t cap, char* buffer);
    void append_tail(const char* data, std::size_t n);
  };
  std::array<Stream, 2> streams_;  // stdout, stderr
  std::vector<char> buffer_;
};

}  // namespace sg
