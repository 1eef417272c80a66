#include "cli/calibrate_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "audit/fixture_expectations.h"
#include "audit/limit_measurement.h"
#include "cli/exit_status.h"
#include "cli/grader_build.h"
#include "cli/isolation_choice.h"
#include "cli/progress_line.h"
#include "cli/spec_argument.h"
#include "engine/grading_tools.h"
#include "engine/machine_speed.h"
#include "spec/limit_calibration_file.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// "0.052 s", "1.3 s", "70 s".
std::string seconds_text(double seconds) {
  return seconds >= 10 ? fmt::format("{:.0f} s", seconds) : fmt::format("{:.2g} s", seconds);
}

// The table: each test's measurement and the limit it gives (or would give with a multiplier).
std::string render_table(const Assignment& assignment, const LimitCalibrationFile& calibration) {
  std::map<std::string, MeasuredTest> measured(calibration.tests.begin(), calibration.tests.end());
  std::string text =
      fmt::format("Calibration of {} on {} ({}, {} round{} of {} accepted solution{})\n",
                  assignment.spec_path.string(), calibration.machine, calibration.tier,
                  calibration.rounds, calibration.rounds == 1 ? "" : "s",
                  calibration.solutions.size(), calibration.solutions.size() == 1 ? "" : "s");
  text += fmt::format("{:<34} {:<28} {:>9}  {}\n", "test", "slowest accepted solution", "CPU",
                      "CPU limit");
  for (const TestSpec& test : assignment.tests) {
    const MeasuredTest& m = measured.at(test.id);
    std::string limit;
    if (test.time_scaling) {
      const double stated = test.time_scaling->measured_cpu_seconds
                                ? test.time_scaling->stated_cpu_seconds
                                : test.limits.cpu_seconds;
      limit = fmt::format("{} -> {} ({:g} x, at least {})", seconds_text(stated),
                          seconds_text(scaled_cpu_limit(*test.time_scaling, m.cpu_seconds)),
                          test.time_scaling->multiplier,
                          seconds_text(test.time_scaling->floor_seconds));
    } else {
      limit = fmt::format("{} (stated; no time_multiplier)", seconds_text(test.limits.cpu_seconds));
    }
    text += fmt::format("{:<34} {:<28} {:>9}  {}\n", test.id, m.solution,
                        seconds_text(m.cpu_seconds), limit);
  }
  const SubmissionBudget& budget = assignment.submission_budget;
  text +=
      fmt::format("slowest total: {} needs {} over all tests", calibration.slowest_total.solution,
                  seconds_text(calibration.slowest_total.cpu_seconds));
  if (budget.multiplier > 0) {
    text += fmt::format("; per-submission budget {:g} x that = {}", budget.multiplier,
                        seconds_text(budget.multiplier * calibration.slowest_total.cpu_seconds));
  } else if (budget.cpu_seconds) {
    text += fmt::format("; per-submission budget {} (stated)", seconds_text(*budget.cpu_seconds));
  }
  return text + "\n";
}

}  // namespace

void scale_limits_for_this_machine(Assignment& assignment, const std::string& python) {
  const MachineScaling scaling = scale_limits_to_this_machine(assignment, python);
  if (!scaling.note.empty()) fmt::print(stderr, "searchgrader: {}\n", scaling.note);
}

