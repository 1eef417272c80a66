// The short summary of one graded submission that a student may read, for the platforms that
// show one text beside their per-criterion entries (Gradescope's `output`, PrairieLearn's
// `message` and `output`, a Moodle VPL comment): the score, the criteria by status, the sandbox
// tier, a grader-error notice, why no test ran, errors shared by several tests and notes about
// the submission. It names no test and shows nothing of a test the student may not see: render
// it from student_view(report).
#pragma once

#include <string>

#include "model/grade_report.h"

namespace sg {

/// "Score: 85/100.\nCriteria: 3 passed, 1 failed.\nIsolation: full. Graded in 2.10 s by
/// SearchGrader 0.1.0.\n" and the rest as above; printable text, lines ending in '\n'.
std::string student_summary(const GradeReport& report);

/// What a platform without a "not graded" state shows when a grader fault stopped tests: such
/// tests are not counted against the student, and the instructor can re-run them.
inline constexpr std::string_view kGraderFaultNotice =
    "Some tests could not be graded because of a fault in the autograder, not in your "
    "submission. They are marked \"grader error\" and are not counted against you; your "
    "instructor can re-run them once the autograder is fixed.";

}  // namespace sg
