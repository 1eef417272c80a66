// ProcessGroupLayer: puts the student process in a new session and process group (setsid) so the
// whole group can be accounted and killed at once, and ties the child's life to the runner thread
// (PR_SET_PDEATHSIG). The weakest tree boundary: a process that calls setsid()/setpgid() itself
// leaves the group (and its CPU and kill); pid namespaces and cgroups close that gap later.
#pragma once

#include <memory>
#include <string>

#include "runner/sandbox_layer.h"

namespace sg {

/// Layer "process-group". Per run:
/// - child: setsid() (new session and process group, no controlling terminal), then
///   PR_SET_PDEATHSIG = SIGKILL (the child dies if the forking runner thread goes away);
/// - sample(): CPU of the group = sum of utime+stime+cutime+cstime over /proc entries whose pgrp
///   is the child's pgid; peak = the largest member resident set seen;
/// - kill_all(): kill(-pgid, SIGKILL); stopped (SIGSTOP) members die too.
class ProcessGroupLayer final : public SandboxLayer {
 public:
  std::string name() const override { return "process-group"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override;
};

}  // namespace sg
