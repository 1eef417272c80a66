// The plain-text report: what a student reads in a terminal or in Gradescope's collapsed <pre>, and
// what an instructor reads when checking a grade. One header, one block per rubric criterion with
// the tests that cost points, then notes about the submission. Fits a 100-column terminal.
#pragma once

#include <cstddef>
#include <string>

#include "model/grade_report.h"
#include "reports/audience.h"

namespace sg {

/// How render_text() and its parts render a GradeReport.
struct TextOptions {
  /// Who reads it. Defaults to student, the safe choice: hidden tests' details are withheld.
  Audience audience = Audience::student;
  bool color = false;    ///< ANSI colours for status marks and the header (for a terminal only).
  bool verbose = false;  ///< Also show the details of passing tests, and of passed criteria.
  /// Expected, observed and feedback text is cut after this many lines ("... N more lines").
  std::size_t max_output_lines = 20;
  /// Longer lines of expected, observed and feedback text are cut to this many characters.
  std::size_t max_line_chars = 200;
};

/// The whole report as text, '\n'-terminated lines:
/// - a header: assignment title, submission path, score "87/100", pending manual points
///   "(+20 pending manual grading)", isolation tier and wall-clock seconds of the grading;
/// - per criterion, a status mark, points "5/5" and name; under a failed or partial criterion each
///   failing test bound to it (name, verdict, call, feedback, expected vs observed, notes);
///   pending manual criteria read "pending (manual)", grader-error criteria read
///   "not graded: grader error (not counted against you)";
/// - tests bound to no criterion that did not pass (all of them if verbose);
/// - the submission notes, and a grader-fault notice if report.has_grader_errors.
/// Text from the submission is made printable (control characters escaped) before it is shown.
std::string render_text(const GradeReport& report, const TextOptions& options);

/// The body of one criterion's block without its header line: a summary line, then the failing
/// tests bound to it (all of them if verbose), indented by two spaces. For a student, tests that
/// are not visible appear only as "hidden test N: passed/failed" and the criterion's summary is
/// replaced by a count if it involves such tests. Used as the per-criterion output of Gradescope's
/// results.json. `criterion` should be one of report.criteria.
std::string render_criterion_body(const GradeReport& report, const CriterionOutcome& criterion,
                                  const TextOptions& options);

/// Every detail of one test (verdict, call, aspects, feedback, expected, observed, notes,
/// resources), regardless of verdict, or just "hidden test N: passed/failed" if the audience may
/// not see it. `test` should be one of report.tests.
std::string render_test_details(const GradeReport& report, const TestOutcome& test,
                                const TextOptions& options);

}  // namespace sg
