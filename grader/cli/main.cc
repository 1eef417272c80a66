// searchgrader: the command line. Subcommands:
//   grade SPEC SUBMISSION   grade one submission (a folder or a file), print the grade
//   validate SPEC...        check specs, the reference's pinned figures and golden outputs
//   expect SPEC [--write]   the reference's expected outputs; --write freezes the golden file
//   audit SPEC              course CI: fixtures against their stated outcomes, mutation score
//   calibrate SPEC [--write] the accepted solutions' CPU time per test, for scaled time limits
//   init-course DIR         a course repository from the template (spec, fixtures, CI script)
// Exit codes (stable, for scripts): 0 done; 2 unusable input (bad flags, missing or invalid spec,
// missing submission); 3 grader fault (some or all of the grade could not be computed).
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/audit_command.h"
#include "cli/batch_command.h"
#include "cli/calibrate_command.h"
#include "cli/check_command.h"
#include "cli/doctor_command.h"
#include "cli/exit_status.h"
#include "cli/expect_command.h"
#include "cli/export_student_command.h"
#include "cli/grader_build.h"
#include "cli/gradescope_command.h"
#include "cli/init_course_command.h"
#include "cli/install_paths.h"
#include "cli/isolation_choice.h"
#include "cli/merge_command.h"
#include "cli/progress_line.h"
#include "cli/site_config_file.h"
#include "cli/validate_command.h"
#include "engine/grade_submission.h"
#include "engine/grading_tools.h"
#include "engine/rules_oracle.h"
#include "kinds/kind_registry.h"
#include "reports/gradescope_results.h"
#include "reports/json_report.h"
#include "reports/junit_report.h"
#include "reports/student_view.h"
#include "reports/text_report.h"
#include "runner/isolation.h"
#include "runner/process_runner.h"
#include "spec/spec_loader.h"

