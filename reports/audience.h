// Audience: who a rendered report is for. Every renderer takes one, because the same GradeReport
// must never show a student what a hidden test ran, expected or observed, while an instructor needs
// all of it to trust the grade.
#pragma once

namespace sg {

/// Who reads a rendering.
/// - student: a test whose visibility is not `visible` (hidden, after_due_date, after_published)
///   appears only as "hidden test N: passed/failed"; its name, call, expected and observed output,
///   feedback and notes are withheld.
/// - instructor: everything is shown.
enum class Audience { student, instructor };

}  // namespace sg
