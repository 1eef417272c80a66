#include "cli/isolation_choice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <utility>
#include <vector>

#include "runner/cgroup.h"
#include "runner/leftovers.h"
#include "runner/site_config.h"

namespace sg {

void add_isolation_option(CLI::App& command, std::string& requested) {
  command
      .add_option("--isolation", requested,
                  "Sandbox tier: full (namespaces, box uid, cgroup, seccomp), degraded (no "
                  "namespaces, as in Docker), minimal (process group + rlimits). Default: the "
                  "best this host offers (docs/sandbox.md)")
      ->check(CLI::IsMember({"full", "degraded", "minimal"}));
}

IsolationTier choose_isolation_tier(const std::string& requested, const Assignment& assignment) {
  const IsolationProbe& probe = probe_isolation();
  const IsolationTier tier =
      requested.empty() ? probe.best : *isolation_tier_from_string(requested);
  if (assignment.minimum_isolation_tier.empty() ||
      tier >= *isolation_tier_from_string(assignment.minimum_isolation_tier))
    return tier;
  std::string why;
  for (const auto& note : probe.notes) why += fmt::format("\n  - {}", note);
  throw TierRefused(fmt::format(
      "the spec requires the {} isolation tier or stronger (isolation.minimum_tier), but this "
      "run would use the {} tier (best available here: {}){}",
      assignment.minimum_isolation_tier, to_string(tier), to_string(probe.best), why));
}

namespace {

void sweep_leftovers_once(const std::filesystem::path& scratch_root) {
  static bool swept = false;
  if (swept) return;
  swept = true;
  std::vector<std::filesystem::path> roots = {"/tmp"};
  if (const char* tmpdir = std::getenv("TMPDIR"); tmpdir != nullptr && *tmpdir != '\0')
    roots.emplace_back(tmpdir);
  if (!scratch_root.empty()) roots.push_back(scratch_root);
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  const CgroupSupport cgroups = detect_cgroups(site_config().cgroup_parent);
  const LeftoverSweep sweep = sweep_leftovers(cgroups.parents, roots, true);
  if (!sweep.empty()) fmt::print(stderr, "searchgrader: {}\n", sweep.summary());
}

}  // namespace

std::unique_ptr<Runner> make_grading_runner(IsolationTier tier, ProcessRunnerOptions options) {
  sweep_leftovers_once(options.scratch_root);
  options.reuse_boxes = true;
  return make_sandbox_runner(tier, std::move(options));
}

}  // namespace sg