namespace {

using sg::error_line;
using sg::kExitGraderFault;
using sg::kExitOk;
using sg::kExitUsage;

namespace fs = std::filesystem;

const char* const kFooter = R"(Exit codes:
  0  done (for grade: the submission was graded, whatever its score)
  1  check: a visible test failed; audit: a known submission missed its stated outcome;
     calibrate: an accepted solution failed a test
  2  unusable input: bad options, a missing or invalid spec (file:line:col), a missing submission,
     an invalid site configuration
  3  grader fault: a test could not be graded because of the grader, not the submission
     (reported per test as "grader error"; results.json is still written); also when the
     sandbox tier in effect is below the spec's isolation.minimum_tier (nothing is graded)

Examples:
  searchgrader grade specs/torus-8-puzzle.yaml fixtures/torus/correct
  searchgrader grade specs/torus-8-puzzle.yaml torus_puzzle.py --results results.json
  searchgrader grade specs/torus-8-puzzle.yaml student/ --format json --audience student
  searchgrader validate specs/*.yaml
  searchgrader audit specs/road-map-search.yaml --format junit > audit.xml
Docs: docs/spec-format.md (writing a spec), docs/driver-protocol.md (how Python code is called),
docs/site-config.md (a judge host's sandbox settings: /etc/searchgrader.yaml or --site).)";

std::string default_python() {
  if (const char* python = std::getenv("SEARCHGRADER_PYTHON")) return python;
  return access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
}

std::string short_verdict(sg::Verdict verdict) {
  return verdict == sg::Verdict::accepted ? "ok" : std::string(sg::describe(verdict));
}

struct GradeArgs {
  std::string spec;
  std::string submission;
  std::string results;
  std::string format = "text";
  std::string audience = "instructor";
  unsigned jobs = 0;
  bool verbose = false;
  bool color = false;
  std::string python = default_python();
  std::string driver_dir = sg::default_driver_dir().string();
  bool progress_lines = false;
  bool process_per_test = false;
  std::string isolation;  // "" = the best tier the host offers
};

int run_grade(const GradeArgs& args) {
  sg::Assignment assignment;
  const sg::KindRegistry kinds = sg::KindRegistry::with_builtin_kinds();
  try {
    assignment = kinds.load_valid_spec(args.spec);
  } catch (const sg::SpecError& error) {
    error_line(error.what());
    if (!args.results.empty()) {
      // Students read results.json, and the spec's errors may name hidden tests: the details
      // go to stderr only (Gradescope shows the autograder's output to instructors only).
      sg::write_json_file_atomically(
          sg::gradescope_grader_error_results(
              "The assignment's spec is invalid, so nothing was graded. This is for your "
              "instructor to fix; the details are in the autograder's output.",
              0.0),
          args.results);
    }
    return kExitUsage;
  }
  if (!fs::exists(args.submission)) {
    error_line(fmt::format("no such submission: {} (give a folder or a file)", args.submission));
    return kExitUsage;
  }
  sg::scale_limits_for_this_machine(assignment, args.python);

  sg::GradeOptions options;
  options.context.python = args.python;
  options.context.driver_dir = args.driver_dir;
  if (const auto problems = sg::grading_tool_problems(options.context, assignment);
      !problems.empty()) {
    for (const auto& problem : problems) error_line("grader fault: " + problem);
    if (!args.results.empty()) {
      sg::write_json_file_atomically(
          sg::gradescope_grader_error_results(
              "The autograder is not set up correctly, so nothing was graded. This is for your "
              "instructor to fix; the details are in the autograder's output.",
              0.0),
          args.results);
    }
    return kExitGraderFault;
  }
  options.jobs = args.jobs;
  options.fork_tests = !args.process_per_test;
  options.grader_version = sg::grader_build_version(args.driver_dir);
  sg::ProgressLine progress(stderr, args.progress_lines ? sg::ProgressLine::Mode::lines
                                                        : sg::ProgressLine::Mode::automatic);
  options.on_test_done = [&](std::size_t done, std::size_t total, const sg::TestOutcome& outcome) {
    progress.update(fmt::format("[{}/{}] {} {} ({:.1f} s)", done, total, outcome.name,
                                short_verdict(outcome.verdict), outcome.wall_seconds));
  };

  sg::IsolationTier tier;
  try {
    tier = sg::choose_isolation_tier(args.isolation, assignment);
  } catch (const sg::TierRefused& refused) {
    error_line(refused.what());
    if (!args.results.empty()) {
      sg::write_json_file_atomically(sg::gradescope_grader_error_results(refused.what(), 0.0),
                                     args.results);
    }
    return kExitGraderFault;
  }

  sg::GradeReport report;
  try {
    const auto runner = sg::make_grading_runner(tier);
    report = sg::grade_submission(assignment, kinds, *runner, args.submission, options);
  } catch (const std::exception& error) {
    progress.finish();
    error_line(fmt::format("grading failed because of a grader fault: {}", error.what()));
    if (!args.results.empty()) {
      sg::write_json_file_atomically(sg::gradescope_grader_error_results(error.what(), 0.0),
                                     args.results);
    }
    return kExitGraderFault;
  }
  progress.finish();

  const sg::Audience audience =
      args.audience == "student" ? sg::Audience::student : sg::Audience::instructor;
  const sg::GradeReport& shown =
      audience == sg::Audience::student ? sg::student_view(report) : report;
  if (args.format == "json") {
    std::cout << sg::to_json(shown).dump(2) << "\n";
  } else if (args.format == "junit") {
    std::cout << sg::render_junit({sg::junit_suite(shown)});
  } else {
    sg::TextOptions text;
    text.audience = audience;
    text.verbose = args.verbose;
    text.color = args.color;
    std::cout << sg::render_text(report, text);
  }
  if (!args.results.empty()) {
    try {
      sg::write_gradescope_results(report, args.results);
    } catch (const std::exception& error) {
      error_line(error.what());
      return kExitGraderFault;
    }
  }
  return report.has_grader_errors ? kExitGraderFault : kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "searchgrader: grades AI search assignments (A*, iterative deepening, ...) against a YAML "
      "spec.\n"
      "Expected results come from a reference solver; each test runs the submission in a "
      "sandboxed\n"
      "process with time, memory and output limits; the spec's rubric turns test outcomes into "
      "points."};
  app.footer(kFooter);
  app.set_version_flag("--version", SG_VERSION);
  app.require_subcommand(1);
  std::optional<std::filesystem::path> site_path;
  app.add_option("--site", site_path,
                 "The judge host's site configuration: box uids and slots, the cgroup parent, the "
                 "tiers allowed (docs/site-config.md). Default: /etc/searchgrader.yaml when it "
                 "exists, else built-in defaults")
      ->check(CLI::ExistingFile);

  GradeArgs grade;
  CLI::App* grade_command =
      app.add_subcommand("grade", "Grade one submission against a spec and print the grade");
  grade_command
      ->add_option("SPEC", grade.spec,
                   "The assignment's spec (YAML), e.g. specs/torus-8-puzzle.yaml")
      ->required();
  grade_command
      ->add_option("SUBMISSION", grade.submission, "The submission: a folder, or a single file")
      ->required();
  grade_command->add_option("--results", grade.results,
                            "Also write Gradescope's results.json to this file");
  grade_command
      ->add_option("--format", grade.format,
                   "What to print: text (for people), json (the full report) or junit (a test "
                   "case per test, for CI)")
      ->check(CLI::IsMember({"text", "json", "junit"}))
      ->capture_default_str();
  grade_command
      ->add_option(
          "--audience", grade.audience,
          "Who reads the text: instructor (everything) or student (hidden tests' details withheld)")
      ->check(CLI::IsMember({"instructor", "student"}))
      ->capture_default_str();
  grade_command->add_option("-j,--jobs", grade.jobs, "Tests run at once (default: one per core)");
  grade_command->add_flag("-v,--verbose", grade.verbose, "Show details of passing tests too");
  grade_command->add_flag("--color", grade.color, "Colour the text report (ANSI)");
  grade_command->add_flag("--progress-lines", grade.progress_lines,
                          "Print a progress line per finished test on stderr (default: a live line "
                          "on a terminal only)");
  grade_command->add_flag("--process-per-test", grade.process_per_test, sg::kProcessPerTestHelp);
  grade_command->add_option("--python", grade.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  grade_command->add_option("--driver-dir", grade.driver_dir, "Folder holding python_driver.py")
      ->capture_default_str();
  sg::add_isolation_option(*grade_command, grade.isolation);

  sg::ValidateArgs validate;
  CLI::App* validate_command = sg::add_validate_command(app, validate);
  sg::ExpectArgs expect;
  CLI::App* expect_command = sg::add_expect_command(app, expect);
  sg::InitCourseArgs init_course;
  CLI::App* init_course_command = sg::add_init_course_command(app, init_course);
  sg::AuditArgs audit;
  CLI::App* audit_command =
      sg::add_audit_command(app, audit, default_python(), sg::default_driver_dir().string());
  sg::CalibrateArgs calibrate;
  CLI::App* calibrate_command = sg::add_calibrate_command(app, calibrate, default_python(),
                                                          sg::default_driver_dir().string());

  sg::BatchArgs batch;
  CLI::App* batch_command =
      sg::add_batch_command(app, batch, default_python(), sg::default_driver_dir().string());
  sg::MergeArgs merge;
  CLI::App* merge_command = sg::add_merge_command(app, merge);
  sg::GradescopeArgs gradescope;
  CLI::App* gradescope_command = sg::add_gradescope_command(app, gradescope);
  sg::CheckArgs check;
  CLI::App* check_command =
      sg::add_check_command(app, check, default_python(), sg::default_driver_dir().string());
  sg::ExportStudentArgs export_student;
  CLI::App* export_student_command = sg::add_export_student_command(app, export_student);
  sg::DoctorArgs doctor;
  CLI::App* doctor_command =
      sg::add_doctor_command(app, doctor, default_python(), sg::default_driver_dir().string());

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kExitUsage;
  }
  try {
    if (std::optional<sg::SiteConfig> site = sg::find_site_config(site_path))
      sg::install_site_config(std::move(*site));
  } catch (const std::exception& e) {
    sg::error_line(fmt::format("site configuration: {}", e.what()));
    return kExitUsage;
  }
  // Worlds a course writes as rules files are asked in a sandboxed Python process.
  sg::install_rules_oracle(
      sg::make_sandbox_rules_oracle(default_python(), sg::default_driver_dir()));
  if (grade_command->parsed()) return run_grade(grade);
  if (validate_command->parsed()) return sg::run_validate(validate);
  if (expect_command->parsed()) return sg::run_expect(expect);
  if (audit_command->parsed()) return sg::run_audit(audit);
  if (calibrate_command->parsed()) return sg::run_calibrate(calibrate);
  if (init_course_command->parsed()) return sg::run_init_course(init_course);
  if (batch_command->parsed()) return sg::run_batch(batch);
  if (merge_command->parsed()) return sg::run_merge(merge);
  if (gradescope_command->parsed()) return sg::run_gradescope(gradescope);
  if (check_command->parsed()) return sg::run_check(check);
  if (export_student_command->parsed()) return sg::run_export_student(export_student);
  if (doctor_command->parsed()) return sg::run_doctor(doctor);
  return kExitUsage;
}
