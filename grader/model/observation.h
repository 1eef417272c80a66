// Observation: what the runner saw of one process, measured by the supervisor, never inferred
// from the student's own output alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sg {

/// How the process ended, from the supervisor's point of view.
enum class Termination {
  exited,              ///< Exited on its own; see exit_code.
  signaled,            ///< Killed by a signal it did not get from the supervisor; see signal.
  cpu_time_limit,      ///< Supervisor killed it: CPU time over Limits::cpu_seconds.
  wall_time_limit,     ///< Supervisor killed it: wall clock over Limits::wall_seconds.
  memory_limit,        ///< Memory over Limits::memory_bytes (how it was detected: see detail).
  output_limit,        ///< stdout or stderr passed Limits::output_bytes; killed at once.
  process_limit,       ///< A fork was refused at Limits::max_processes; killed at once.
  security_violation,  ///< A forbidden operation (e.g. a denied system call).
  runner_error,        ///< The runner itself failed (could not spawn, copy, ...): not the student's
                       ///< fault.
};

/// Captured stream: the first Limits::output_bytes bytes, and how many bytes were written in all.
struct CapturedStream {
  std::string data;
  std::uint64_t total_bytes = 0;
  bool truncated = false;
};

/// A file the invocation named among its output_files, as the run left it.
struct OutputFile {
  enum class Kind {
    regular,  ///< A regular file: `content` holds it (at most Limits::output_bytes of it).
    absent,   ///< Nothing was written there.
    other,    ///< Something else stands there (`other` says what); nothing was read.
  };
  std::string path;  ///< As the invocation named it, relative to the working directory.
  Kind kind = Kind::absent;
  /// What stood there instead of a regular file ("a directory", "a symbolic link", "a FIFO"),
  /// or why it could not be read.
  std::string other;
  CapturedStream content;
};

struct Observation {
  Termination termination = Termination::runner_error;
  std::optional<int> exit_code;  ///< Set when termination == exited.
  std::optional<int> signal;     ///< The signal that ended the process, if any.
  CapturedStream stdout_stream;
  CapturedStream stderr_stream;
  double cpu_seconds = 0.0;             ///< User + system CPU of the process tree.
  double wall_seconds = 0.0;            ///< Wall clock from spawn to exit.
  std::uint64_t peak_memory_bytes = 0;  ///< Peak resident set (max over the reaped tree).
  std::string isolation_tier;           ///< e.g. "process-group+rlimits".
  /// The working directory as the process saw it ("/box", or a scratch folder in the minimal
  /// tier): where the submission was copied, so its paths can be shown relative to it.
  std::string workdir;
  std::string detail;  ///< Supervisor's explanation (which limit, runner error message, ...).
  /// The invocation's output_files, in its order, read after the process ended.
  std::vector<OutputFile> output_files;
};

}  // namespace sg
