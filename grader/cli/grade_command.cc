#include "cli/grade_command.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/batch_command.h"  // kProcessPerTestHelp
#include "cli/exit_status.h"
#include "cli/grader_build.h"
#include "cli/isolation_choice.h"
#include "cli/progress_line.h"
#include "engine/grade_submission.h"
#include "engine/grading_tools.h"
#include "kinds/kind_registry.h"
#include "reports/classroom_results.h"
#include "reports/gradescope_results.h"
#include "reports/json_report.h"
#include "reports/junit_report.h"
#include "reports/prairielearn_results.h"
#include "reports/student_view.h"
#include "reports/text_report.h"
#include "reports/vpl_results.h"
#include "runner/isolation.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

std::string short_verdict(Verdict verdict) {
  return verdict == Verdict::accepted ? "ok" : std::string(describe(verdict));
}

// Appends the classroom runner's line to the file GitHub Actions names in $GITHUB_OUTPUT.
bool append_github_output(const nlohmann::json& results) {
  const char* path = std::getenv("GITHUB_OUTPUT");
  if (path == nullptr || *path == '\0') {
    error_line("--github-output: $GITHUB_OUTPUT is not set (it is inside a GitHub Actions step)");
    return false;
  }
  std::ofstream out(path, std::ios::app);
  out << classroom_output_line(results);
  if (!out) {
    error_line(fmt::format("--github-output: cannot append to {}", path));
    return false;
  }
  return true;
}

// Everything a run owes when no report exists: Gradescope's results.json, the platform's own
// output on stdout, the classroom line.
int report_failure(const GradeArgs& args, const GradeAttempt& attempt) {
  if (!args.results.empty())
    write_json_file_atomically(gradescope_grader_error_results(attempt.student_message, 0.0),
                               args.results);
  if (args.format == "prairielearn") {
    std::cout << prairielearn_not_gradable(attempt.student_message).dump(2) << "\n";
  } else if (args.format == "classroom") {
    std::cout << classroom_error_results(attempt.student_message).dump(2) << "\n";
  } else if (args.format == "vpl") {
    std::cout << render_vpl_error(attempt.student_message, attempt.student_fault);
  }
  if (args.github_output && !append_github_output(classroom_error_results(attempt.student_message)))
    return kExitGraderFault;
  return attempt.exit_code;
}

}  // namespace

GradeAttempt attempt_grade(const GradeArgs& args) {
  GradeAttempt attempt;
  Assignment assignment;
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  try {
    assignment = kinds.load_valid_spec(args.spec);
  } catch (const SpecError& error) {
    error_line(error.what());
    // Students read the platforms' outputs, and the spec's errors may name hidden tests: the
    // details go to stderr only.
    attempt.exit_code = kExitUsage;
    attempt.student_message =
        "The assignment's spec is invalid, so nothing was graded. This is for your instructor to "
        "fix; the details are in the autograder's output.";
    return attempt;
  }
  std::error_code exists_error;
  if (!fs::exists(args.submission, exists_error)) {
    error_line(fmt::format("no such submission: {} (give a folder or a file)", args.submission));
    attempt.exit_code = kExitUsage;
    attempt.student_fault = true;
    attempt.student_message = "No submission was found to grade.";
    return attempt;
  }
  scale_limits_for_this_machine(assignment, args.python);

  GradeOptions options;
  options.context.python = args.python;
  options.context.driver_dir = args.driver_dir;
  if (const auto problems = grading_tool_problems(options.context, assignment); !problems.empty()) {
    for (const auto& problem : problems) error_line("grader fault: " + problem);
    attempt.exit_code = kExitGraderFault;
    attempt.student_message =
        "The autograder is not set up correctly, so nothing was graded. This is for your "
        "instructor to fix; the details are in the autograder's output.";
    return attempt;
  }
  options.jobs = args.jobs;
  options.fork_tests = !args.process_per_test;
  options.grader_version = grader_build_version(args.driver_dir);
  ProgressLine progress(
      stderr, args.progress_lines ? ProgressLine::Mode::lines : ProgressLine::Mode::automatic);
  options.on_test_done = [&](std::size_t done, std::size_t total, const TestOutcome& outcome) {
    progress.update(fmt::format("[{}/{}] {} {} ({:.1f} s)", done, total, outcome.name,
                                short_verdict(outcome.verdict), outcome.wall_seconds));
  };

  IsolationTier tier;
  try {
    tier = choose_isolation_tier(args.isolation, assignment);
  } catch (const TierRefused& refused) {
    error_line(refused.what());
    attempt.exit_code = kExitGraderFault;
    attempt.student_message = refused.what();
    return attempt;
  }
  try {
    const auto runner = make_grading_runner(tier);
    attempt.report = grade_submission(assignment, kinds, *runner, args.submission, options);
  } catch (const std::exception& error) {
    progress.finish();
    error_line(fmt::format("grading failed because of a grader fault: {}", error.what()));
    attempt.exit_code = kExitGraderFault;
    attempt.student_message = error.what();
    return attempt;
  }
  progress.finish();
  attempt.exit_code = attempt.report->has_grader_errors ? kExitGraderFault : kExitOk;
  return attempt;
}

