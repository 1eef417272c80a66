// Isolation tiers: which sandbox layers this host can give a student process, probed once at
// start-up, and the runner built for a tier. The tier in effect is recorded in every Observation
// and GradeReport; a spec may require a minimum tier (grading refuses below it).
//
//   full      new pid/mount/net/ipc/uts namespaces, box-init as pid 1, per-slot box uid,
//             private read-only root, cgroup limits (v1 or v2), seccomp filter
//   degraded  no namespaces (e.g. inside Docker, as on Gradescope): box uid, rlimits, seccomp,
//             child subreaper, kill as the box uid, cgroup where available
//   minimal   the walking skeleton's process group + rlimits (no root needed)
//
// See docs/sandbox.md for the threat model and what each tier guarantees.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runner/process_runner.h"
#include "runner/runner.h"

namespace sg {

/// Ordered weakest to strongest, so tiers compare with < and >=.
enum class IsolationTier { minimal, degraded, full };

/// "minimal", "degraded", "full".
std::string_view to_string(IsolationTier tier);
/// Inverse of to_string; nullopt for an unknown name.
std::optional<IsolationTier> isolation_tier_from_string(std::string_view name);

/// What the probe found on this host. Computed once (thread-safe), then cached.
struct IsolationProbe {
  /// Ascending; what the host can give and the site configuration allows (may be empty when
  /// the site allows no tier this host has).
  std::vector<IsolationTier> available;
  IsolationTier best = IsolationTier::minimal;
  std::string cgroup;              ///< "v2", "v1" or "none".
  std::vector<std::string> notes;  ///< Why a stronger tier or a layer is missing, for reports.
};

/// Probes namespaces, cgroups, seccomp and box uids once, under the site configuration
/// (site_config.h, frozen from then on); later calls return the cached result. On cgroup v1 it
/// also makes cgroup moves cheap when the site allows (ensure_cheap_cgroup_moves).
const IsolationProbe& probe_isolation();

/// The working directory's size in the degraded and full tiers (a tmpfs, where mounts are
/// allowed; see ProcessRunnerOptions::workdir_quota_bytes), unless `base` sets one.
inline constexpr std::uint64_t kBoxWorkdirQuotaBytes = 512ull << 20;

/// Builds a runner for `tier`. Throws std::runtime_error naming what is missing if the host
/// cannot provide that tier. `base` supplies scratch root, keep_workdir, etc.; its `layers` are
/// replaced by the tier's layers. The runner's isolation_tier() string starts with the tier name,
/// e.g. "full (namespaces+cgroup-v1+seccomp+uid)".
/// In the degraded and full tiers an empty scratch_root means /tmp (not $TMPDIR: the box uid must
/// be able to reach its working directory); in the degraded tier a scratch root whose ancestors
/// are not searchable by others is refused (std::runtime_error). The layers, in order:
///   minimal:  process-group, rlimits
///   degraded: [cgroup-v1|cgroup-v2], box-init+uid, rlimits, seccomp
///   full:     namespaces, [cgroup-v1|cgroup-v2], box-init+uid, rlimits, seccomp
/// (a cgroup layer only where the probe could create a cgroup; without one, RLIMIT_AS limits
/// memory and the probe's notes say so).
std::unique_ptr<Runner> make_sandbox_runner(IsolationTier tier, ProcessRunnerOptions base = {});

/// Whether the full tier can keep boxes between runs here (ProcessRunnerOptions::reuse_boxes):
/// "" when a box could be made (it is removed again), else why not (runs are then one-shot).
std::string box_reuse_problem();

/// The uids student processes run as (one per concurrent slot) in the degraded and full tiers;
/// empty in minimal. For post-condition checks ("no process of a box uid is left").
std::vector<uid_t> box_uids();

}  // namespace sg
