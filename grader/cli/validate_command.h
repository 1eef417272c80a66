// `searchgrader validate SPEC...`: every problem of each spec, each at its file:line:col: its
// form, its tests against the reference (KindRegistry::check), and, where the spec has a golden
// file (specs/golden/NAME.yaml, audit/golden_file.h), that the reference still computes the
// expected outputs frozen there.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sg {

struct ValidateArgs {
  std::vector<std::string> specs;
  std::string format = "text";  ///< text | json | junit
};

CLI::App* add_validate_command(CLI::App& app, ValidateArgs& args);

/// Exit codes: 0 every spec is valid; 2 some spec has a problem (all of them are printed).
int run_validate(const ValidateArgs& args);

}  // namespace sg
