// Spec loading: YAML file → Assignment. Checks everything that does not depend on a test kind
// (structure, types, rubric, references between tests and criteria); kind-specific inputs are
// checked afterwards by the kinds themselves (see kinds/kind_registry.h).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "model/assignment.h"

namespace sg {

/// Reads and validates the spec at `path`.
/// Throws SpecError naming file:line:col and what was expected, for unreadable files, invalid
/// YAML, unknown or misspelt keys, wrong types, duplicate ids and dangling criterion references.
Assignment load_spec(const std::filesystem::path& path);

/// Same, from text; `file_name` is used in error locations. Used by tests and `validate`.
Assignment load_spec_from_string(std::string_view yaml_text, const std::string& file_name);

}  // namespace sg
