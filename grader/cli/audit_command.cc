#include "cli/audit_command.h"

#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "audit/spec_audit.h"
#include "cli/calibrate_command.h"
#include "cli/exit_status.h"
#include "cli/grader_build.h"
#include "cli/isolation_choice.h"
#include "cli/progress_line.h"
#include "cli/spec_argument.h"
#include "engine/grading_tools.h"
#include "reports/junit_report.h"
#include "runner/isolation.h"

namespace sg {
namespace {

std::string render_audit_text(const AuditReport& report, bool strict) {
  std::string text = fmt::format("{}: audit of {}\n", report.assignment_id, report.spec_path);
  if (!report.fixtures_run) {
    text += "fixtures: not graded (--no-fixtures)\n";
  } else if (report.fixtures_source.empty() && report.fixtures.empty()) {
    text += "fixtures: none found (no expected.yaml names this spec)\n";
  } else {
    std::size_t ok = 0;
    for (const auto& fixture : report.fixtures) ok += fixture.ok() ? 1 : 0;
    text += fmt::format("fixtures ({}): {} of {} get their stated outcome\n",
                        report.fixtures_source, ok, report.fixtures.size());
    for (const auto& fixture : report.fixtures) {
      text += fmt::format("  {:<5} {:<36} {:g} points{}\n", fixture.ok() ? "ok" : "FAIL",
                          fixture.name, fixture.score,
                          fixture.expected_lost.empty()
                              ? ""
                              : fmt::format(", loses {}", fmt::join(fixture.expected_lost, ", ")));
      for (const auto& problem : fixture.problems) text += fmt::format("        {}\n", problem);
    }
  }
  if (!report.mutants_run) {
    text += "mutants: not run (--no-mutants)\n";
    return text;
  }
  if (report.mutants.empty()) {
    text += "mutants: none apply (the kinds of this spec's tests have no mutants yet)\n";
    return text;
  }
  std::size_t killed = 0;
  for (const auto& mutant : report.mutants) killed += mutant.killed() ? 1 : 0;
  text += fmt::format("mutants: mutation score {}/{} ({:.0f} %)\n", killed, report.mutants.size(),
                      100.0 * report.mutation_score());
  for (const auto& mutant : report.mutants) {
    if (mutant.killed()) {
      text += fmt::format("  caught    {:<24} {:g}/{:g}, by {}\n", mutant.id, mutant.score,
                          mutant.max_score, fmt::join(mutant.killed_by, ", "));
    } else {
      text += fmt::format(
          "  {} {:<24} a submission that {} earns {:g}/{:g} (tests it applies to: {})\n",
          strict ? "SURVIVES" : "survives", mutant.id, mutant.mistake, mutant.score,
          mutant.max_score, fmt::join(mutant.tests, ", "));
    }
  }
  return text;
}

nlohmann::json audit_json(const AuditReport& report) {
  nlohmann::json fixtures = nlohmann::json::array();
  for (const auto& f : report.fixtures)
    fixtures.push_back({{"name", f.name},
                        {"ok", f.ok()},
                        {"score", f.score},
                        {"expected_score", f.expected_score},
                        {"lost", f.lost},
                        {"expected_lost", f.expected_lost},
                        {"grader_error", f.grader_error},
                        {"problems", f.problems}});
  nlohmann::json mutants = nlohmann::json::array();
  for (const auto& m : report.mutants)
    mutants.push_back({{"id", m.id},
                       {"mistake", m.mistake},
                       {"killed", m.killed()},
                       {"killed_by", m.killed_by},
                       {"tests", m.tests},
                       {"score", m.score},
                       {"max_score", m.max_score},
                       {"earned", m.earned}});
  return {{"spec", report.spec_path},
          {"assignment", report.assignment_id},
          {"fixtures_source", report.fixtures_source},
          {"fixtures_ok", report.fixtures_ok()},
          {"fixtures", fixtures},
          {"mutation_score", report.mutation_score()},
          {"mutants", mutants}};
}

}  // namespace

CLI::App* add_audit_command(CLI::App& app, AuditArgs& args, const std::string& python,
                            const std::string& driver_dir) {
  args.python = python;
  args.driver_dir = driver_dir;
  CLI::App* command = app.add_subcommand(
      "audit",
      "Course CI: grade a spec's known submissions against their stated outcomes and its "
      "reference's mutants as students (mutation score)");
  command->add_option("SPEC", args.spec, "The assignment's spec (YAML)")->required();
  command->add_option("--fixtures", args.fixtures,
                      "Folder holding expected.yaml, or <assignment>/expected.yaml files (default: "
                      "fixtures/ beside the spec's folder, fixtures/ in it, the spec's folder)");
  command->add_option("--format", args.format, "text, json or junit")
      ->check(CLI::IsMember({"text", "json", "junit"}))
      ->capture_default_str();
  command->add_flag("--no-fixtures", args.no_fixtures, "Run the mutants only (no process runs)");
  command->add_flag("--no-mutants", args.no_mutants, "Grade the fixtures only");
  command->add_flag("--strict-mutants", args.strict_mutants,
                    "A mutant the spec lets through with full marks fails the audit");
  command->add_option("-j,--jobs", args.jobs, "Tests run at once (default: one per core)");
  command->add_option("--python", args.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  command
      ->add_option("--driver-dir", args.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  add_isolation_option(*command, args.isolation);
  command->footer(
      "Exit codes:\n"
      "  0  every fixture got its stated outcome (with --strict-mutants: and every mutant lost "
      "points)\n"
      "  1  some fixture did not (or, with --strict-mutants, a mutant survived)\n"
      "  2  invalid spec or expected.yaml\n"
      "  3  grader fault (a missing Python or driver; a fixture hit a grader error)\n"
      "Example:\n  searchgrader audit specs/road-map-search.yaml --format junit > audit.xml");
  return command;
}

int run_audit(const AuditArgs& args) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  std::optional<Assignment> loaded = load_spec_argument(kinds, args.spec);
  if (!loaded) return kExitUsage;
  Assignment assignment = std::move(*loaded);
  scale_limits_for_this_machine(assignment, args.python);
  AuditOptions options;
  options.fixtures_dirs = args.fixtures.empty() ? default_fixtures_dirs(args.spec)
                                                : std::vector<std::filesystem::path>{args.fixtures};
  options.run_fixtures = !args.no_fixtures;
  options.run_mutants = !args.no_mutants;
  options.grade.context.python = args.python;
  options.grade.context.driver_dir = args.driver_dir;
  options.grade.jobs = args.jobs;
  options.grade.grader_version = grader_build_version(args.driver_dir);
  ProgressLine progress(stderr, ProgressLine::Mode::automatic);
  options.on_fixture_done = [&](std::size_t done, std::size_t total, const std::string& name) {
    progress.update(fmt::format("[{}/{}] {}", done, total, name));
  };
  if (options.run_fixtures) {
    if (const auto problems = grading_tool_problems(options.grade.context, assignment);
        !problems.empty()) {
      for (const auto& problem : problems) error_line("grader fault: " + problem);
      return kExitGraderFault;
    }
  }
  AuditReport report;
  try {
    const IsolationTier tier = choose_isolation_tier(args.isolation, assignment);
    const auto runner = make_grading_runner(tier);
    report = audit_spec(assignment, kinds, *runner, args.spec, options);
  } catch (const SpecError& error) {
    progress.finish();
    error_line(error.what());
    return kExitUsage;
  } catch (const std::exception& error) {
    progress.finish();
    error_line(fmt::format("the audit failed because of a grader fault: {}", error.what()));
    return kExitGraderFault;
  }
  progress.finish();
  if (args.format == "json") {
    std::cout << audit_json(report).dump(2) << "\n";
  } else if (args.format == "junit") {
    std::cout << render_junit(junit_suites(report, args.strict_mutants));
  } else {
    std::cout << render_audit_text(report, args.strict_mutants);
  }
  bool grader_error = false;
  for (const auto& fixture : report.fixtures) grader_error = grader_error || fixture.grader_error;
  if (grader_error) return kExitGraderFault;
  const bool survivors = report.mutation_score() < 1.0;
  if (!report.fixtures_ok() || (args.strict_mutants && survivors)) return kExitTestsFailed;
  return kExitOk;
}

}  // namespace sg
