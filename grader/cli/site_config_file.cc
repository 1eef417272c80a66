#include "cli/site_config_file.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/assignment.h"
#include "runner/resource_names.h"
#include "spec/yaml_file.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

class SiteReader : public YamlProblems {
 public:
  using YamlProblems::YamlProblems;

  // A mapping whose keys must be among `known`.
  bool mapping(const YAML::Node& node, const std::string& what,
               const std::set<std::string>& known) {
    if (!node.IsMap()) {
      problem(node, fmt::format("expected {} to be a mapping", what));
      return false;
    }
    for (const auto& item : node) {
      const std::string key = item.first.Scalar();
      if (!known.count(key)) {
        std::string list;
        for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
        problem(item.first,
                fmt::format("unknown key '{}' in {} (expected one of: {})", key, what, list));
      }
    }
    return true;
  }

  std::optional<std::uint64_t> unsigned_number(const YAML::Node& node, const std::string& what,
                                               std::uint64_t low, std::uint64_t high) {
    std::uint64_t value = 0;
    if (!node.IsScalar() || !YAML::convert<std::uint64_t>::decode(node, value) ||
        node.Scalar().find_first_not_of("0123456789") != std::string::npos) {
      problem(node, fmt::format("expected {} to be a whole number", what));
      return std::nullopt;
    }
    if (value < low || value > high) {
      problem(node, fmt::format("expected {} between {} and {}, got {}", what, low, high, value));
      return std::nullopt;
    }
    return value;
  }

  std::optional<bool> boolean(const YAML::Node& node, const std::string& what) {
    bool value = false;
    if (!node.IsScalar() || !YAML::convert<bool>::decode(node, value)) {
      problem(node, fmt::format("expected {} to be true or false", what));
      return std::nullopt;
    }
    return value;
  }

  std::optional<std::string> text(const YAML::Node& node, const std::string& what) {
    if (!node.IsScalar()) {
      problem(node, fmt::format("expected {} to be a string", what));
      return std::nullopt;
    }
    return node.Scalar();
  }
};

}  // namespace

SiteConfig read_site_config(const fs::path& path) {
  const std::string file = path.string();
  const YAML::Node root = load_yaml_file(path, "the site configuration");
  SiteConfig config;
  config.source = file;
  if (root.IsNull()) return config;  // an empty file: the defaults
  SiteReader reader(file);
  if (reader.mapping(root, "the site configuration",
                     {"box_uids", "cgroup", "instance", "isolation"})) {
    if (const YAML::Node instance = root["instance"]) {
      if (auto name = reader.text(instance, "instance")) {
        if (valid_instance_name(*name)) {
          config.instance = *name;
        } else {
          reader.problem(instance, fmt::format("expected instance to be 1 to 32 letters, digits "
                                               "or '_' (it goes into cgroup and folder names), "
                                               "got '{}'",
                                               *name));
        }
      }
    }
    if (const YAML::Node uids = root["box_uids"];
        uids && reader.mapping(uids, "box_uids", {"first", "slots"})) {
      if (uids["first"]) {
        if (auto first = reader.unsigned_number(uids["first"], "box_uids.first", 1000,
                                                std::numeric_limits<std::int32_t>::max())) {
          config.first_box_uid = static_cast<uid_t>(*first);
        }
      }
      if (uids["slots"]) {
        if (auto slots = reader.unsigned_number(uids["slots"], "box_uids.slots", 1, 4096))
          config.box_slots = static_cast<std::size_t>(*slots);
      }
    }
    if (const YAML::Node cgroup = root["cgroup"];
        cgroup &&
        reader.mapping(cgroup, "cgroup", {"parent", "favordynmods", "favordynmods_mount"})) {
      if (cgroup["parent"]) {
        if (auto parent = reader.text(cgroup["parent"], "cgroup.parent")) {
          if (!parent->empty() &&
              (parent->front() != '/' || parent->find("..") != std::string::npos)) {
            reader.problem(cgroup["parent"],
                           "expected cgroup.parent to be a cgroup path starting with '/' "
                           "(e.g. /searchgrader), without '..'");
          } else {
            config.cgroup_parent = *parent;
          }
        }
      }
      if (cgroup["favordynmods"]) {
        if (auto on = reader.boolean(cgroup["favordynmods"], "cgroup.favordynmods"))
          config.cgroup_favordynmods = *on;
      }
      if (cgroup["favordynmods_mount"]) {
        if (auto mount = reader.text(cgroup["favordynmods_mount"], "cgroup.favordynmods_mount")) {
          if (mount->empty() || mount->front() != '/') {
            reader.problem(cgroup["favordynmods_mount"],
                           "expected cgroup.favordynmods_mount to be an absolute path");
          } else {
            config.favordynmods_mount = *mount;
          }
        }
      }
    }
    if (const YAML::Node isolation = root["isolation"];
        isolation && reader.mapping(isolation, "isolation", {"allowed_tiers"})) {
      if (const YAML::Node tiers = isolation["allowed_tiers"]) {
        if (!tiers.IsSequence() || tiers.size() == 0) {
          reader.problem(tiers,
                         "expected isolation.allowed_tiers to be a non-empty list of "
                         "full, degraded, minimal");
        } else {
          config.allow_full = config.allow_degraded = config.allow_minimal = false;
          for (const YAML::Node& tier : tiers) {
            const std::string name = tier.IsScalar() ? tier.Scalar() : "";
            if (name == "full") {
              config.allow_full = true;
            } else if (name == "degraded") {
              config.allow_degraded = true;
            } else if (name == "minimal") {
              config.allow_minimal = true;
            } else {
              reader.problem(tier, fmt::format("unknown isolation tier '{}' (expected full, "
                                               "degraded or minimal)",
                                               name));
            }
          }
        }
      }
    }
  }
  if (!reader.errors().empty()) throw SpecErrors(std::move(reader.errors()));
  return config;
}

std::optional<SiteConfig> find_site_config(const std::optional<fs::path>& explicit_path) {
  if (explicit_path) return read_site_config(*explicit_path);
  std::error_code error;
  if (fs::exists(kDefaultSiteConfigPath, error)) return read_site_config(kDefaultSiteConfigPath);
  return std::nullopt;
}

}  // namespace sg
