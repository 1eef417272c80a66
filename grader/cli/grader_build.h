// The grader's build identity: its version and a hash of what it runs (its own executable and the
// drivers it copies into the sandbox). A batch's "already up to date" test compares it, so a
// rebuilt grader with changed code regrades the class even when the version number is unchanged.
#pragma once

#include <filesystem>
#include <string>

namespace sg {

/// "0.1.0+3f2a9c1be047": SG_VERSION, then the first 12 hex digits of the SHA-256 of the running
/// executable's bytes and of every regular file in `driver_dir` (by name). A file that cannot be
/// read contributes its name only; the version alone is returned if the executable cannot be.
std::string grader_build_version(const std::filesystem::path& driver_dir);

}  // namespace sg
