// The class gradebook as CSV (RFC 4180: CRLF line ends, fields with a comma, quote or line
// break are quoted, quotes doubled), one row per student, ready to import into Canvas or
// Gradescope as a grade column. Columns: student_id, name, total, max, then one per rubric
// criterion (its id as the header, in the spec's order). A cell is left empty, never 0, when the
// grader could not compute it (a grader error) or it awaits a manual grade.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/class_entry.h"

namespace sg {

/// Quotes `field` for CSV if it needs it.
std::string csv_field(std::string_view field);

/// A text cell (a name, an id) as csv_field() writes it, made inert for spreadsheets first
/// (OWASP "CSV injection"): a value that begins with =, +, -, @, a tab or a carriage return would
/// be run as a formula by Excel or LibreOffice, so it gets a leading apostrophe ("'=HYPERLINK(...)"
/// shows as text). Scores are numbers written by the grader and never pass through here.
std::string csv_text(std::string_view field);

/// The gradebook of `entries`, rows sorted by student id. Criterion columns are the union of
/// every report's criteria, in order of first appearance.
std::string render_gradebook_csv(const std::vector<ClassEntry>& entries);

}  // namespace sg
