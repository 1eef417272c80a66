// Errors at the keys of a spec's `domains:` section, shared by every domain reader (graphs,
// mazes, games): each names the file, line and column of the key that is wrong.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/assignment.h"

namespace sg {

/// Throws SpecError at a key of a domain section (JSON pointer such as "/edges/2"), or at the
/// section itself when the key has no recorded location.
[[noreturn]] void fail_at(const SpecSection& section, const std::string& pointer,
                          const std::string& message);

/// Throws SpecError at the first key of `section` outside `allowed` (with a did-you-mean);
/// `what` names the section in the message ("the graph domain 'romania'").
void only_keys(const SpecSection& section, const std::string& what,
               const std::vector<std::string>& allowed);

/// A name as YAML gave it (a graph's node, a game's state or action): a string, or a whole
/// number written as text; nullopt for anything else.
std::optional<std::string> name_in_spec(const nlohmann::json& value);

}  // namespace sg
