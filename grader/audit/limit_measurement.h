// Measuring time limits (`searchgrader calibrate`): runs a spec's accepted solutions through the
// same sandbox and runner that grade students, round after round, and finds for every test how
// much CPU time the slowest of them needs (the median of its rounds), and the largest total of
// one solution over all tests (its import included, when its tests are forked from one import:
// the per-submission budget pays for that import too). Limits that scale with these figures
// (limit_calibration_file.h) then fit the assignment and the machine, as Kattis sets time limits
// from its accepted submissions.
#pragma once

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/grade_submission.h"
#include "kinds/kind_registry.h"
#include "model/assignment.h"
#include "runner/runner.h"
#include "spec/limit_calibration_file.h"

namespace sg {

/// A solution to measure: its name (a fixture's folder name) and where it is.
using NamedSolution = std::pair<std::string, std::filesystem::path>;

/// An accepted solution was not accepted on some test while being measured: what() names the
/// solution, the test, the round and the verdict.
class MeasurementFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MeasurementOptions {
  int rounds = 3;      ///< Each solution is graded this many times (rounds interleave solutions).
  GradeOptions grade;  ///< Context; jobs is forced to 1 (tests one at a time, as batch runs them).
  /// Called before each solution's round.
  std::function<void(const std::string& solution, int round, int rounds)> on_solution;
};

/// The spec's accepted solutions: the known submissions its fixture set (expected.yaml, searched
/// in `fixtures_dirs`) expects to earn full marks. Empty when there is none.
std::vector<NamedSolution> accepted_solutions(
    const Assignment& assignment, const std::filesystem::path& spec,
    const std::vector<std::filesystem::path>& fixtures_dirs);

/// Measures `solutions` on every test of `assignment` (graded with the limits the spec states:
/// use_stated_limits). The result's spec, machine, tier and speed probe (timed before and after
/// the rounds, the mean of the two; left empty when the probe cannot run) are filled in. Throws
/// MeasurementFailed when a solution is not accepted on a test, std::invalid_argument when
/// `solutions` is empty or rounds < 1.
LimitCalibrationFile measure_limits(const Assignment& assignment, const KindRegistry& kinds,
                                    Runner& runner, const std::vector<NamedSolution>& solutions,
                                    const MeasurementOptions& options);

}  // namespace sg
