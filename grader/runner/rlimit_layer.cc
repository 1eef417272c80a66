#include "runner/rlimit_layer.h"

#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <array>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <stdexcept>
#include <string_view>

namespace sg {
namespace {

struct ResourceLimit {
  int resource;
  rlim_t value;
};

// How close to RLIMIT_CPU an unexplained SIGKILL must come to be blamed on the backstop.
constexpr double kBackstopSlackSeconds = 0.25;

// The markers of a failed allocation, as they end a dying process's stderr.
constexpr std::array<std::string_view, 3> kMemoryMarkers = {"MemoryError", "std::bad_alloc",
                                                            "Cannot allocate memory"};
// How much of the end of stderr is searched for a marker.
constexpr std::size_t kMarkerWindowBytes = 512;

class RlimitSession final : public SandboxSession {
 public:
  RlimitSession(const Limits& limits, const RlimitOptions& options)
      : limits_(limits), infer_memory_(options.infer_memory_from_stderr) {
    const double cpu = std::ceil(limits.cpu_seconds) + 1.0;
    cpu_backstop_seconds_ = cpu;
    limits_table_ = {{
        {RLIMIT_CPU, static_cast<rlim_t>(cpu)},
        {RLIMIT_AS,
         options.limit_address_space ? static_cast<rlim_t>(limits.memory_bytes) : RLIM_INFINITY},
        {RLIMIT_NOFILE, static_cast<rlim_t>(limits.max_open_files)},
        {RLIMIT_CORE, 0},
        {RLIMIT_FSIZE, static_cast<rlim_t>(options.file_size_bytes)},
        {RLIMIT_NPROC,
         options.limit_processes ? static_cast<rlim_t>(limits.max_processes) : RLIM_INFINITY},
    }};
  }

  int child_setup() noexcept override {
    for (const ResourceLimit& limit : limits_table_) {
      if (limit.value == RLIM_INFINITY) continue;  // not limited by this layer: leave as inherited
      const struct rlimit value = {limit.value, limit.value};
      if (::setrlimit(limit.resource, &value) != 0) return errno;
    }
    return 0;
  }

  void after_exit(RunEvidence& evidence, Observation& /*observation*/) override {
    if (evidence.killed_by_supervisor || !evidence.wait_status) return;
    const int status = *evidence.wait_status;
    const bool signaled = WIFSIGNALED(status);
    const int signal_number = signaled ? WTERMSIG(status) : 0;

    if (signal_number == SIGXCPU ||
        (signal_number == SIGKILL &&
         evidence.main_cpu_seconds >= cpu_backstop_seconds_ - kBackstopSlackSeconds)) {
      evidence.cpu_time_limit = fmt::format(
          "killed by the RLIMIT_CPU backstop ({}) after {:.2f} s CPU (limit {:g} s, backstop "
          "{:g} s)",
          describe_signal(signal_number), evidence.main_cpu_seconds, limits_.cpu_seconds,
          cpu_backstop_seconds_);
      return;
    }

    const bool failed = signaled || (WIFEXITED(status) && WEXITSTATUS(status) != 0);
    if (!failed || !infer_memory_) return;
    std::string_view tail = evidence.stderr_tail;
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r' || tail.back() == ' ')) {
      tail.remove_suffix(1);
    }
    if (tail.size() > kMarkerWindowBytes) tail = tail.substr(tail.size() - kMarkerWindowBytes);
    for (std::string_view marker : kMemoryMarkers) {
      if (tail.find(marker) == std::string_view::npos) continue;
      evidence.memory_limit = fmt::format(
          "inferred from \"{}\" at the end of stderr ({}) under the address-space limit of {} "
          "(rlimit tier)",
          marker, describe_wait_status(status), describe_bytes(limits_.memory_bytes));
      return;
    }
  }

 private:
  Limits limits_;
  bool infer_memory_ = true;
  double cpu_backstop_seconds_ = 0;
  std::array<ResourceLimit, 6> limits_table_{};
};

}  // namespace

std::unique_ptr<SandboxSession> RlimitLayer::prepare(const LaunchContext& context) {
  const Limits& limits = context.invocation.limits;
  if (limits.memory_bytes == 0) {
    throw std::invalid_argument("invalid limits: memory_bytes must be > 0");
  }
  if (limits.max_open_files <= 0) {
    throw std::invalid_argument(
        fmt::format("invalid limits: max_open_files must be > 0 (got {})", limits.max_open_files));
  }
  if (!(limits.cpu_seconds > 0) || !std::isfinite(limits.cpu_seconds)) {
    throw std::invalid_argument(
        fmt::format("invalid limits: cpu_seconds must be > 0 (got {})", limits.cpu_seconds));
  }
  return std::make_unique<RlimitSession>(limits, options_);
}

}  // namespace sg
