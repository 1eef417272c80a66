// ClassEntry: one student's graded submission within a class run (batch, store, merge). A plain
// value type shared by the batch layer (which fills it) and reports/ (which render it).
#pragma once

#include <string>

#include "model/grade_report.h"

namespace sg {

/// One student of a class and the grade of their submission.
struct ClassEntry {
  /// Stable identity from the intake layout: a folder name, Canvas user id, Gradescope
  /// submission id's owner email... Unique within a class run; the gradebook's key column.
  std::string student_id;
  /// Display name when the layout has one (Canvas "name", Gradescope metadata); may be empty.
  std::string student_name;
  /// SHA-256 (hex) of the submission's content: file names and bytes, order-independent.
  std::string submission_hash;
  GradeReport report;
};

}  // namespace sg
