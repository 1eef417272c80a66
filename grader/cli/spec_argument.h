// The spec named on a command line, loaded the one way every grading command does: validated
// by the kinds, and when it is not usable, its problems printed and exit 2.
#pragma once

#include <optional>
#include <string>

#include "kinds/kind_registry.h"
#include "model/assignment.h"

namespace sg {

/// Loads and validates the spec at `path` (KindRegistry::load_valid_spec). On a SpecError
/// (every problem, each with file:line:col) prints it with error_line and returns nullopt: the
/// command then exits kExitUsage.
std::optional<Assignment> load_spec_argument(const KindRegistry& kinds, const std::string& path);

}  // namespace sg
