// The limit calibration of a spec: how much CPU time the course's accepted solutions use on each
// test, measured by `searchgrader calibrate SPEC --write` on the grading machine and kept beside
// the spec in specs/calibration/NAME.yaml (as expected outputs are kept in specs/golden/). A test
// whose limits say `time_multiplier: M` gets the CPU limit max(time_floor_seconds, M x the
// slowest accepted solution's time); a spec whose limits say `submission_time_multiplier: M`
// gets the per-submission budget M x the largest total of one accepted solution.
//
// The file also records how long a fixed Python workload (the speed probe, engine/machine_speed.h)
// took where it was measured; grading on another machine scales the measured figures by the
// ratio of the probe's time there to this one, so limits follow the machine, not its name.
//
//   # specs/calibration/torus-8-puzzle.yaml
//   spec: torus-8-puzzle.yaml
//   machine: "AMD EPYC 7B13, 2 cores"
//   tier: full
//   rounds: 3
//   solutions: [correct, correct-as-handed-out]
//   speed_probe: {name: python-search-1, cpu_seconds: 0.31}
//   slowest_total: {solution: correct-as-handed-out, cpu_seconds: 71.4}
//   tests:
//     succ-center-1: {solution: correct-as-handed-out, cpu_seconds: 0.052}
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "model/assignment.h"

namespace sg {

/// One test's measurement: the slowest accepted solution on it and its CPU seconds (the median
/// of its rounds).
struct MeasuredTest {
  std::string solution;
  double cpu_seconds = 0.0;
};

/// What a calibration file holds.
struct LimitCalibrationFile {
  std::string spec;     ///< The spec's file name, as a check that the file belongs to it.
  std::string machine;  ///< Where it was measured ("model name, N cores").
  std::string tier;     ///< The sandbox tier it was measured in.
  int rounds = 1;       ///< Rounds per solution (each test's figure is the median).
  std::vector<std::string> solutions;  ///< The accepted solutions measured.
  MeasuredTest slowest_total;          ///< The solution with the largest total over all tests.
  /// The speed probe's name and CPU seconds on the measuring machine; empty name: not measured
  /// (files written before the probe existed).
  std::string speed_probe;
  double speed_probe_cpu_seconds = 0.0;
  std::vector<std::pair<std::string, MeasuredTest>> tests;  ///< By test id, in spec order.
};

/// specs/NAME.yaml -> specs/calibration/NAME.yaml.
std::filesystem::path calibration_path_of(const std::filesystem::path& spec);

/// Reads a calibration file. Throws SpecErrors listing every problem with file:line:col (not
/// YAML, a missing or mistyped key, a negative time).
LimitCalibrationFile read_limit_calibration(const std::filesystem::path& file);

/// The file's text (YAML, with a header comment saying how it was made and what reads it).
std::string render_limit_calibration(const LimitCalibrationFile& calibration);

/// The CPU limit a scaled test gets from a measurement: max(floor, multiplier x measured),
/// rounded up to a tenth of a second.
double scaled_cpu_limit(const TimeScaling& scaling, double measured_cpu_seconds);

/// Puts the measurements into `assignment`: each scaled test with a measurement gets it in its
/// time_scaling and the scaled CPU limit (its wall-clock limit raised to at least twice that
/// plus a second); the budget gets the slowest total. Tests without a measurement keep their
/// stated limits. Returns "" or why the file does not belong to the spec (another spec's name).
std::string apply_limit_calibration(Assignment& assignment,
                                    const LimitCalibrationFile& calibration);

/// Scales every measured figure `apply_limit_calibration` put into `assignment` by `factor` (the
/// speed probe's time here over its time where the figures were measured: 2 means this machine
/// is twice as slow) and recomputes the scaled tests' limits and the budget from them. Records
/// the factor in assignment.machine_time_scale. Applied once, to an assignment whose limits
/// come from apply_limit_calibration (a second call scales the scaled figures again).
void scale_measured_limits(Assignment& assignment, double factor);

/// Undoes apply_limit_calibration: every test gets the limits the spec states, and no
/// submission budget applies (what `calibrate` measures with).
void use_stated_limits(Assignment& assignment);

/// Problems that make grading with `assignment`'s limits unsure, for `validate`: scaled tests
/// without a measurement, measurements of tests the spec does not have, a budget multiplier
/// without a measured total, a calibration file missing altogether. Each at a place in the spec
/// or the calibration file.
std::vector<SpecError> calibration_problems(const Assignment& assignment);

}  // namespace sg
