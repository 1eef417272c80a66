// RlimitLayer: per-process resource limits (setrlimit in the child, hard == soft so the student
// cannot raise them). In this tier they are the only memory control (RLIMIT_AS: address space,
// not resident memory) and a CPU backstop behind the supervisor's group-wide CPU accounting.
#pragma once

#include <sys/resource.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "runner/sandbox_layer.h"

namespace sg {

/// Settings of the rlimit layer that do not come from the invocation's Limits.
struct RlimitOptions {
  /// RLIMIT_FSIZE: largest file the student may write (bytes). Pipes are not covered.
  std::uint64_t file_size_bytes = 64ull << 20;
  /// RLIMIT_AS = Limits::memory_bytes. Off in cgroup tiers, where the cgroup limits resident
  /// memory and a large virtual reservation must not fail.
  bool limit_address_space = true;
  /// Infer memory_limit from a dying process's stderr (see below). Off in cgroup tiers, where
  /// only the cgroup's OOM counter decides.
  bool infer_memory_from_stderr = true;
  /// RLIMIT_NPROC = Limits::max_processes. Only meaningful for a dedicated non-root uid (the box
  /// tiers): the kernel counts every process of the real uid and ignores the limit for root.
  bool limit_processes = false;
  /// With a cgroup whose pids.max limits the run's tree, RLIMIT_NPROC is only a backstop, set
  /// to 16 x max_processes + 256: the uid's count also holds a fork session's server and the
  /// zombies of the uid's last runs (a box killed at a limit leaves its dying processes to the
  /// host's pid 1, which may take seconds to reap them), and a fork refused by it leaves no
  /// trace in the cgroup's pids.events, where the supervisor looks.
  bool processes_backstop_only = false;
};

/// One resource limit, set with hard == soft.
struct ResourceLimit {
  int resource = 0;
  rlim_t value = RLIM_INFINITY;  ///< RLIM_INFINITY: not set (left as inherited).
};

/// The limits the layer sets for `limits` under `options`, in setting order (see the layer).
std::array<ResourceLimit, 6> rlimit_table(const Limits& limits, const RlimitOptions& options);

/// RLIMIT_CPU for `limits`: ceil(cpu_seconds) + 1 s.
double cpu_backstop_seconds(const Limits& limits);

/// Child side (async-signal-safe): sets every limit of `table` but the RLIM_INFINITY ones.
/// Returns 0 or the errno of the first that failed.
int apply_rlimits(const ResourceLimit* table, std::size_t count) noexcept;

/// The evidence the layer adds after a run (see the layer's after_exit below).
void add_rlimit_evidence(const Limits& limits, const RlimitOptions& options, RunEvidence& evidence);

/// Throws std::invalid_argument for limits the layer cannot apply (see prepare() below).
void check_rlimit_limits(const Limits& limits);

/// Layer "rlimits". In the child (hard == soft for each):
/// - RLIMIT_CPU = ceil(cpu_seconds) + 1 s, a per-process backstop (the kernel sends SIGKILL at
///   the limit when hard == soft; the supervisor normally kills first at cpu_seconds);
/// - RLIMIT_AS = memory_bytes (unless !limit_address_space; then unlimited), RLIMIT_NPROC =
///   max_processes when limit_processes; RLIMIT_NOFILE = max_open_files; RLIMIT_CORE = 0;
///   RLIMIT_FSIZE = RlimitOptions::file_size_bytes.
/// after_exit() adds evidence:
/// - cpu_time_limit when the main process died of SIGXCPU, or of a SIGKILL the supervisor did not
///   send after using (nearly) the whole RLIMIT_CPU;
/// - memory_limit when the process ended on its own with a non-zero exit code or a signal and its
///   stderr ends with `MemoryError`, `std::bad_alloc` or `Cannot allocate memory` (how failed
///   allocations under RLIMIT_AS look), with the detail "inferred from ... (rlimit tier)"; only
///   when infer_memory_from_stderr.
/// prepare() throws std::invalid_argument for memory_bytes == 0 or max_open_files <= 0.
/// max_processes is not enforced here (RLIMIT_NPROC counts per real uid and is ignored for root).
class RlimitLayer final : public SandboxLayer {
 public:
  explicit RlimitLayer(RlimitOptions options = {}) : options_(options) {}
  std::string name() const override { return "rlimits"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override;

 private:
  RlimitOptions options_;
};

}  // namespace sg
