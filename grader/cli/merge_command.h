// `searchgrader merge DIR... --out OUT`: combine the results stores of several batch runs (the
// shards of one class, graded on different machines) into OUT/results.db and write OUT's
// gradebook, feedback pages, summary and results.json, exactly as `batch` would have.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sg {

struct MergeArgs {
  std::vector<std::string> stores;  ///< Batch output folders (or results.db files).
  std::string out;
};

/// Registers the `merge` subcommand on `app`, filling `args`.
CLI::App* add_merge_command(CLI::App& app, MergeArgs& args);

/// Runs it. Each input's current results are imported oldest first, so where two inputs graded
/// the same student the later grade is current and the earlier is kept as history; importing
/// the same store twice adds nothing. Exit codes: 0 done; 2 a missing or unreadable store;
/// 3 some student's grade has a grader error.
int run_merge(const MergeArgs& args);

}  // namespace sg
