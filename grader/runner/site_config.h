// SiteConfig: what a judge host's administrator decides about the sandbox, not a spec: which box
// uids and how many slots, where run cgroups are created, which isolation tiers may be used, and
// whether to make cgroup moves cheap. Read once at start-up (cli/site_config_file.h reads
// /etc/searchgrader.yaml or --site FILE; docs/site-config.md) and installed before the isolation
// probe runs; every part of the runner reads it through site_config().
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>

namespace sg {

/// First box uid of the built-in configuration: 0x70000000, in the range systemd documents as
/// unused (UIDS-GIDS.md), clear of isolate's 60000-60999 and systemd's dynamic users
/// 61184-65519, which a judge host may also run.
inline constexpr uid_t kDefaultFirstBoxUid = 1879048192;

/// Host-wide sandbox settings. Defaults are the built-in configuration.
struct SiteConfig {
  /// Slot i runs as uid = gid = first_box_uid + i. Never 0; the range must not hold real users.
  uid_t first_box_uid = kDefaultFirstBoxUid;
  /// Number of slots: the most sandboxed runs at once on this host (all graders together).
  std::size_t box_slots = 32;
  /// Where run cgroups are created, as a path inside each cgroup hierarchy ("/searchgrader");
  /// created when missing. Empty: under the grader's own cgroup.
  std::string cgroup_parent;
  /// Tiers the host allows (a tier not listed is never chosen nor granted on request).
  bool allow_full = true;
  bool allow_degraded = true;
  bool allow_minimal = true;
  /// On cgroup v1, mount a controller-less hierarchy with the `favordynmods` option at
  /// `favordynmods_mount` (once per boot), which turns the kernel's cgroup_threadgroup_rwsem
  /// into its cheap-to-write mode: moving a process into a cgroup then costs ~0.5 ms instead of
  /// ~10 ms (an RCU grace period per hierarchy), at a small cost on every fork and exit of the
  /// host. Ignored on cgroup v2 (there the kernel's CLONE_INTO_CGROUP is the cheap path).
  bool cgroup_favordynmods = true;
  std::string favordynmods_mount = "/run/searchgrader/cgroup-favordynmods";
  /// The site instance: graders of one instance name their cgroups and run folders after it
  /// (runner/resource_names.h) and sweep only what graders of the same instance left. Empty: the
  /// default instance. Two installations sharing a host (a staging grader beside the course's)
  /// keep out of each other's way when their instances and box uid ranges differ.
  std::string instance;
  /// Where the configuration came from, for doctor and error messages.
  std::string source = "built-in defaults";
};

/// The configuration in effect: the built-in one until install_site_config() is called.
const SiteConfig& site_config();

/// Installs `config` for the rest of the process. Call before anything sandboxes (the probe reads
/// it once). Throws std::logic_error when the probe already ran, std::invalid_argument when
/// first_box_uid is 0 or box_slots is 0 or the uid range wraps.
void install_site_config(SiteConfig config);

/// Called by the isolation probe: after it, install_site_config() refuses.
void freeze_site_config();

}  // namespace sg
