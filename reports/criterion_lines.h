// One rubric criterion as a platform shows it in one entry: its name, the points it earned and
// could earn, a one-line result and the body a student may read (render_criterion_body() of the
// student view: failing tests with their feedback, hidden tests only as "hidden test N"). The
// renderers for PrairieLearn, GitHub Classroom and Moodle VPL each lay these out in their own
// format; a criterion pending manual grading earns and offers 0 here (its points are given by
// hand on the platform), and says so.
#pragma once

#include <string>
#include <vector>

#include "model/grade_report.h"

namespace sg {

struct CriterionLine {
  std::string id;
  std::string name;       ///< Printable.
  double points = 0;      ///< Earned; 0 when pending manual grading.
  double max_points = 0;  ///< Offered by the autograder; 0 when pending manual grading.
  bool pending_manual = false;
  bool grader_error = false;
  bool passed = false;  ///< Full points, graded.
  std::string result;   ///< "passed", "2 of 3 tests passed", "pending manual grading (20
                        ///< points)", "not graded: grader error (not counted against you)".
  std::string body;     ///< Printable, lines ending in '\n'; may be empty.
};

/// The criterion lines of `report`, rubric order. `report` must be a student view
/// (student_view()); the caller renders from it.
std::vector<CriterionLine> criterion_lines(const GradeReport& report);

/// The points the autograder gives: max_score less the points pending manual grading.
double autograded_max(const GradeReport& report);

}  // namespace sg
