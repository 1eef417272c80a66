// Rubric scoring: turns test outcomes into criterion points. A criterion's points come from the
// aspects bound to it (tests' `grades`): all-or-nothing by default (the seed rubrics' "Full Marks
// / No Marks"), or proportional. A criterion touched by a grader error is reported as not graded,
// never as the student's zero; a manual criterion is pending until a person grades it.
#pragma once

#include "model/assignment.h"
#include "model/grade_report.h"

namespace sg {

/// Fills report.criteria (in rubric order), score, max_score, pending_points and
/// has_grader_errors from report.tests, whose aspects carry their criterion ids. A criterion's
/// summary counts tests and never names one, so it is safe to show to any reader.
void apply_rubric(const Assignment& assignment, GradeReport& report);

}  // namespace sg
