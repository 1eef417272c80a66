// Moodle VPL's evaluation output (the Virtual Programming Lab reads what its `vpl_execution`
// prints): comments as blocks between a line "<|--" and a line "--|>", in which a line starting
// "-" is a title and a line starting ">" is preformatted; and a proposed grade on the last line
// starting "Grade :=>>". One block for the score and the notes, one per rubric criterion (its
// result, then the first lines of its feedback), rendered from the student view (hidden tests
// withheld). Every line inside a block starts with "-" or ">", so nothing the submission printed
// can end a block or propose a grade.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/grade_report.h"

namespace sg {

/// The evaluation output for a graded submission. The grade is the points earned, scaled to
/// `grade_max` (the activity's maximum grade, VPL_GRADEMAX) when given, two decimals at most.
std::string render_vpl(const GradeReport& report, std::optional<double> grade_max);

/// The output when nothing could be graded: a comment saying why, and "Grade :=>> 0" only when
/// the submission itself is at fault (`student_fault`); after a grader fault no grade is
/// proposed, so VPL records none rather than a zero.
std::string render_vpl_error(std::string_view message, bool student_fault);

}  // namespace sg