CLI::App* add_calibrate_command(CLI::App& app, CalibrateArgs& args, const std::string& python,
                                const std::string& driver_dir) {
  args.python = python;
  args.driver_dir = driver_dir;
  CLI::App* command = app.add_subcommand(
      "calibrate",
      "Measure the CPU time the spec's accepted solutions need on each test; --write keeps it in "
      "specs/calibration/ for limits.time_multiplier");
  command->add_option("SPEC", args.spec, "The assignment's spec (YAML)")->required();
  command->add_flag("--write", args.write,
                    "Write specs/calibration/NAME.yaml beside the spec (review it as a change of "
                    "time limits)");
  command
      ->add_option("--rounds", args.rounds,
                   "Times each solution is graded; each test's figure is the median")
      ->check(CLI::Range(1, 50))
      ->capture_default_str();
  command
      ->add_option("--solution", args.solutions,
                   "A correct solution to measure (repeatable; default: the submissions "
                   "expected.yaml expects to earn full marks)")
      ->check(CLI::ExistingPath);
  command->add_option("--fixtures", args.fixtures,
                      "Folder holding expected.yaml (default: as audit looks for it)");
  command->add_option("--python", args.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  command
      ->add_option("--driver-dir", args.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  add_isolation_option(*command, args.isolation);
  command->footer(
      "Measure on the machine that grades, in the tier it grades in: limits scale with what the "
      "solutions need there.\n"
      "Exit codes:\n"
      "  0  measured (and written, with --write)\n"
      "  1  an accepted solution was not accepted on some test (nothing written)\n"
      "  2  invalid spec, no solution to measure, or the file cannot be written\n"
      "  3  grader fault\n"
      "Example:\n  searchgrader calibrate specs/torus-8-puzzle.yaml --write && git diff "
      "specs/calibration/");
  return command;
}

int run_calibrate(const CalibrateArgs& args) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  std::optional<Assignment> loaded = load_spec_argument(kinds, args.spec);
  if (!loaded) return kExitUsage;
  Assignment assignment = std::move(*loaded);
  std::vector<NamedSolution> solutions;
  for (const std::string& folder : args.solutions)
    solutions.emplace_back(fs::path(folder).filename().string(), folder);
  if (solutions.empty()) {
    const std::vector<fs::path> dirs = args.fixtures.empty() ? default_fixtures_dirs(args.spec)
                                                             : std::vector<fs::path>{args.fixtures};
    try {
      solutions = accepted_solutions(assignment, args.spec, dirs);
    } catch (const SpecError& error) {
      error_line(error.what());
      return kExitUsage;
    }
  }
  if (solutions.empty()) {
    error_line(fmt::format(
        "no accepted solution to measure for {}: list one with full marks in the fixtures' "
        "expected.yaml, or give --solution FOLDER",
        args.spec));
    return kExitUsage;
  }
  MeasurementOptions options;
  options.rounds = args.rounds;
  options.grade.context.python = args.python;
  options.grade.context.driver_dir = args.driver_dir;
  options.grade.grader_version = grader_build_version(args.driver_dir);
  if (const auto problems = grading_tool_problems(options.grade.context, assignment);
      !problems.empty()) {
    for (const auto& problem : problems) error_line("grader fault: " + problem);
    return kExitGraderFault;
  }
  ProgressLine progress(stderr, ProgressLine::Mode::automatic);
  options.on_solution = [&](const std::string& solution, int round, int rounds) {
    progress.update(fmt::format("round {}/{}: {}", round, rounds, solution));
  };
  LimitCalibrationFile calibration;
  try {
    const IsolationTier tier = choose_isolation_tier(args.isolation, assignment);
    const auto runner = make_grading_runner(tier);
    calibration = measure_limits(assignment, kinds, *runner, solutions, options);
    calibration.tier = std::string(to_string(tier));
  } catch (const MeasurementFailed& failed) {
    progress.finish();
    error_line(failed.what());
    return kExitTestsFailed;
  } catch (const std::exception& error) {
    progress.finish();
    error_line(fmt::format("calibration failed because of a grader fault: {}", error.what()));
    return kExitGraderFault;
  }
  progress.finish();
  std::cout << render_table(assignment, calibration);
  const fs::path file = calibration_path_of(args.spec);
  if (!args.write) {
    std::cout << fmt::format("Run again with --write to keep these figures in {}\n", file.string());
    return kExitOk;
  }
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  std::ofstream out(file);
  out << render_limit_calibration(calibration);
  out.close();
  if (!out) {
    error_line(fmt::format("cannot write {}", file.string()));
    return kExitUsage;
  }
  std::cout << fmt::format("Wrote {}\n", file.string());
  return kExitOk;
}

}  // namespace sg
