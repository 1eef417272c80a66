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
      : limits_(limits), options_(options), table_(rlimit_table(limits, options)) {}

  int child_setup() noexcept override { return apply_rlimits(table_.data(), table_.size()); }

  void after_exit(RunEvidence& evidence, Observation& /*observation*/) override {
    add_rlimit_evidence(limits_, options_, evidence);
  }

  // A fork lowers its own RLIMIT_CPU to the test's (fork_server.h); the rest is the server's.
  void end_fork(const Limits& limits, RunEvidence& evidence,
                Observation& /*observation*/) override {
    add_rlimit_evidence(limits, options_, evidence);
  }

 private:
  Limits limits_;
  RlimitOptions options_;
  std::array<ResourceLimit, 6> table_{};
};

}  // namespace

std::array<ResourceLimit, 6> rlimit_table(const Limits& limits, const RlimitOptions& options) {
  return {{
      {RLIMIT_CPU, static_cast<rlim_t>(cpu_backstop_seconds(limits))},
      {RLIMIT_AS,
       options.limit_address_space ? static_cast<rlim_t>(limits.memory_bytes) : RLIM_INFINITY},
      {RLIMIT_NOFILE, static_cast<rlim_t>(limits.max_open_files)},
      {RLIMIT_CORE, 0},
      {RLIMIT_FSIZE, static_cast<rlim_t>(options.file_size_bytes)},
      {RLIMIT_NPROC, !options.limit_processes ? RLIM_INFINITY
                     : options.processes_backstop_only
                         ? static_cast<rlim_t>(16 * limits.max_processes + 256)
                         : static_cast<rlim_t>(limits.max_processes)},
  }};
}

double cpu_backstop_seconds(const Limits& limits) { return std::ceil(limits.cpu_seconds) + 1.0; }

int apply_rlimits(const ResourceLimit* table, std::size_t count) noexcept {
  for (std::size_t i = 0; i < count; ++i) {
    if (table[i].value == RLIM_INFINITY) continue;  // not limited here: leave as inherited
    const struct rlimit value = {table[i].value, table[i].value};
    if (::setrlimit(table[i].resource, &value) != 0) return errno;
  }
  return 0;
}

void add_rlimit_evidence(const Limits& limits, const RlimitOptions& options,
                         RunEvidence& evidence) {
  if (evidence.killed_by_supervisor || !evidence.wait_status) return;
  const int status = *evidence.wait_status;
  const bool signaled = WIFSIGNALED(status);
  const int signal_number = signaled ? WTERMSIG(status) : 0;
  const double backstop = cpu_backstop_seconds(limits);

  if (signal_number == SIGXCPU ||
      (signal_number == SIGKILL && evidence.main_cpu_seconds >= backstop - kBackstopSlackSeconds)) {
    evidence.cpu_time_limit = fmt::format(
        "killed by the RLIMIT_CPU backstop ({}) after {:.2f} s CPU (limit {:g} s, backstop "
        "{:g} s)",
        describe_signal(signal_number), evidence.main_cpu_seconds, limits.cpu_seconds, backstop);
    return;
  }

  const bool failed = signaled || (WIFEXITED(status) && WEXITSTATUS(status) != 0);
  if (!failed || !options.infer_memory_from_stderr) return;
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
        marker, describe_wait_status(status), describe_bytes(limits.memory_bytes));
    return;
  }
}

void check_rlimit_limits(const Limits& limits) {
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
}

std::unique_ptr<SandboxSession> RlimitLayer::prepare(const LaunchContext& context) {
  check_rlimit_limits(context.invocation.limits);
  return std::make_unique<RlimitSession>(context.invocation.limits, options_);
}

}  // namespace sg
