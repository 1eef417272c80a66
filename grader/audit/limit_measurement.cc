#include "audit/limit_measurement.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "audit/fixture_expectations.h"
#include "engine/machine_speed.h"

namespace sg {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

}  // namespace

std::vector<NamedSolution> accepted_solutions(
    const Assignment& assignment, const std::filesystem::path& spec,
    const std::vector<std::filesystem::path>& fixtures_dirs) {
  std::vector<NamedSolution> solutions;
  for (const auto& dir : fixtures_dirs) {
    const std::optional<FixtureSet> set = find_fixture_set(spec, dir);
    if (!set) continue;
    for (const FixtureExpectation& fixture : set->submissions) {
      if (fixture.score >= assignment.max_points() && fixture.lost.empty())
        solutions.emplace_back(fixture.name, fixture.folder);
    }
    break;
  }
  return solutions;
}

LimitCalibrationFile measure_limits(const Assignment& assignment, const KindRegistry& kinds,
                                    Runner& runner, const std::vector<NamedSolution>& solutions,
                                    const MeasurementOptions& options) {
  if (solutions.empty()) throw std::invalid_argument("no solutions to measure");
  if (options.rounds < 1) throw std::invalid_argument("rounds must be 1 or more");
  Assignment stated = assignment;
  use_stated_limits(stated);
  GradeOptions grade = options.grade;
  grade.jobs = 1;  // one test at a time: each measures alone, as batch grades
  grade.on_test_done = nullptr;

  // The speed probe before and after (the machine may change speed over a long calibration).
  const std::optional<double> probe_before = measure_speed_probe(grade.context.python);

  // cpu[solution][test] = one figure per round; the import's (once per submission when tests
  // are forked from it) under the key "".
  std::vector<std::map<std::string, std::vector<double>>> cpu(solutions.size());
  for (int round = 1; round <= options.rounds; ++round) {
    for (std::size_t s = 0; s < solutions.size(); ++s) {
      const auto& [name, folder] = solutions[s];
      if (options.on_solution) options.on_solution(name, round, options.rounds);
      const GradeReport report = grade_submission(stated, kinds, runner, folder, grade);
      for (const TestOutcome& test : report.tests) {
        if (test.verdict != Verdict::accepted) {
          throw MeasurementFailed(fmt::format(
              "{} is not accepted on test '{}' in round {}: {}{}. Calibration measures solutions "
              "that pass every test: fix the solution, or raise the test's stated limits",
              name, test.id, round, describe(test.verdict),
              test.feedback.empty() ? "" : fmt::format(" ({})", test.feedback.substr(0, 300))));
        }
        cpu[s][test.id].push_back(test.cpu_seconds);
      }
      if (report.import_cpu_seconds) cpu[s][""].push_back(*report.import_cpu_seconds);
    }
  }

  LimitCalibrationFile calibration;
  calibration.spec = assignment.spec_path.filename().string();
  calibration.machine = this_machine_name();
  const std::optional<double> probe_after = measure_speed_probe(grade.context.python);
  if (probe_before && probe_after) {
    calibration.speed_probe = kSpeedProbeName;
    calibration.speed_probe_cpu_seconds = (*probe_before + *probe_after) / 2;
  }
  calibration.tier = runner.isolation_tier();
  calibration.rounds = options.rounds;
  for (const auto& solution : solutions) calibration.solutions.push_back(solution.first);
  std::vector<double> totals(solutions.size(), 0.0);
  for (std::size_t s = 0; s < solutions.size(); ++s) {
    if (cpu[s].count("") != 0) totals[s] += median(cpu[s][""]);  // the budget pays the import too
  }
  for (const TestSpec& test : assignment.tests) {
    MeasuredTest slowest;
    for (std::size_t s = 0; s < solutions.size(); ++s) {
      const double figure = median(cpu[s][test.id]);
      totals[s] += figure;
      if (slowest.solution.empty() || figure > slowest.cpu_seconds)
        slowest = MeasuredTest{solutions[s].first, figure};
    }
    calibration.tests.emplace_back(test.id, slowest);
  }
  const auto heaviest = std::max_element(totals.begin(), totals.end()) - totals.begin();
  calibration.slowest_total = MeasuredTest{solutions[static_cast<std::size_t>(heaviest)].first,
                                           totals[static_cast<std::size_t>(heaviest)]};
  return calibration;
}

}  // namespace sg
