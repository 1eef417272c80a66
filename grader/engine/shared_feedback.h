// Feedback repeated word for word in several tests (the same import traceback in thirty tests, the
// same crash in every call) is kept once, in GradeReport::shared_feedback; each test keeps the
// first line and a reference ("error E1"), so a reader sees the full error once and every test
// still says what went wrong.
#pragma once

#include "model/grade_report.h"

namespace sg {

/// Moves every feedback text of two or more lines that appears in at least two tests (as a test's
/// feedback or an aspect's) into report.shared_feedback, in order of first use, and replaces each
/// occurrence with its first line and a reference to the shared entry.
void share_repeated_feedback(GradeReport& report);

/// The text that replaces a shared feedback in a test: "<first line> (error E1, shown once for
/// the whole submission)".
std::string shared_feedback_reference(const SharedFeedback& shared);

}  // namespace sg
