// Per-student feedback as Markdown: what a student reads after a batch run (criteria with points,
// each test's verdict, first difference and diagnosis). Hidden tests elided for students.
#pragma once

#include <string>

#include "model/grade_report.h"
#include "reports/audience.h"

namespace sg {

/// Renders `report` as a Markdown document (UTF-8, ends with a newline).
std::string render_feedback_markdown(const GradeReport& report, Audience audience);

}  // namespace sg
