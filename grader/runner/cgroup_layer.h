// CgroupLayer: each run in a fresh cgroup (v1 or v2), so memory, process count and CPU are
// limited and measured for the whole process tree, and the memory-limit verdict comes from the
// kernel's OOM counter rather than from guessing at the student's stderr.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>

#include "runner/cgroup.h"
#include "runner/sandbox_layer.h"

namespace sg {

/// A group's counters at the end of a run (or their growth over the run, for a box's group that
/// outlives it).
struct CgroupReading {
  std::optional<double> cpu_seconds;    ///< User + system CPU of the run's processes.
  std::uint64_t peak_memory_bytes = 0;  ///< 0: not tracked.
  std::uint64_t oom_kills = 0;
  std::uint64_t pids_limit_hits = 0;
};

/// What after_exit() below makes of a reading: CPU and peak memory into `observation`, evidence
/// memory_limit for OOM kills, a note for forks refused at pids.max.
void add_cgroup_evidence(const CgroupReading& reading, const Limits& limits, RunEvidence& evidence,
                         Observation& observation);

/// A forked test's accounting in a group that the fork server shares (fork_server.h): the test's
/// limits on top of what the group holds when the test starts, and its evidence as the growth of
/// the group's counters. Used by the cgroup layer and by a kept box.
class CgroupForkAccounting {
 public:
  /// Before the fork: memory = the charge now + limits.memory_bytes, pids.max = the processes now
  /// + limits.max_processes, the peak reset (where the kernel can), the counters noted. Throws
  /// std::runtime_error when a limit cannot be written.
  void begin(const Cgroup& group, const Limits& limits);
  /// After the test: the peak above the charge at begin(), OOM kills and refused forks since
  /// begin(), as add_cgroup_evidence() reports them.
  void end(const Cgroup& group, const Limits& limits, RunEvidence& evidence,
           Observation& observation) const;

 private:
  std::uint64_t base_memory_ = 0;
  bool peak_reset_ = false;
  std::uint64_t oom_before_ = 0;
  std::uint64_t refused_before_ = 0;
};

/// SIGKILLs every process in `group` but those in `keep`; true when there was none to kill.
bool kill_members_except(const Cgroup& group, std::initializer_list<pid_t> keep) noexcept;

/// Layer "cgroup-v1" / "cgroup-v2". Per run: a group `sg-<pid>-<n>` under the grader's own
/// cgroup with memory = Limits::memory_bytes (no swap) and pids.max = Limits::max_processes; the
/// main process joins it in after_spawn (before it runs anything). sample(): the group's CPU
/// (cpuacct.usage / cpu.stat usage_usec) and memory charge. kill_all(): SIGKILL every member.
/// after_exit(): cpu_seconds and peak_memory_bytes from the group (peak: memory.max_usage_in_bytes
/// / memory.peak), evidence memory_limit when the group's OOM killer fired ("the cgroup's OOM
/// killer ended N process(es) ..."), a note when a fork hit pids.max. The group is removed when
/// the session ends. prepare() throws when the group cannot be created. For a forked test
/// (fork_server.h): begin_fork() sets memory = the charge now + the test's memory and pids.max =
/// the processes now + the test's, and resets the peak; kill_all_except() kills every member but
/// the server and the main process; end_fork() adds the OOM kills, refused forks and the peak
/// above the charge at begin_fork() as after_exit() does.
class CgroupLayer final : public SandboxLayer {
 public:
  explicit CgroupLayer(CgroupSupport support) : support_(std::move(support)) {}
  std::string name() const override { return support_.version == 2 ? "cgroup-v2" : "cgroup-v1"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override;

 private:
  CgroupSupport support_;
};

}  // namespace sg
