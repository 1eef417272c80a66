// What a domain's `file:` holds, by the domain's type: the text of one key (a maze's `map`, a
// Pacman layout's `layout`), or YAML keys merged under the domain's own (a graph file). The spec
// loader reads files this way, and the student copy of a spec writes them in the same way.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// The key a `file:` of a domain of `type` becomes ("map" for grid, "layout" for pacman and
/// pacman_problem, "source" for a rules file), or nullopt where the file holds YAML keys.
std::optional<std::string> domain_file_text_key(std::string_view type);

}  // namespace sg
