// RunEvidence: the facts the supervisor (and each sandbox layer) gathered about one run, from
// which the Observation's verdict is derived by a fixed precedence. Layers add evidence; only
// decide_verdict() turns evidence into a Termination, so the precedence lives in one place.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/observation.h"

namespace sg {

/// How many trailing bytes of each stream RunEvidence keeps (also past the output cap).
inline constexpr std::size_t kStreamTailBytes = 4096;

/// Everything known about a finished run. Each optional<string> is "this happened", with the
/// supervisor's description of it (used verbatim as Observation::detail when it decides the
/// verdict).
struct RunEvidence {
  /// Raw status of the main process as returned by wait4(); nullopt if it was never reaped
  /// (e.g. the runner failed before spawning).
  std::optional<int> wait_status;
  /// User + system CPU of the main process and of the children it waited for (wait4 rusage).
  double main_cpu_seconds = 0.0;
  /// True once the supervisor sent a kill because of a limit (so a SIGKILL is not the student's).
  bool killed_by_supervisor = false;
  /// The last kStreamTailBytes bytes written to stdout / stderr, including bytes past the cap.
  std::string stdout_tail;
  std::string stderr_tail;

  std::optional<std::string> runner_error;  ///< The runner failed; not the student's fault.
  /// A fork was refused at the process limit (the cgroup's pids.events `max`, or the run's
  /// tasks at RLIMIT_NPROC): "process limit exceeded (64 processes)". Outranks the time limits a
  /// fork bomb's spinning processes would reach next.
  std::optional<std::string> process_limit;
  std::optional<std::string> cpu_time_limit;      ///< CPU over the limit (supervisor or backstop).
  std::optional<std::string> wall_time_limit;     ///< Wall clock over the limit.
  std::optional<std::string> memory_limit;        ///< Memory over the limit (how it was detected).
  std::optional<std::string> output_limit;        ///< stdout or stderr passed the cap.
  std::optional<std::string> security_violation;  ///< A forbidden operation (later tiers).
  /// The box's supervisor process (box-init) died without reporting the student's status. A
  /// runner error unless a limit explains it: a memory cgroup's OOM killer may pick box-init
  /// once the student's own processes are gone but its tmpfs files still hold the memory.
  std::optional<std::string> supervisor_lost;
  /// Remarks appended to the detail whatever the verdict ("; "-separated), e.g. a process that
  /// escaped the process group and kept a pipe open.
  std::vector<std::string> notes;
};

/// Sets observation.termination, exit_code, signal and detail from `evidence`. Precedence:
/// runner_error, process_limit, cpu_time_limit, wall_time_limit, memory_limit, output_limit,
/// security_violation, then signaled / exited from the wait status. exit_code is set whenever the
/// main process exited normally and `signal` whenever a signal ended it (so a memory_limit
/// inferred from an exit code still shows the code); both are cleared for runner_error. The
/// detail of signaled / exited is "exit code N" or "signal N (SIGNAME)".
void decide_verdict(const RunEvidence& evidence, Observation& observation);

/// "signal 11 (SIGSEGV)"-style description of a signal number.
std::string describe_signal(int signal_number);

/// "exit code 3" or "signal 9 (SIGKILL)" for a raw wait status.
std::string describe_wait_status(int wait_status);

/// "512 MiB", "1.5 GiB" or "1000 bytes": a byte count for humans (exact when it says MiB/GiB/KiB
/// without a fraction).
std::string describe_bytes(std::uint64_t bytes);

/// The process_limit evidence: "process limit exceeded (64 processes)", with how it was seen
/// ("3 forks refused") when known.
std::string describe_process_limit(int max_processes, std::uint64_t refused_forks);

}  // namespace sg
