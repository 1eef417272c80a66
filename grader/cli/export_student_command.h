// `searchgrader export-student SPEC [--out FILE]`: writes the student copy of a spec (hidden
// tests removed; see spec/student_spec.h) and checks that it validates like any spec.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct ExportStudentArgs {
  std::string spec;
  std::string out;  ///< Empty = standard output.
};

/// Registers the `export-student` subcommand on `app`, filling `args`.
CLI::App* add_export_student_command(CLI::App& app, ExportStudentArgs& args);

/// Runs it. Exit codes: 0 written and valid; 2 invalid spec, no visible test, unwritable
/// output; 3 the copy did not validate (a grader fault).
int run_export_student(const ExportStudentArgs& args);

}  // namespace sg
