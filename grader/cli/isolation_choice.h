// Which sandbox tier a command grades under: the best this host offers unless --isolation asks
// for another, and never below the spec's isolation.minimum_tier. Shared by grade, check and
// batch so that every way of grading refuses the same way.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <stdexcept>
#include <string>

#include "model/assignment.h"
#include "runner/isolation.h"

namespace sg {

/// Grading would run below the tier the spec requires; what() says which tiers and why the host
/// offers no better (the probe's notes). Commands exit 3 (a grader fault, not the student's).
class TierRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Adds `--isolation full|degraded|minimal` to `command`, stored in `requested` ("" = best).
void add_isolation_option(CLI::App& command, std::string& requested);

/// The tier to grade `assignment` under. `requested` is "" (best available) or a tier name (the
/// option validated it). Throws TierRefused when it is below the spec's minimum tier.
IsolationTier choose_isolation_tier(const std::string& requested, const Assignment& assignment);

/// The runner every grading command uses: `tier` with boxes kept between runs where the tier
/// can (ProcessRunnerOptions::reuse_boxes; docs/sandbox.md), on top of `options`. First, once a
/// process, removes what graders that no longer run left behind (runner/leftovers.h: their
/// cgroups, run folders under /tmp, $TMPDIR and `options.scratch_root`, processes of box uids no
/// one leases) and says so in one line on stderr when there was any. Throws as
/// make_sandbox_runner does.
std::unique_ptr<Runner> make_grading_runner(IsolationTier tier, ProcessRunnerOptions options = {});

}  // namespace sg
