// searchgrader prairielearn: PrairieLearn's external grader. Run as a question's entrypoint in
// the grading container, it reads the job PrairieLearn lays out under /grade (--root): the
// student's files in student/, the question's tests/ and the course's serverFilesCourse/, and
// data/data.json; it grades the student's files with the spec the job names and always writes
// results/results.json in PrairieLearn's format (reports/prairielearn_results.h), also when the
// spec is missing or the grader fails (gradable false, never a zero). docs/platforms.md.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/grade_command.h"

namespace sg {

struct PrairieLearnArgs {
  std::string root = "/grade";
  /// The spec: given, else data.json's params.searchgrader_spec, else the one *.yaml in tests/.
  /// A relative path is looked for under tests/, then serverFilesCourse/.
  std::string spec;
  GradeArgs grade;  ///< jobs, python, driver_dir, isolation.
};

CLI::App* add_prairielearn_command(CLI::App& app, PrairieLearnArgs& args, const std::string& python,
                                   const std::string& driver_dir);

/// Exit codes: 0 results.json written (whatever it says); 3 it could not be written.
int run_prairielearn(const PrairieLearnArgs& args);

}  // namespace sg
