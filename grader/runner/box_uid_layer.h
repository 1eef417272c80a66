// BoxUidLayer: the student never runs as root. Each run leases a box uid of its own (uid_slots.h),
// its working directory is handed to that uid, the runner's main process becomes box-init
// (box_init.h) and the student's process, forked by it, drops to the box uid. Everything the
// student starts can then be found and killed by uid, also without namespaces.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "runner/box_init.h"
#include "runner/sandbox_layer.h"

namespace sg {

/// Settings of the box layer.
struct BoxUidOptions {
  /// The runner creates the main process in a new pid namespace (full tier): box-init is pid 1.
  /// Otherwise (degraded) box-init is a child subreaper and kills by uid.
  bool pid_namespace = false;
  /// Measure CPU and memory by scanning /proc for the box uid (when no cgroup does it).
  bool sample_usage = false;
};

/// Hands `root` and everything below it (never a symlink's target: lchown) to uid:gid `uid`.
/// Throws std::runtime_error naming the path.
void give_to_box_uid(const std::filesystem::path& root, uid_t uid);

/// Child side (async-signal-safe): drops every group and sets real/effective/saved gid and uid
/// to `uid` for good. Returns 0 or errno (EPERM if uid 0 remains).
int drop_to_box_uid(uid_t uid) noexcept;

/// The evidence box-init's report gives after a run: the student's wait status and CPU, and
/// security_violation when another process of the box died of SIGSYS. Without a report (box-init
/// died) and without a supervisor kill or runner error: supervisor_lost.
void add_box_init_evidence(const std::optional<BoxInitReport>& report, RunEvidence& evidence);

/// Layer "box-init+uid". prepare(): leases a uid (blocking while all slots are taken), kills any
/// process already running as it (the first time this process leases it), gives the working
/// directory tree to uid:gid and makes the run directory traversable (0711). child_setup(): starts
/// box-init (start_box_init) and, in the student's process, drops every group and sets
/// real/effective/saved gid and uid to the box uid (fails with EPERM if uid 0 remains). kill_all():
/// SIGKILL every process of the uid. after_exit(): takes the student's wait status and CPU from
/// box-init's report; evidence security_violation when another process of the box died of SIGSYS;
/// runner_error when box-init ended without a report and the supervisor did not kill it. The
/// session's end kills the uid's processes again and removes its leftovers (degraded tier; in the
/// full tier the pid, IPC and mount namespaces end with box-init) and frees the slot. Needs root.
class BoxUidLayer final : public SandboxLayer {
 public:
  explicit BoxUidLayer(BoxUidOptions options = {}) : options_(options) {}
  std::string name() const override { return "box-init+uid"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override;

 private:
  BoxUidOptions options_;
};

}  // namespace sg
