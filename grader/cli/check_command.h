// `searchgrader check SPEC SUBMISSION`: a student's self-check. Runs the spec's visible tests
// only and prints what a student may see: each visible test's outcome and, for failures, its
// details. Hidden tests are not run and never named; the summary says "All N visible tests
// passed" or "K of N visible tests failed", never a score that would hide failing hidden tests.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct CheckArgs {
  std::string spec;
  std::string submission;
  unsigned jobs = 0;
  bool verbose = false;
  bool progress_lines = false;
  std::string python;
  std::string driver_dir;
  std::string isolation;  ///< --isolation: "" = the best tier this host offers.
};

/// Registers the `check` subcommand on `app`, filling `args`; `python` and `driver_dir` are the
/// defaults `grade` uses too.
CLI::App* add_check_command(CLI::App& app, CheckArgs& args, const std::string& python,
                            const std::string& driver_dir);

/// Runs it. Exit codes: 0 every visible test passed; 1 some visible test failed; 2 unusable input
/// (invalid spec, missing submission, a spec with no visible test); 3 grader fault (also a
/// missing interpreter or driver, found before any test runs).
int run_check(const CheckArgs& args);

}  // namespace sg