CLI::App* add_grade_command(CLI::App& app, GradeArgs& args, const std::string& python,
                            const std::string& driver_dir) {
  args.python = python;
  args.driver_dir = driver_dir;
  CLI::App* command =
      app.add_subcommand("grade", "Grade one submission against a spec and print the grade");
  command
      ->add_option("SPEC", args.spec,
                   "The assignment's spec (YAML), e.g. specs/torus-8-puzzle.yaml")
      ->required();
  command->add_option("SUBMISSION", args.submission, "The submission: a folder, or a single file")
      ->required();
  command->add_option("--results", args.results,
                      "Also write Gradescope's results.json to this file");
  command
      ->add_option("--format", args.format,
                   "What to print: text (for people), json (the full report), junit (a test case "
                   "per test, for CI), prairielearn (PrairieLearn's results.json), classroom (a "
                   "GitHub Classroom runner's result) or vpl (Moodle VPL's evaluation output). "
                   "The platforms' formats always withhold hidden tests (docs/platforms.md)")
      ->check(CLI::IsMember({"text", "json", "junit", "prairielearn", "classroom", "vpl"}))
      ->capture_default_str();
  command
      ->add_option(
          "--audience", args.audience,
          "Who reads the text: instructor (everything) or student (hidden tests' details withheld)")
      ->check(CLI::IsMember({"instructor", "student"}))
      ->capture_default_str();
  command
      ->add_option("--grade-max", args.grade_max,
                   "vpl: the activity's maximum grade (VPL_GRADEMAX); the grade is scaled to it")
      ->check(CLI::PositiveNumber);
  command->add_flag("--github-output", args.github_output,
                    "Append the GitHub Classroom runner's result (result=<base64 JSON>) to the "
                    "file $GITHUB_OUTPUT names, for the classroom autograding reporter");
  command->add_option("-j,--jobs", args.jobs, "Tests run at once (default: one per core)");
  command->add_flag("-v,--verbose", args.verbose, "Show details of passing tests too");
  command->add_flag("--color", args.color, "Colour the text report (ANSI)");
  command->add_flag("--progress-lines", args.progress_lines,
                    "Print a progress line per finished test on stderr (default: a live line on a "
                    "terminal only)");
  command->add_flag("--process-per-test", args.process_per_test, kProcessPerTestHelp);
  command->add_option("--python", args.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  command
      ->add_option("--driver-dir", args.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  add_isolation_option(*command, args.isolation);
  return command;
}

int run_grade(const GradeArgs& args) {
  const GradeAttempt attempt = attempt_grade(args);
  if (!attempt.report) return report_failure(args, attempt);
  const GradeReport& report = *attempt.report;
  const Audience audience = args.audience == "student" ? Audience::student : Audience::instructor;
  const GradeReport& shown = audience == Audience::student ? student_view(report) : report;
  if (args.format == "json") {
    std::cout << to_json(shown).dump(2) << "\n";
  } else if (args.format == "junit") {
    std::cout << render_junit({junit_suite(shown)});
  } else if (args.format == "prairielearn") {
    std::cout << prairielearn_results(report).dump(2) << "\n";
  } else if (args.format == "classroom") {
    std::cout << classroom_results(report).dump(2) << "\n";
  } else if (args.format == "vpl") {
    std::cout << render_vpl(report, args.grade_max);
  } else {
    TextOptions text;
    text.audience = audience;
    text.verbose = args.verbose;
    text.color = args.color;
    std::cout << render_text(report, text);
  }
  if (!args.results.empty()) {
    try {
      write_gradescope_results(report, args.results);
    } catch (const std::exception& error) {
      error_line(error.what());
      return kExitGraderFault;
    }
  }
  if (args.github_output && !append_github_output(classroom_results(report)))
    return kExitGraderFault;
  return attempt.exit_code;
}

}  // namespace sg
