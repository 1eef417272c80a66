// searchgrader grade SPEC SUBMISSION: grade one submission and print the grade for people, CI or
// a course platform (--format text, json, junit, prairielearn, classroom, vpl); --results also
// writes Gradescope's results.json. attempt_grade() is the grading itself, shared by the
// commands that speak a platform's own layout (prairielearn): whatever goes wrong, it says
// whose fault it is, so that every platform's output can be written.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "model/grade_report.h"

namespace sg {

struct GradeArgs {
  std::string spec;
  std::string submission;
  std::string results;  ///< Gradescope's results.json, when given.
  std::string format = "text";
  std::string audience = "instructor";
  std::optional<double> grade_max;  ///< vpl: the activity's maximum grade.
  bool github_output = false;       ///< classroom: append result=... to $GITHUB_OUTPUT.
  unsigned jobs = 0;
  bool verbose = false;
  bool color = false;
  std::string python;
  std::string driver_dir;
  bool progress_lines = false;
  bool process_per_test = false;
  std::string isolation;  ///< "" = the best tier the host offers.
};

/// What grading one submission came to: a report, or why there is none.
struct GradeAttempt {
  std::optional<GradeReport> report;
  int exit_code = 0;  ///< kExitOk, kExitUsage (bad spec or submission), kExitGraderFault.
  /// Why there is no report, for people and for the student: never names a hidden test.
  std::string student_message;
  /// The submission itself is unusable (kExitUsage with a spec that loaded): not the grader's
  /// fault.
  bool student_fault = false;
};

/// Loads and validates `args.spec`, grades `args.submission` in the sandbox and returns the
/// report; prints progress and every diagnosis (spec errors with file:line:col, grader faults)
/// on stderr. Never throws.
GradeAttempt attempt_grade(const GradeArgs& args);

/// Adds `grade` to `app`; `python` and `driver_dir` are the defaults shown in --help.
CLI::App* add_grade_command(CLI::App& app, GradeArgs& args, const std::string& python,
                            const std::string& driver_dir);

/// Runs `grade`: prints in args.format, writes --results and $GITHUB_OUTPUT when asked. Exit
/// codes as main's footer says: 0 graded, 2 unusable input, 3 grader fault.
int run_grade(const GradeArgs& args);

}  // namespace sg
