// Reads a judge host's site configuration (/etc/searchgrader.yaml, or the file --site names)
// into a SiteConfig. The format, with the built-in defaults:
//
//   box_uids: {first: 1879048192, slots: 32}
//   cgroup: {parent: "", favordynmods: true, favordynmods_mount:
//   /run/searchgrader/cgroup-favordynmods} isolation: {allowed_tiers: [full, degraded, minimal]}
//
// Every key is optional; an unknown key is an error (a typo must not silently keep a default).
// See docs/site-config.md.
#pragma once

#include <filesystem>
#include <optional>

#include "runner/site_config.h"

namespace sg {

/// Where the grader looks when no --site is given.
inline constexpr const char* kDefaultSiteConfigPath = "/etc/searchgrader.yaml";

/// Parses `path`. Throws SpecErrors (model/assignment.h) listing every problem with
/// file:line:col and what was expected; SpecError when the file cannot be read or is not YAML.
SiteConfig read_site_config(const std::filesystem::path& path);

/// The configuration to install: `explicit_path` when given (it must exist), else
/// kDefaultSiteConfigPath when that file exists, else nullopt (the built-in defaults).
/// Throws like read_site_config().
std::optional<SiteConfig> find_site_config(
    const std::optional<std::filesystem::path>& explicit_path);

}  // namespace sg
