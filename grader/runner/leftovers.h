// What a grader leaves when it is killed (kill -9, an outer timeout, a crash): its box and run
// cgroups, its run folders with their tmpfs mounts, processes of box uids it leased. A grader
// names all of them after its pid and its site instance (runner/resource_names.h), so a later
// grader of the same instance can tell whose they are and remove those of graders that no longer
// run, and only those.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "runner/resource_names.h"

namespace sg {

/// True while a process with this pid exists (kill(pid, 0) succeeds or is refused).
bool process_exists(pid_t pid);

/// What sweep_leftovers() removed, and what it could not.
struct LeftoverSweep {
  std::set<pid_t> graders;            ///< Graders that no longer run whose leftovers were found.
  int cgroups = 0;                    ///< Cgroup directories removed (each hierarchy's counts).
  int run_folders = 0;                ///< Run folders removed.
  int mounts = 0;                     ///< Mounts detached on or below them.
  int box_uids = 0;                   ///< Box uids no grader leases whose processes were killed.
  std::vector<std::string> problems;  ///< What could not be removed, and why.

  bool empty() const {
    return cgroups == 0 && run_folders == 0 && box_uids == 0 && problems.empty();
  }
  /// One line for stderr, e.g. "removed what 1 grader that no longer runs left behind: 4 cgroups,
  /// 2 run folders (2 mounts)"; with the problems after it.
  std::string summary() const;
};

/// Whether the grader with this pid still runs (process_exists() for sweep_leftovers()).
using GraderRuns = std::function<bool(pid_t)>;

/// Removes the leftovers of graders that no longer run: cgroup directories named after a dead
/// grader directly under each of `cgroup_parents` or anywhere in the host's cgroup hierarchies
/// (from the mount table, 6 levels deep; their processes SIGKILLed first, nested groups removed
/// deepest first); run folders named after a dead grader that the mount table holds a
/// mount on or below, wherever they are (a batch's OUT/.scratch under any output folder), and
/// those directly under each of `scratch_roots` (every mount on or below them detached first,
/// deepest first); and, when `box_uids`, the processes of every box uid of the pool
/// (uid_slots.h) that no grader leases now.
/// Resources of live graders, of this process, of other site instances and of older versions'
/// unnamed run folders are never touched. Safe to run from several graders at once (what another
/// removed first is no problem). Needs root for cgroups, mounts and box uids; without it those are
/// skipped. Never throws. `runs` says which graders still run (process_exists() unless given):
/// tests name their leftovers after a live pid that their `runs` calls dead, so the sweep every
/// grader starting beside them runs leaves those alone and the counts are the test's own.
LeftoverSweep sweep_leftovers(const std::vector<std::filesystem::path>& cgroup_parents,
                              const std::vector<std::filesystem::path>& scratch_roots,
                              bool box_uids, const GraderRuns& runs = process_exists);

}  // namespace sg
