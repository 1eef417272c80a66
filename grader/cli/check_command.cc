#include "cli/check_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string_view>

#include "cli/calibrate_command.h"
#include "cli/exit_status.h"
#include "cli/grader_build.h"
#include "cli/isolation_choice.h"
#include "cli/progress_line.h"
#include "cli/spec_argument.h"
#include "engine/grade_submission.h"
#include "engine/grading_tools.h"
#include "kinds/kind_registry.h"
#include "reports/render_util.h"
#include "reports/text_report.h"
#include "runner/isolation.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

// The summary line. Only visible tests ran, so it speaks of them and nothing else, and never
// of a score: a total over visible tests would hide failing hidden tests.
std::string summary(std::size_t total, std::size_t failed, std::size_t errors) {
  const std::string_view tests = total == 1 ? "test" : "tests";
  std::string text;
  if (failed == 0 && errors == 0) {
    text = fmt::format("All {} visible {} passed.", total, tests);
  } else if (failed == 0) {
    text = fmt::format("No visible test failed, but not all {} could be checked.", total);
  } else {
    text = fmt::format("{} of {} visible {} failed.", failed, total, tests);
  }
  if (errors > 0) {
    text += fmt::format(
        " {} could not be checked because of a fault in the grader, not in your "
        "submission.",
        errors);
  }
  return text;
}

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckArgs& args, const std::string& python,
                            const std::string& driver_dir) {
  args.python = python;
  args.driver_dir = driver_dir;
  CLI::App* command = app.add_subcommand(
      "check",
      "Self-check for students: run the spec's visible tests only (hidden tests are neither run "
      "nor shown)");
  command->add_option("SPEC", args.spec, "The assignment's spec, or its student copy")->required();
  command->add_option("SUBMISSION", args.submission, "Your submission: a folder, or a file")
      ->required();
  command->add_option("-j,--jobs", args.jobs, "Tests run at once (default: one per core)");
  command->add_flag("-v,--verbose", args.verbose, "Show details of passing tests too");
  command->add_flag("--progress-lines", args.progress_lines,
                    "Print a progress line per finished test on stderr");
  command->add_option("--python", args.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  add_isolation_option(*command, args.isolation);
  command
      ->add_option("--driver-dir", args.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  command->footer(
      "Exit codes:\n"
      "  0  every visible test passed\n"
      "  1  some visible test failed (the output says which, and why)\n"
      "  2  unusable input: a missing or invalid spec, a missing submission, no visible test\n"
      "  3  grader fault: the grader could not check (a missing Python or driver, a sandbox "
      "fault)");
  return command;
}

int run_check(const CheckArgs& args) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  std::optional<Assignment> loaded = load_spec_argument(kinds, args.spec);
  if (!loaded) return kExitUsage;
  Assignment assignment = std::move(*loaded);
  scale_limits_for_this_machine(assignment, args.python);
  if (!std::filesystem::exists(args.submission)) {
    error_line(fmt::format("no such submission: {} (give a folder or a file)", args.submission));
    return kExitUsage;
  }
  const std::size_t hidden = static_cast<std::size_t>(
      std::count_if(assignment.tests.begin(), assignment.tests.end(),
                    [](const TestSpec& test) { return test.visibility != Visibility::visible; }));
  // Hidden tests never run here: nothing about them can reach the output.
  std::erase_if(assignment.tests,
                [](const TestSpec& test) { return test.visibility != Visibility::visible; });
  if (assignment.tests.empty()) {
    error_line(fmt::format("{} has no visible tests to check", args.spec));
    return kExitUsage;
  }

  GradeOptions options;
  options.context.python = args.python;
  options.context.driver_dir = args.driver_dir;
  if (const auto problems = grading_tool_problems(options.context, assignment); !problems.empty()) {
    for (const auto& problem : problems) error_line("grader fault: " + problem);
    return kExitGraderFault;
  }
  options.jobs = args.jobs;
  options.grader_version = grader_build_version(args.driver_dir);
  ProgressLine progress(
      stderr, args.progress_lines ? ProgressLine::Mode::lines : ProgressLine::Mode::automatic);
  options.on_test_done = [&](std::size_t done, std::size_t total, const TestOutcome& outcome) {
    progress.update(fmt::format("[{}/{}] {} {}", done, total, outcome.name,
                                outcome.verdict == Verdict::accepted
                                    ? std::string("ok")
                                    : std::string(describe(outcome.verdict))));
  };
  IsolationTier tier;
  try {
    tier = choose_isolation_tier(args.isolation, assignment);
  } catch (const TierRefused& refused) {
    error_line(refused.what());
    return kExitGraderFault;
  }
  GradeReport report;
  try {
    const auto runner = make_grading_runner(tier);
    report = grade_submission(assignment, kinds, *runner, args.submission, options);
  } catch (const std::exception& error) {
    progress.finish();
    error_line(fmt::format("the check failed because of a grader fault: {}", error.what()));
    return kExitGraderFault;
  }
  progress.finish();

  const std::string title =
      assignment.title.empty() ? assignment.id : report_detail::printable(assignment.title);
  std::string out = fmt::format("Self-check: {}\n", title);
  out += fmt::format("Ran the {} visible tests of {}.", report.tests.size(), args.spec);
  if (hidden > 0) {
    out += fmt::format(
        " {} hidden {} not run here; they are graded after you submit and count "
        "toward your grade.",
        hidden, hidden == 1 ? "test is" : "tests are");
  }
  out += "\n\n";
  TextOptions text;
  text.audience = Audience::student;
  text.verbose = args.verbose;
  if (report.submission_verdict) {
    out += fmt::format("{}: no test could run.\n{}\n\n", describe(*report.submission_verdict),
                       report_detail::printable(report.submission_feedback));
  }
  for (const SharedFeedback& shared : report.shared_feedback) {
    out += fmt::format("Error {} (in {} tests):\n{}\n\n", shared.id, shared.test_ids.size(),
                       report_detail::printable(shared.text));
  }
  std::size_t failed = 0;
  std::size_t errors = 0;
  for (const TestOutcome& test : report.tests) {
    const bool error = test.verdict == Verdict::grader_error;
    const bool failing = report_detail::fails_overall(test);
    errors += error ? 1 : 0;
    failed += failing && !error ? 1 : 0;
    if (failing || args.verbose) {
      out += render_test_details(report, test, text);
    } else {
      out += fmt::format("+ {}: passed\n",
                         report_detail::printable(test.name.empty() ? test.id : test.name));
    }
  }
  out += "\n" + summary(report.tests.size(), failed, errors) + "\n";
  std::cout << out;
  return errors > 0 ? kExitGraderFault : failed > 0 ? kExitTestsFailed : kExitOk;
}

}  // namespace sg
