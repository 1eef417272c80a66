// proc_stat: reading /proc/<pid>/stat, the kernel's per-process accounting, to measure CPU time and
// resident memory of a process group while it runs (the rlimit tier has no cgroup to ask).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace sg {

/// The fields of /proc/<pid>/stat the runner uses.
struct ProcStat {
  pid_t pid = 0;
  char state = '?';  ///< R, S, D, Z, T, ...
  pid_t ppid = 0;
  pid_t pgrp = 0;                     ///< Process group id.
  pid_t session = 0;                  ///< Session id.
  double cpu_seconds = 0.0;           ///< utime + stime of the process (all its threads).
  double children_cpu_seconds = 0.0;  ///< cutime + cstime: children it has waited for.
  std::uint64_t rss_bytes = 0;        ///< Current resident set.
  int threads = 1;                    ///< num_threads.
};

/// Reads /proc/<pid>/stat. nullopt if the process is gone or the file cannot be parsed. Does not
/// allocate.
std::optional<ProcStat> read_proc_stat(pid_t pid);

/// Accounting of one process group, summed over /proc.
struct GroupUsage {
  /// utime + stime + cutime + cstime of every live (or zombie) process whose pgrp is the group:
  /// each CPU second of a process that was reaped by a member is counted once, in its reaper.
  double cpu_seconds = 0.0;
  std::uint64_t max_rss_bytes = 0;  ///< Largest current resident set of a member.
  int processes = 0;                ///< Members seen.
  int tasks = 0;                    ///< Their threads, in all (RLIMIT_NPROC counts these).
};

/// Scans /proc for the members of process group `pgid`. Cost: one small read per process on the
/// host.
GroupUsage sample_process_group(pid_t pgid);

/// Scans /proc for the processes whose real, effective or saved uid is `uid` (from
/// /proc/<pid>/status, which stays accurate for non-dumpable processes). Zombies are not counted in
/// `processes` (they hold no resources and cannot be killed); their CPU still is.
GroupUsage sample_processes_of_uid(uid_t uid);

/// The live (not zombie) members of process group `pgid`, by a /proc scan.
std::vector<pid_t> live_group_members(pid_t pgid);

/// The live (not zombie) processes whose real, effective or saved uid is `uid`, by a /proc scan.
std::vector<pid_t> live_processes_of_uid(uid_t uid);

}  // namespace sg
