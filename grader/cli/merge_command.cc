#include "cli/merge_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "batch/class_outputs.h"
#include "batch/grade_class.h"
#include "cli/exit_status.h"
#include "store/results_store.h"

namespace sg {

namespace {

namespace fs = std::filesystem;

}  // namespace

CLI::App* add_merge_command(CLI::App& app, MergeArgs& args) {
  CLI::App* command = app.add_subcommand(
      "merge", "Combine the results stores of several batch runs (shards) into one gradebook");
  command->footer(R"(Exit codes:
  0  merged; the gradebook and pages are written
  2  a DIR without a results store, or a store that cannot be read
  3  some student's grade has a grader error, or writing failed

Example:
  searchgrader merge grades/shard-* --out grades/all
Docs: docs/class-grading.md.)");
  command->add_option("DIR", args.stores, "Batch output folders (or their results.db files)")
      ->required();
  command->add_option("-o,--out", args.out, "Output folder for the merged store and pages")
      ->required();
  return command;
}

int run_merge(const MergeArgs& args) {
  std::vector<StoredResult> rows;
  for (const auto& input : args.stores) {
    const fs::path db = fs::is_directory(input) ? fs::path(input) / "results.db" : fs::path(input);
    if (!fs::is_regular_file(db)) {
      error_line(
          fmt::format("{}: no results store here (expected a batch output folder "
                      "holding results.db)",
                      input));
      return kExitUsage;
    }
    try {
      ResultsStore store(db);
      for (auto& row : store.all_current()) rows.push_back(std::move(row));
    } catch (const StoreError& error) {
      error_line(error.what());
      return kExitUsage;
    }
  }
  // Oldest first: where two stores graded a student, the later grade ends up current.
  std::stable_sort(rows.begin(), rows.end(), [](const StoredResult& a, const StoredResult& b) {
    return a.graded_at < b.graded_at;
  });
  std::set<std::string> specs;
  std::set<std::string> students;
  std::size_t repeated = 0;
  for (const auto& row : rows) {
    specs.insert(row.key.spec_hash);
    repeated += students.insert(row.key.student_id).second ? 0 : 1;
  }
  if (repeated > 0) {
    fmt::print(stderr,
               "searchgrader: warning: {} students have results in more than one input (shards "
               "of different N?); the latest grade is current, the others are kept as history\n",
               repeated);
  }
  if (specs.size() > 1) {
    fmt::print(stderr,
               "searchgrader: warning: the stores were graded against {} different specs (by "
               "SHA-256); the gradebook mixes them\n",
               specs.size());
  }
  try {
    const fs::path out = args.out;
    fs::create_directories(out);
    ResultsStore merged(out / "results.db");
    std::size_t added = 0;
    for (const auto& row : rows) added += merged.import(row) ? 1 : 0;
    std::vector<ClassEntry> entries;
    std::size_t faults = 0;
    for (const auto& row : merged.all_current()) {
      entries.push_back(class_entry_from_stored(row));
      faults += row.has_grader_errors ? 1 : 0;
    }
    write_class_outputs(out, entries);
    fmt::print(stderr,
               "searchgrader: merged {} stores: {} students ({} results new here){}. "
               "Wrote {}\n",
               args.stores.size(), entries.size(), added,
               faults ? fmt::format(", {} with grader errors", faults) : "",
               (out / "gradebook.csv").string());
    return faults ? kExitGraderFault : kExitOk;
  } catch (const std::exception& error) {
    error_line(error.what());
    return kExitGraderFault;
  }
}

}  // namespace sg
