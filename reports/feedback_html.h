// Per-student feedback as one self-contained HTML page (inline CSS, no scripts or external
// resources): criteria, tests, boards drawn as grids with first differences highlighted.
#pragma once

#include <string>

#include "model/grade_report.h"
#include "reports/audience.h"

namespace sg {

/// Renders `report` as a complete HTML5 document.
std::string render_feedback_html(const GradeReport& report, Audience audience);

}  // namespace sg
