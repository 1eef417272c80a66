// Invocation: everything the runner needs to start one student process, and nothing it must not
// see (no expected outputs, no spec). Built by a test kind, consumed by a Runner.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sg {

/// Resource limits for one invocation. Units are in the names; 0 means "no limit" only where said.
struct Limits {
  double cpu_seconds = 10.0;                   ///< CPU time (user + system) of the process tree.
  double wall_seconds = 20.0;                  ///< Wall-clock time from spawn to exit.
  std::uint64_t memory_bytes = 1024ull << 20;  ///< Address space (rlimit tier) or cgroup memory.
  std::uint64_t output_bytes = 1ull << 20;     ///< Cap on captured stdout, and separately stderr.
  int max_processes = 64;    ///< Processes/threads of the box (where enforceable).
  int max_open_files = 256;  ///< RLIMIT_NOFILE.
};

/// `limits` with its CPU, wall-clock, memory, process and open-file limits raised to `other`'s
/// where `other`'s are larger (output_bytes stays `limits`'): a fork server's limits must cover
/// every test forked from it, since a fork inherits its rlimits and cannot raise them.
inline Limits covering(Limits limits, const Limits& other) {
  if (other.cpu_seconds > limits.cpu_seconds) limits.cpu_seconds = other.cpu_seconds;
  if (other.wall_seconds > limits.wall_seconds) limits.wall_seconds = other.wall_seconds;
  if (other.memory_bytes > limits.memory_bytes) limits.memory_bytes = other.memory_bytes;
  if (other.max_processes > limits.max_processes) limits.max_processes = other.max_processes;
  if (other.max_open_files > limits.max_open_files) limits.max_open_files = other.max_open_files;
  return limits;
}

/// A file placed into the run's fresh working directory before the process starts.
struct PlacedFile {
  std::filesystem::path source;       ///< Absolute path on the grader's side.
  std::filesystem::path destination;  ///< Relative to the working directory.
};

/// A file the grader writes into the working directory before the process starts (e.g. a test's
/// input file, generated from the spec), replacing whatever the submission put there.
struct WrittenFile {
  std::filesystem::path destination;  ///< Relative to the working directory, no "..".
  std::string content;
};

/// One process to run. argv[0] is an absolute path or a name resolved on the allow-listed PATH.
struct Invocation {
  std::vector<std::string> argv;
  /// The submission (a file or a directory) copied into the working directory: a directory's
  /// contents land at the top level, a single file keeps its name.
  std::filesystem::path submission;
  /// Support files (e.g. the Python driver) copied beside the submission.
  std::vector<PlacedFile> support_files;
  /// Files written into the working directory after the submission and support files.
  std::vector<WrittenFile> written_files;
  /// When not empty: after the process ends, the working directory's contents (regular files
  /// and directories, never symlinks) are copied into this existing, empty grader-side
  /// directory, e.g. to keep what a build step produced. Failure to copy is noted in
  /// Observation::detail and leaves the directory partly filled.
  std::filesystem::path collect_into;
  /// Files the program writes as its answer (relative to the working directory, no ".."): any
  /// the submission or support files put there are removed before the process starts, and each
  /// is read back after it ends into Observation::output_files, never following a link and
  /// never blocking on a FIFO, capped at limits.output_bytes.
  std::vector<std::filesystem::path> output_files;
  /// Bytes fed to stdin; nullopt means stdin is /dev/null.
  std::optional<std::string> stdin_data;
  /// Extra environment variables on top of the runner's allow-list.
  std::map<std::string, std::string> environment;
  Limits limits;
  /// Short human description for feedback, e.g. "python3 driver: solve([1, 2, ...])".
  std::string description;
  /// Set for the Python driver's test processes (docs/driver-protocol.md): the engine may run
  /// the test as a fork of the submission's fork server instead (runner/fork_session.h), which
  /// imported the same module from the same files once; stdin_data is then the fork's request.
  bool forkable = false;
  /// For a fork server's launch: the server runs each test in its own process, one after
  /// another, instead of forking (a JVM, which cannot fork): it opens the test's streams by the
  /// names its request gives, and any test that reaches a limit ends the session
  /// (runner/fork_server.h, "In-process tests").
  bool serves_in_process = false;
};

}  // namespace sg
