// Whether a program the sandbox runs is on this machine, for the languages' tool checks.
#pragma once

#include <string>

namespace sg {

/// True when `program` is an executable path, or a name found on the runner's PATH
/// (/usr/local/bin:/usr/bin:/bin).
bool runnable(const std::string& program);

}  // namespace sg
