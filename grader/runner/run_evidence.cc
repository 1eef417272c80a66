#include "runner/run_evidence.h"

#include <fmt/format.h>
#include <string.h>
#include <sys/wait.h>

#include <csignal>
#include <cstdint>

namespace sg {

std::string describe_signal(int signal_number) {
  if (signal_number >= SIGRTMIN && signal_number <= SIGRTMAX) {
    return fmt::format("signal {} (SIGRTMIN+{})", signal_number, signal_number - SIGRTMIN);
  }
  const char* abbrev = ::sigabbrev_np(signal_number);
  if (abbrev == nullptr) return fmt::format("signal {}", signal_number);
  return fmt::format("signal {} (SIG{})", signal_number, abbrev);
}

std::string describe_wait_status(int wait_status) {
  if (WIFEXITED(wait_status)) return fmt::format("exit code {}", WEXITSTATUS(wait_status));
  if (WIFSIGNALED(wait_status)) return describe_signal(WTERMSIG(wait_status));
  return fmt::format("wait status {:#x}", wait_status);
}

std::string describe_bytes(std::uint64_t bytes) {
  constexpr std::uint64_t kKiB = 1024, kMiB = kKiB << 10, kGiB = kMiB << 10;
  if (bytes >= kGiB && bytes % (kGiB / 16) == 0) {
    return fmt::format("{:g} GiB", static_cast<double>(bytes) / kGiB);
  }
  if (bytes >= kMiB && bytes % (kMiB / 16) == 0) {
    return fmt::format("{:g} MiB", static_cast<double>(bytes) / kMiB);
  }
  if (bytes >= kKiB && bytes % kKiB == 0) return fmt::format("{} KiB", bytes / kKiB);
  return fmt::format("{} bytes", bytes);
}

void decide_verdict(const RunEvidence& evidence, Observation& observation) {
  observation.exit_code.reset();
  observation.signal.reset();
  if (evidence.wait_status) {
    const int status = *evidence.wait_status;
    if (WIFEXITED(status)) observation.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) observation.signal = WTERMSIG(status);
  }

  const std::pair<const std::optional<std::string>*, Termination> ranked[] = {
      {&evidence.runner_error, Termination::runner_error},
      {&evidence.process_limit, Termination::process_limit},
      {&evidence.cpu_time_limit, Termination::cpu_time_limit},
      {&evidence.wall_time_limit, Termination::wall_time_limit},
      {&evidence.memory_limit, Termination::memory_limit},
      {&evidence.output_limit, Termination::output_limit},
      {&evidence.security_violation, Termination::security_violation},
      {&evidence.supervisor_lost, Termination::runner_error},
  };
  bool decided = false;
  for (const auto& [reason, termination] : ranked) {
    if (*reason) {
      observation.termination = termination;
      observation.detail = **reason;
      decided = true;
      break;
    }
  }
  if (!decided) {
    if (!evidence.wait_status) {
      observation.termination = Termination::runner_error;
      observation.detail = "the process ended without a wait status";
    } else if (observation.signal) {
      observation.termination = Termination::signaled;
      observation.detail = describe_signal(*observation.signal);
    } else if (observation.exit_code) {
      observation.termination = Termination::exited;
      observation.detail = describe_wait_status(*evidence.wait_status);
    } else {
      observation.termination = Termination::runner_error;
      observation.detail = describe_wait_status(*evidence.wait_status);
    }
  }
  if (observation.termination == Termination::runner_error) {
    observation.exit_code.reset();
    observation.signal.reset();
  }
  for (const std::string& note : evidence.notes) {
    observation.detail += "; ";
    observation.detail += note;
  }
}

std::string describe_process_limit(int max_processes, std::uint64_t refused_forks) {
  std::string text = fmt::format("process limit exceeded ({} processes)", max_processes);
  if (refused_forks > 0)
    text +=
        fmt::format(": {} fork{} refused", refused_forks, refused_forks == 1 ? " was" : "s were");
  return text;
}

}  // namespace sg
