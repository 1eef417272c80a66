// `searchgrader batch SPEC INPUT... --out DIR`: grade a whole class (see grader/batch/) into
// DIR/results.db, then write DIR's gradebook, feedback pages, summary and results.json.
// Interrupting it (Ctrl-C, kill -9) and running the same command again resumes.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sg {

struct BatchArgs {
  std::string spec;
  std::vector<std::string> inputs;
  std::string out;
  unsigned jobs = 0;
  bool regrade = false;
  std::string shard;  ///< "K/N", empty = the whole class.
  bool progress_lines = false;
  bool keep_run_dirs = false;  ///< Keep DIR/.scratch/sg-run-* (debugging, bench/ replays them).
  std::string runner_steps;    ///< Append each run's step timings here (runner/run_steps.h).
  std::string python;
  std::string driver_dir;
  std::string isolation;          ///< --isolation: "" = the best tier this host offers.
  bool process_per_test = false;  ///< --process-per-test: no fork server (GradeOptions).
};

/// --process-per-test's help, shared by `grade` and `batch`.
inline constexpr const char* kProcessPerTestHelp =
    "Run each function-call test in a process of its own (Python: a new interpreter that "
    "imports the submission again, instead of a fork of one import; Java: a JVM per test, "
    "instead of one JVM serving the tests) (slower; for comparison and debugging)";

/// Registers the `batch` subcommand on `app`, filling `args`; `python` and `driver_dir` are the
/// defaults `grade` uses too.
CLI::App* add_batch_command(CLI::App& app, BatchArgs& args, const std::string& python,
                            const std::string& driver_dir);

/// Runs it. Exit codes: 0 every student graded; 2 unusable input (spec, inputs, --shard, DIR
/// in use by another batch); 3 some student's grade has a grader error (it is retried on the
/// next run) or the store failed; 130 interrupted (what was graded is kept).
int run_batch(const BatchArgs& args);

}  // namespace sg
