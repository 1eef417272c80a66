// StudentView: the one place where what a student may not see is taken out of a GradeReport.
// Every renderer that a student reads (text, JSON, Markdown, HTML, Gradescope's results.json,
// `check`) renders student_view(report), never the report itself, so no renderer can leak a
// hidden test by showing a field it forgot to withhold: the field is already empty.
#pragma once

#include "model/grade_report.h"

namespace sg {

/// The report as a student may see it. A test whose visibility is not `visible` (hidden,
/// after_due_date, after_published) keeps only its place, its visibility, its verdict and its
/// aspects' results (aspect name, criterion, passed, judged): its id becomes "hidden-N" and its
/// name "hidden test N" (N counts the non-visible tests in report order, as every renderer
/// numbers them), and its call, expected and observed output, feedback, notes, aspect feedback and
/// resource figures are cleared. Criterion test_ids follow the new ids, and every criterion's
/// summary is written anew by summarize_criterion() (a stored or merged report may hold any
/// text there). Shared feedback is kept only
/// where a visible test shares it, and lists visible tests only. spec_path and submission_path
/// keep their last component only (no grader-side folders). Visible tests are unchanged.
GradeReport student_view(const GradeReport& report);

}  // namespace sg
