// How a grader names the host resources it creates (cgroups, run folders): after its pid, so a
// later grader can tell a killed grader's leftovers from a live one's, and after the site's
// instance (site_config().instance), so graders of one instance sweep only what their own
// instance left:
//   the default instance: "sg-<pid>-<n>", "sg-<pid>-box<n>", "sg-probe-<pid>",
//                         "sg-run-<pid>-<suffix>"
//   instance "staging":   "sg.staging-<pid>-<n>", ..., "sg.staging-run-<pid>-<suffix>"
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// Who created a resource: the site instance ("" for the default one) and the grader's pid.
struct ResourceOwner {
  std::string instance;
  pid_t pid = 0;
};

/// True when `instance` may name a site instance: 1 to 32 letters, digits or '_'.
bool valid_instance_name(std::string_view instance);

/// The prefix of every resource name of `instance`: "sg-" or "sg.<instance>-".
std::string resource_prefix(std::string_view instance);

/// Names for this grader's resources (its pid, site_config().instance): a run's cgroup
/// ("sg-<pid>-<n>"), a kept box's cgroup ("sg-<pid>-box<n>"), the isolation probe's cgroup
/// ("sg-probe-<pid>"), and a run folder's mkdtemp pattern ("sg-run-<pid>-XXXXXX").
std::string run_cgroup_name(unsigned counter);
std::string box_cgroup_name(unsigned counter);
std::string probe_cgroup_name();
std::string run_folder_pattern();

/// True for names of the runner's resources of any instance ("sg-" or "sg.").
bool is_resource_name(std::string_view name);

/// The owner a resource name carries, of any instance; nullopt for any other name (including
/// run folders of older versions, "sg-run-<suffix>").
std::optional<ResourceOwner> resource_owner(std::string_view name);

/// The grader pid a resource name of `instance` carries (site_config().instance unless given);
/// nullopt for another instance's names and any other name.
std::optional<pid_t> grader_pid_of(std::string_view name);
std::optional<pid_t> grader_pid_of(std::string_view name, std::string_view instance);

}  // namespace sg
