#include "runner/resource_names.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

#include "runner/site_config.h"

namespace sg {
namespace {

std::optional<pid_t> parse_pid(std::string_view digits) {
  pid_t pid = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
  if (error != std::errc() || end != digits.data() + digits.size() || pid <= 0) return std::nullopt;
  return pid;
}

bool all_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// The pid in a default-instance name with its "sg-" prefix removed: "run-<pid>-<suffix>",
// "probe-<pid>", "<pid>-box<n>" or "<pid>-<n>".
std::optional<pid_t> pid_after_prefix(std::string_view rest) {
  if (rest.starts_with("run-")) {
    rest.remove_prefix(4);
    const std::size_t dash = rest.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    return parse_pid(rest.substr(0, dash));
  }
  if (rest.starts_with("probe-")) return parse_pid(rest.substr(6));
  const std::size_t dash = rest.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  std::string_view counter = rest.substr(dash + 1);
  if (counter.starts_with("box")) counter.remove_prefix(3);
  if (!all_digits(counter)) return std::nullopt;
  return parse_pid(rest.substr(0, dash));
}

std::string own_prefix() { return resource_prefix(site_config().instance); }

}  // namespace

bool valid_instance_name(std::string_view instance) {
  return !instance.empty() && instance.size() <= 32 &&
         std::all_of(instance.begin(), instance.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_';
         });
}

std::string resource_prefix(std::string_view instance) {
  return instance.empty() ? std::string("sg-") : fmt::format("sg.{}-", instance);
}

std::string run_cgroup_name(unsigned counter) {
  return fmt::format("{}{}-{}", own_prefix(), ::getpid(), counter);
}

std::string box_cgroup_name(unsigned counter) {
  return fmt::format("{}{}-box{}", own_prefix(), ::getpid(), counter);
}

std::string probe_cgroup_name() { return fmt::format("{}probe-{}", own_prefix(), ::getpid()); }

std::string run_folder_pattern() {
  return fmt::format("{}run-{}-XXXXXX", own_prefix(), ::getpid());
}

bool is_resource_name(std::string_view name) {
  return name.starts_with("sg-") || name.starts_with("sg.");
}

std::optional<ResourceOwner> resource_owner(std::string_view name) {
  ResourceOwner owner;
  if (name.starts_with("sg-")) {
    name.remove_prefix(3);
  } else if (name.starts_with("sg.")) {
    name.remove_prefix(3);
    const std::size_t dash = name.find('-');
    if (dash == std::string_view::npos || !valid_instance_name(name.substr(0, dash)))
      return std::nullopt;
    owner.instance = std::string(name.substr(0, dash));
    name.remove_prefix(dash + 1);
  } else {
    return std::nullopt;
  }
  const std::optional<pid_t> pid = pid_after_prefix(name);
  if (!pid) return std::nullopt;
  owner.pid = *pid;
  return owner;
}

std::optional<pid_t> grader_pid_of(std::string_view name, std::string_view instance) {
  const std::optional<ResourceOwner> owner = resource_owner(name);
  if (!owner || owner->instance != instance) return std::nullopt;
  return owner->pid;
}

std::optional<pid_t> grader_pid_of(std::string_view name) {
  return grader_pid_of(name, site_config().instance);
}

}  // namespace sg
