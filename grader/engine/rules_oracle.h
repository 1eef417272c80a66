// The rules of a course's world asked in a sandboxed Python process: the Python driver imports
// the rules file, builds the world (`world:` with its `args:`) and explores it breadth-first
// (docs/driver-protocol.md, `explore` with `api: aima`), in one run under the rules' own limits.
// The course's code is trusted, but a bug in it is a spec error naming the file's line and the
// state, never a hang and never a student's zero.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "domains/rules_world.h"
#include "runner/runner.h"

namespace sg {

/// A RulesOracle that runs each query as one process of `runner` (the process-group and
/// rlimit sandbox when null), with `python` and the driver in `driver_dir`.
std::shared_ptr<const RulesOracle> make_sandbox_rules_oracle(std::string python,
                                                             std::filesystem::path driver_dir,
                                                             std::shared_ptr<Runner> runner = {});

}  // namespace sg
