#include "reports/feedback_markdown.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "reports/board_text.h"
#include "reports/feedback_outline.h"
#include "reports/render_util.h"
#include "reports/student_view.h"

namespace sg {
namespace {

using report_detail::FeedbackOutline;
using report_detail::printable;
using report_detail::split_lines;
using report_detail::TestLine;

constexpr std::size_t kMaxOutputLines = 60;
constexpr std::size_t kMaxLineChars = 200;

// Text safe inside a Markdown paragraph or table cell: printable, one line, and every character
// Markdown would read as markup escaped.
std::string md_text(std::string_view text) {
  const std::string safe = printable(text);
  std::string out;
  out.reserve(safe.size());
  for (const char c : safe) {
    if (c == '\n' || c == '\t') {
      out += ' ';
    } else if (std::string_view("\\`*_[]<>|#!~&").find(c) != std::string_view::npos) {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

// A fence longer than any run of backticks in `text`, so the text cannot close it.
std::string fence_for(std::string_view text) {
  std::size_t longest = 0;
  std::size_t run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max<std::size_t>(3, longest + 1), '`');
}

// `text` as a fenced code block: printable, long lines clipped, at most kMaxOutputLines lines.
std::string code_block(std::string_view text) {
  const std::string safe = printable(text);
  const std::vector<std::string_view> lines = split_lines(safe);
  std::string body;
  const std::size_t shown = std::min(lines.size(), kMaxOutputLines);
  for (std::size_t i = 0; i < shown; ++i) {
    body += report_detail::clip_line(lines[i], kMaxLineChars);
    body += '\n';
  }
  if (shown < lines.size()) body += fmt::format("... {} more lines\n", lines.size() - shown);
  if (lines.empty()) body = "(no output)\n";
  const std::string fence = fence_for(body);
  return fmt::format("{}text\n{}{}\n", fence, body, fence);
}

// An inline code span for one line of data (a call), with a long enough backtick delimiter.
std::string code_span(std::string_view text) {
  std::string safe = report_detail::clip_line(printable(text), 300);
  std::replace(safe.begin(), safe.end(), '\n', ' ');
  std::size_t longest = 0;
  std::size_t run = 0;
  for (const char c : safe) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string ticks(longest + 1, '`');
  return fmt::format("{} {} {}", ticks, safe, ticks);
}

std::string_view mark(const TestLine& line) {
  return line.grader_error ? "⚠️" : line.failing ? "❌" : "✅";
}

std::string_view markdown_criterion_mark(CriterionStatus status) {
  switch (status) {
    case CriterionStatus::passed:
      return "✅";
    case CriterionStatus::partial:
      return "🟡";
    case CriterionStatus::failed:
      return "❌";
    case CriterionStatus::pending_manual:
      return "📝";
    case CriterionStatus::grader_error:
      return "⚠️";
  }
  return "❌";
}

// "line 3: expected `a`, observed `b`" for the first difference, with the boards of that line
// drawn side by side when both lines hold one of the same shape.
std::string first_difference_text(const TestOutcome& test) {
  const std::string expected_text = printable(test.expected);
  const std::string observed_text = printable(test.observed);
  const auto expected = split_lines(expected_text);
  const auto observed = split_lines(observed_text);
  const auto difference = report_detail::first_difference(expected, observed);
  if (!difference || !report_detail::meaningful_difference(expected, observed, *difference)) {
    return {};
  }
  const std::size_t n = difference->line;
  std::string out = fmt::format("**First difference, line {}:** ", n + 1);
  if (difference->observed_missing) {
    return out + fmt::format("the output ends here; expected {}\n", code_span(expected[n]));
  }
  if (difference->expected_missing) {
    return out + fmt::format("unexpected extra line {}\n", code_span(observed[n]));
  }
  out += fmt::format("expected {}, observed {}\n", code_span(expected[n]), code_span(observed[n]));
  const auto want = report_detail::find_board(expected[n]);
  const auto got = report_detail::find_board(observed[n]);
  if (want && got && want->rows.size() == got->rows.size() &&
      want->rows.front().size() == got->rows.front().size()) {
    std::size_t width = 1;
    for (const auto* board : {&*want, &*got}) {
      for (const auto& row : board->rows) {
        for (const std::string& cell : row) width = std::max(width, cell.size());
      }
    }
    std::string grid = "expected   observed\n";
    for (std::size_t r = 0; r < want->rows.size(); ++r) {
      std::string left;
      std::string right;
      for (std::size_t c = 0; c < want->rows[r].size(); ++c) {
        const bool differs = want->rows[r][c] != got->rows[r][c];
        left += fmt::format(" {:>{}}", want->rows[r][c], width);
        right += fmt::format("{}{:>{}}", differs ? "*" : " ", got->rows[r][c], width);
      }
      grid += fmt::format("{:<10} {}\n", left, right);
    }
    grid += "(* marks a tile that differs)\n";
    out.append("\n").append(code_block(grid));
  }
  return out;
}

class MarkdownRenderer {
 public:
  MarkdownRenderer(const GradeReport& report, Audience audience)
      : report_(report),
        audience_(audience),
        outline_(report_detail::outline_feedback(report, audience)) {}

  std::string document() {
    out_ += fmt::format("# {}\n\n", md_text(outline_.title));
    out_ += fmt::format("**Score: {}**\n\n", md_text(outline_.score));
    if (!report_.submission_path.empty()) {
      out_ += fmt::format("Submission: {}  \n", code_span(report_.submission_path));
    }
    out_ +=
        fmt::format("Graded by SearchGrader {} in {:.1f} s (isolation: {}).\n\n",
                    md_text(report_.grader_version.empty() ? "?" : report_.grader_version),
                    report_detail::finite_or_zero(report_.seconds),
                    md_text(report_.isolation_tier.empty() ? "unknown" : report_.isolation_tier));
    if (report_.has_grader_errors) {
      out_ +=
          "> **Grader error:** some tests could not be graded because of a fault in the grader, "
          "not in the submission. They are marked \"not graded\" and are not counted against "
          "you.\n\n";
    }
    submission_verdict();
    shared_feedback();
    rubric();
    tests_table();
    details();
    notes();
    return std::move(out_);
  }

 private:
  void rubric() {
    if (outline_.criteria.empty()) return;
    out_ += "## Rubric\n\n| | Criterion | Points | Summary |\n|---|---|---:|---|\n";
    for (const auto& line : outline_.criteria) {
      const CriterionOutcome& criterion = report_.criteria[line.index];
      out_ += fmt::format("| {} | {} | {} | {} |\n", markdown_criterion_mark(criterion.status),
                          md_text(line.name), line.points, md_text(line.summary));
    }
    out_ += '\n';
  }

  void tests_table() {
    if (outline_.tests.empty()) return;
    out_ += "## Tests\n\n| | Test | Outcome |\n|---|---|---|\n";
    for (const TestLine& line : outline_.tests) {
      out_ += fmt::format("| {} | {} | {}{} |\n", mark(line), md_text(line.label),
                          md_text(line.outcome), line.scored ? "" : " (not scored)");
    }
    out_ += '\n';
  }

  void details() {
    bool titled = false;
    for (const TestLine& line : outline_.tests) {
      if (line.withheld || !line.failing) continue;
      if (!titled) {
        out_ += "## What to look at\n\n";
        titled = true;
      }
      test_details(line);
    }
  }

  void test_details(const TestLine& line) {
    const TestOutcome& test = report_.tests[line.index];
    out_ +=
        fmt::format("### {} {}: {}\n\n", mark(line), md_text(line.label), md_text(line.outcome));
    if (audience_ == Audience::instructor && test.visibility != Visibility::visible) {
      out_ +=
          fmt::format("Visibility: {} (students do not see this).  \n", to_string(test.visibility));
    }
    if (!test.call.empty()) {
      const std::string call = printable(test.call);
      const auto lines = split_lines(call);
      if (lines.size() <= 1) {
        out_ += fmt::format("Call: {}\n\n", code_span(call));
      } else {
        out_ += "Call:\n\n" + code_block(call) + "\n";
      }
    }
    for (const AspectOutcome& aspect : test.aspects) {
      if (aspect.passed || !aspect.judged) continue;
      if (aspect.feedback.empty() || aspect.feedback == test.feedback) {
        out_ += fmt::format("- check **{}** failed\n", md_text(aspect.aspect));
        continue;
      }
      const auto [sentence, evidence] = report_detail::split_evidence(aspect.feedback);
      out_ += fmt::format("- check **{}** failed: {}\n", md_text(aspect.aspect), md_text(sentence));
      if (evidence.empty()) continue;
      // The evidence as a code block inside the list item (indented to its content).
      const std::string block = code_block(evidence);
      for (const std::string_view block_line : split_lines(block))
        out_ += block_line.empty() ? std::string("\n") : fmt::format("  {}\n", block_line);
    }
    if (!test.feedback.empty()) {
      out_ += "\n";
      const std::string feedback = printable(test.feedback);
      for (const std::string_view text : split_lines(feedback)) {
        out_ += fmt::format("> {}\n", md_text(text));
      }
      out_ += "\n";
    }
    if (!test.expected.empty() || !test.observed.empty()) {
      const std::string difference = first_difference_text(test);
      if (!difference.empty()) out_ += difference + "\n";
      if (!test.expected.empty()) out_ += "Expected:\n\n" + code_block(test.expected) + "\n";
      out_ += "Observed:\n\n" + code_block(test.observed) + "\n";
    }
    for (const std::string& note : test.notes) out_ += fmt::format("- note: {}\n", md_text(note));
    if (!test.notes.empty()) out_ += '\n';
  }

  // Why no test ran (a failed build, a missing file), once.
  void submission_verdict() {
    if (!report_.submission_verdict) return;
    out_ += fmt::format("## {}: no test could run\n\n",
                        md_text(std::string(describe(*report_.submission_verdict))));
    out_ += code_block(report_.submission_feedback) + "\n";
  }

  void shared_feedback() {
    if (report_.shared_feedback.empty()) return;
    out_ += "## Errors shared by several tests\n\n";
    for (const SharedFeedback& shared : report_.shared_feedback) {
      out_ +=
          fmt::format("Error {} (in {} tests):\n\n", md_text(shared.id), shared.test_ids.size());
      out_ += code_block(shared.text) + "\n";
    }
  }

  void notes() {
    if (report_.submission_notes.empty()) return;
    out_ += "## Notes about the submission\n\n";
    for (const std::string& note : report_.submission_notes) {
      out_ += fmt::format("- {}\n", md_text(note));
    }
    out_ += '\n';
  }

  const GradeReport& report_;
  Audience audience_;
  FeedbackOutline outline_;
  std::string out_;
};

}  // namespace

std::string render_feedback_markdown(const GradeReport& report, Audience audience) {
  if (audience == Audience::student) {
    const GradeReport view = student_view(report);
    return MarkdownRenderer(view, audience).document();
  }
  return MarkdownRenderer(report, audience).document();
}

}  // namespace sg
