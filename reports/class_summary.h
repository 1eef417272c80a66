// Class summary page: per-test pass rates, a score histogram (inline SVG), the slowest
// submissions and every grader error, as one self-contained HTML page for the instructor.
#pragma once

#include <string>
#include <vector>

#include "model/class_entry.h"

namespace sg {

/// Renders the summary of `entries` (any order) as a complete HTML5 document.
std::string render_class_summary_html(const std::vector<ClassEntry>& entries);

}  // namespace sg
