// Cgroup: one per-run control group for whole-tree memory, process-count and CPU accounting,
// behind one interface for cgroup v1 (a directory per controller, as on this host) and v2 (one
// unified directory). Created under the grader's own cgroup, removed after the run.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sg {

/// Which cgroup hierarchy this host offers for per-run groups.
struct CgroupSupport {
  int version = 0;  ///< 1, 2, or 0 (none usable).
  /// v1: the grader's own cgroup directory in the memory, pids and cpuacct hierarchies
  /// (in that order); v2: one entry, the parent under which run groups are created.
  std::vector<std::filesystem::path> parents;
  std::string problem;  ///< Why none is usable (version 0).
};

/// Finds the hierarchies from /proc/self/mountinfo and /proc/self/cgroup. Run groups go under
/// `parent` (a cgroup path such as "/searchgrader", created in each hierarchy when missing: the
/// site configuration's cgroup_parent) or, when it is empty, under the grader's own cgroup.
/// Creates nothing else (v2: see Cgroup::create for the no-internal-process rule). Never throws.
CgroupSupport detect_cgroups(const std::string& parent = {});

/// Whether moving a process into a cgroup is cheap on this host, and making it so on cgroup v1:
/// the kernel's cgroup_threadgroup_rwsem costs an RCU grace period (~3-10 ms) per move and
/// hierarchy unless some cgroup hierarchy is mounted with `favordynmods` (Linux 6.0+). When none
/// is and `enable` is true, mounts a controller-less v1 hierarchy "name=searchgrader" with that
/// option at `mount_point` (created if missing). Returns what is in effect, for the probe's
/// notes: "" when moves are cheap, else why not. Needs root to mount. Never throws.
std::string ensure_cheap_cgroup_moves(bool enable, const std::filesystem::path& mount_point);

/// Limits written into a new group.
struct CgroupLimits {
  std::uint64_t memory_bytes = 0;  ///< memory.limit_in_bytes / memory.max (swap: none)
  int max_processes = 0;           ///< pids.max (processes + threads); <= 0: unlimited
};

/// A live per-run cgroup. Not thread-safe; one per run.
class Cgroup {
 public:
  /// Creates `<parent>/<name>` in each hierarchy and writes the limits. Throws
  /// std::runtime_error naming the file and the system error.
  static std::unique_ptr<Cgroup> create(const CgroupSupport& support, const std::string& name,
                                        const CgroupLimits& limits);
  /// Kills what is left and removes the directories (errors ignored; see remove()).
  ~Cgroup();
  Cgroup(const Cgroup&) = delete;
  Cgroup& operator=(const Cgroup&) = delete;

  /// Writes the limits (memory without swap, pids.max), e.g. again before each run of a box.
  /// Throws std::runtime_error naming the file and the system error.
  void set_limits(const CgroupLimits& limits) const;
  /// Starts a new peak: peak_memory_bytes() then reports from now on. False where the kernel
  /// cannot (cgroup v2: memory.peak resets only per descriptor).
  bool reset_peak_memory() const;
  /// Moves process `pid` (and its future children) into the group. Throws on failure.
  void add(pid_t pid) const;
  /// User + system CPU seconds of every process that ever ran in the group; nullopt if unreadable.
  std::optional<double> cpu_seconds() const;
  /// Current memory charge (bytes); 0 if unreadable.
  std::uint64_t memory_usage_bytes() const;
  /// Peak memory charge (bytes): memory.max_usage_in_bytes (v1) or memory.peak (v2); 0 if the
  /// kernel does not track it.
  std::uint64_t peak_memory_bytes() const;
  /// Processes the kernel's OOM killer killed in the group (v1 memory.oom_control oom_kill,
  /// v2 memory.events oom_kill).
  std::uint64_t oom_kills() const;
  /// How often a fork was refused because of pids.max (pids.events max).
  std::uint64_t pids_limit_hits() const;
  /// Processes in the group now.
  std::vector<pid_t> processes() const;
  /// SIGKILLs every process in the group (v2: cgroup.kill when available). Never throws.
  void kill_all() const noexcept;
  /// Kills, waits up to ~2 s for the group to empty, removes the directories. Returns "" or what
  /// failed. Idempotent.
  std::string remove() noexcept;

  int version() const { return version_; }
  /// The directories, for tests.
  const std::vector<std::filesystem::path>& directories() const { return dirs_; }

 private:
  Cgroup() = default;
  const std::filesystem::path& memory_dir() const { return dirs_[0]; }
  const std::filesystem::path& pids_dir() const { return dirs_[version_ == 1 ? 1 : 0]; }
  const std::filesystem::path& cpu_dir() const { return dirs_[version_ == 1 ? 2 : 0]; }

  int version_ = 0;
  std::vector<std::filesystem::path> dirs_;  ///< v1: memory, pids, cpuacct; v2: one
  bool removed_ = false;
};

}  // namespace sg
