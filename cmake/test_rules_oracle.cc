// Linked into the test executables that load specs in their own process: installs the rules
// oracle the command line installs (a sandboxed Python process running the source tree's
// driver), before any test runs, so a spec's `type: rules` worlds load there as they do in
// searchgrader.
#include "engine/rules_oracle.h"

namespace {

const bool installed = [] {
  sg::install_rules_oracle(
      sg::make_sandbox_rules_oracle("/usr/bin/python3", SG_SOURCE_DIR "/grader/drivers"));
  return true;
}();

}  // namespace
