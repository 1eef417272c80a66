// Spec loading: YAML file → Assignment. Checks everything that does not depend on a test kind
// (structure, types, rubric, references between tests and criteria); kind-specific inputs are
// checked afterwards by the kinds themselves (see kinds/kind_registry.h).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "model/assignment.h"

namespace sg {

/// Reads and validates the spec at `path`.
/// Throws SpecErrors listing every problem found, each with file:line:col and what was expected:
/// a folder or unreadable file, invalid YAML, duplicate keys, unknown or misspelt keys, wrong
/// types, limits out of range, paths outside the submission, duplicate ids and dangling criterion
/// references. A broken section or test does not stop the reading of the next one.
Assignment load_spec(const std::filesystem::path& path);

/// Same, from text; `file_name` is used in error locations. Used by tests and `validate`.
Assignment load_spec_from_string(std::string_view yaml_text, const std::string& file_name);

/// Like load_spec(), but appends the problems to `errors` (in file order) instead of throwing,
/// and returns what could be read: broken tests and criteria are left out.
Assignment read_spec(const std::filesystem::path& path, std::vector<SpecError>& errors);

/// Like load_spec_from_string(), collecting problems as read_spec() does.
Assignment read_spec_from_string(std::string_view yaml_text, const std::string& file_name,
                                 std::vector<SpecError>& errors);

}  // namespace sg
