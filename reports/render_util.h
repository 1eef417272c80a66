// Small helpers shared by the renderers in reports/: number formatting, making untrusted text safe
// to print, truncating long outputs, and deciding which tests a rendering must withhold. They hold
// no grading logic: they only choose what to show and how.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/grade_report.h"
#include "reports/audience.h"

namespace sg::report_detail {

/// Points for people: "5", "2.5", "0.33" (at most two decimals, no trailing zeros; non-finite
/// values print as "?").
std::string format_points(double points);

/// `value` if finite, otherwise 0. JSON has no NaN or infinity (nlohmann writes them as null).
double finite_or_zero(double value);

/// `text` as valid UTF-8: every byte that is not part of a well-formed sequence becomes U+FFFD.
/// Needed before nlohmann::json::dump(), which throws on invalid UTF-8.
std::string to_valid_utf8(std::string_view text);

/// Text safe to print on a terminal or in a web page's <pre>: valid UTF-8, and every control
/// character except newline and tab (C0, DEL, C1, so ANSI escapes in a hostile submission's output
/// included) shown as a visible escape such as "\x1b" or "\r".
std::string printable(std::string_view text);

/// Splits on '\n'; a single trailing newline does not make an extra empty line. Empty text gives
/// no lines.
std::vector<std::string_view> split_lines(std::string_view text);

/// An aspect's feedback split into its sentence (the first line) and its evidence (the lines after
/// it, such as a table of the student's expansions; empty when there are none), for renderers that
/// show the sentence inline and the evidence preformatted.
struct SentenceAndEvidence {
  std::string_view sentence;
  std::string_view evidence;
};
SentenceAndEvidence split_evidence(std::string_view feedback);

/// `line` cut to at most `max_chars` code points, with " ... (N more characters)" appended if cut.
std::string clip_line(std::string_view line, std::size_t max_chars);

/// `text` cut to at most `max_bytes` bytes (at a UTF-8 boundary) with "\n[cut: ...]\n" after it,
/// for a platform field with a size limit; `text` itself when it fits.
std::string clip_text(std::string text, std::size_t max_bytes);

/// True if a rendering for `audience` must withhold this test's details.
bool withheld(const TestOutcome& test, Audience audience);

/// True if `test` counts as failing for criterion `criterion_id`, for deciding what to show under
/// that criterion: an aspect bound to the criterion failed, or the verdict is not accepted and is
/// not a wrong answer whose aspects bound to this criterion all passed.
bool fails_for_criterion(const TestOutcome& test, std::string_view criterion_id);

/// True if `test` has not passed overall (verdict other than accepted, or a failed aspect).
bool fails_overall(const TestOutcome& test);

/// For each test in report.tests, its 1-based number among the tests that are not `visible`
/// ("hidden test 3"), or 0 for visible tests. Numbering follows report order, so a hidden test
/// has the same number in every criterion and every renderer.
std::vector<std::size_t> hidden_numbers(const GradeReport& report);

/// Index of the test with this id in report.tests, or report.tests.size() if there is none.
std::size_t find_test(const GradeReport& report, std::string_view test_id);

}  // namespace sg::report_detail
