// Killing what a forked test left (fork_server.h): every process of a run but the fork server
// and the run's own supervisor, from a list the caller gathered (a cgroup's members, a box uid's
// processes, a process group).
#pragma once

#include <sys/types.h>

#include <initializer_list>
#include <vector>

namespace sg {

/// SIGKILLs every process in `processes` but those in `keep`. Returns true when there was none
/// to kill (callers gather again and repeat until it does). Never throws.
bool kill_all_but(const std::vector<pid_t>& processes, std::initializer_list<pid_t> keep) noexcept;

}  // namespace sg
