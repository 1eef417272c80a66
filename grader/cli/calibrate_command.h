// `searchgrader calibrate SPEC [--write]`: measures how much CPU time the spec's accepted
// solutions need on each test (audit/limit_measurement.h) and, with --write, keeps the figures in
// specs/calibration/NAME.yaml, from which tests with limits.time_multiplier take their CPU limit
// and limits.submission_time_multiplier its per-submission budget (docs/spec-format.md).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "model/assignment.h"

namespace sg {

struct CalibrateArgs {
  std::string spec;
  bool write = false;
  int rounds = 3;
  std::vector<std::string> solutions;  ///< --solution: folders; none = the accepted fixtures.
  std::string fixtures;                ///< --fixtures: where expected.yaml is looked for.
  std::string python;
  std::string driver_dir;
  std::string isolation;
};

CLI::App* add_calibrate_command(CLI::App& app, CalibrateArgs& args, const std::string& python,
                                const std::string& driver_dir);

/// For every command that grades: scales `assignment`'s measured time limits to this machine by
/// the speed probe run under `python` (engine/machine_speed.h) and says so on stderr when it
/// changed them, or warns when they cannot be scaled and may not fit this machine.
void scale_limits_for_this_machine(Assignment& assignment, const std::string& python);

/// Exit codes: 0 measured (and written with --write); 1 an accepted solution failed a test; 2
/// invalid spec, no solutions to measure, or the file cannot be written; 3 grader fault.
int run_calibrate(const CalibrateArgs& args);

}  // namespace sg
