// searchgrader: the command line. Subcommands:
//   grade SPEC SUBMISSION   grade one submission (a folder or a file), print the grade
//   validate SPEC...        check specs, the reference's pinned figures and golden outputs
//   expect SPEC [--write]   the reference's expected outputs; --write freezes the golden file
//   audit SPEC              course CI: fixtures against their stated outcomes, mutation score
//   calibrate SPEC [--write] the accepted solutions' CPU time per test, for scaled time limits
//   init-course DIR         a course repository from the template (spec, fixtures, CI script)
//   prairielearn            PrairieLearn's external grader (/grade/... in, results.json out)
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
#include "cli/grade_command.h"
#include "cli/gradescope_command.h"
#include "cli/init_course_command.h"
#include "cli/install_paths.h"
#include "cli/merge_command.h"
#include "cli/prairielearn_command.h"
#include "cli/site_config_file.h"
#include "cli/validate_command.h"
#include "engine/rules_oracle.h"

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

  sg::GradeArgs grade;
  CLI::App* grade_command =
      sg::add_grade_command(app, grade, default_python(), sg::default_driver_dir().string());

  sg::PrairieLearnArgs prairielearn;
  CLI::App* prairielearn_command = sg::add_prairielearn_command(app, prairielearn, default_python(),
                                                                sg::default_driver_dir().string());
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
  if (grade_command->parsed()) return sg::run_grade(grade);
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
  if (prairielearn_command->parsed()) return sg::run_prairielearn(prairielearn);
  return kExitUsage;
}
