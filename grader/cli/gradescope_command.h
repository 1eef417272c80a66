// `searchgrader gradescope SPEC --out autograder.zip`: builds the Gradescope autograder bundle
// for one assignment (see gradescope/gradescope_bundle.h and docs/gradescope.md).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct GradescopeArgs {
  std::string spec;
  std::string out = "autograder.zip";
  std::string source;  ///< Project sources to bundle; empty = the ones this binary was built from.
};

/// Registers the `gradescope` subcommand on `app`, filling `args`.
CLI::App* add_gradescope_command(CLI::App& app, GradescopeArgs& args);

/// Runs it. Exit codes: 0 bundle written; 2 unusable input (invalid spec, missing or wrong
/// source folder, unwritable output).
int run_gradescope(const GradescopeArgs& args);

}  // namespace sg
