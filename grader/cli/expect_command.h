// `searchgrader expect SPEC [--write]`: the reference's expected output for every test of a spec.
// With --write it freezes them in specs/golden/NAME.yaml (audit/golden_file.h), a file to review
// like code: `validate` fails when the reference and the golden file disagree.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct ExpectArgs {
  std::string spec;
  bool write = false;
  std::string format = "text";  ///< text | json
};

CLI::App* add_expect_command(CLI::App& app, ExpectArgs& args);

/// Exit codes: 0 printed (or written); 2 invalid spec; 3 the golden file could not be written or
/// the reference failed.
int run_expect(const ExpectArgs& args);

}  // namespace sg
