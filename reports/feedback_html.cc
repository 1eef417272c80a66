#include "reports/feedback_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "reports/board_text.h"
#include "reports/feedback_outline.h"
#include "reports/html_util.h"
#include "reports/render_util.h"
#include "reports/student_view.h"

namespace sg {
namespace {

using report_detail::BoardBlock;
using report_detail::BoardInLine;
using report_detail::FeedbackOutline;
using report_detail::FirstDifference;
using report_detail::format_points;
using report_detail::html_escape;
using report_detail::printable;
using report_detail::split_lines;
using report_detail::TestLine;

constexpr std::size_t kWindowLines = 120;  // output lines shown per side
constexpr std::size_t kLeadLines = 20;     // lines shown above a first difference far down
constexpr std::size_t kHtmlMaxLineChars = 400;

constexpr std::string_view kCss = R"(
details.test { border: 1px solid var(--line); border-radius: 6px; margin: .6em 0; padding: .3em .8em; }
details.test > summary { cursor: pointer; font-weight: 600; }
div.hidden-test { margin: .4em 0; padding: .3em .8em; border: 1px dashed var(--line); border-radius: 6px; }
pre.evidence { margin: .3em 0; }
.feedback { white-space: pre-wrap; border-left: 4px solid var(--bad); padding: .2em .8em; background: #fff8f7; }
.compare { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; }
.compare h4 { margin: .3em 0; }
table.lines { width: 100%; font: 13px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; background: #f6f8fa; }
table.lines td { border: 0; padding: 0 .4em; white-space: pre-wrap; word-break: break-all; }
table.lines td.ln { color: var(--muted); text-align: right; user-select: none; width: 3em; }
tr.first-diff { background: var(--mark); } mark { background: var(--mark-strong); }
table.board { border-collapse: collapse; display: inline-table; vertical-align: middle; margin: 2px .3em; }
table.board td { border: 1px solid #8c959f; width: 1.8em; height: 1.8em; text-align: center;
  padding: 0; background: #fff; font-weight: 600; white-space: nowrap; }
table.board td.blank { background: #d0d7de; color: #57606a; }
table.board td.diff { background: var(--mark-strong); outline: 2px solid var(--bad); }
.ellipsis td { color: var(--muted); font-style: italic; }
)";

std::string_view criterion_badge(CriterionStatus status) {
  switch (status) {
    case CriterionStatus::passed:
      return "ok";
    case CriterionStatus::partial:
      return "warn";
    case CriterionStatus::failed:
      return "bad";
    case CriterionStatus::pending_manual:
      return "manual";
    case CriterionStatus::grader_error:
      return "err";
  }
  return "bad";
}

std::string_view test_badge(const TestLine& line) {
  return line.grader_error ? "err" : line.failing ? "bad" : "ok";
}

std::string_view test_symbol(const TestLine& line) {
  return line.grader_error ? "!" : line.failing ? "\u2717" : "\u2713";
}

bool is_blank_mark(std::string_view cell) {
  return cell == "*" || cell == "b" || cell == "_" || cell == "B";
}

bool same_shape(const std::vector<std::vector<std::string>>& a,
                const std::vector<std::vector<std::string>>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t r = 0; r < a.size(); ++r) {
    if (a[r].size() != b[r].size()) return false;
  }
  return true;
}

// A board as a grid; cells that differ from `other` (same shape) are highlighted.
std::string board_table(const std::vector<std::vector<std::string>>& rows,
                        const std::vector<std::vector<std::string>>* other) {
  const bool compare = other != nullptr && same_shape(rows, *other);
  // The blank is '*', 'b' or '_' where the board uses one (a 0 is then a tile), else 0.
  bool marked_blank = false;
  for (const auto& row : rows) {
    marked_blank = marked_blank || std::any_of(row.begin(), row.end(), is_blank_mark);
  }
  const auto is_blank = [&](std::string_view cell) {
    return marked_blank ? is_blank_mark(cell) : cell == "0";
  };
  std::string out = fmt::format("<table class=\"board\" data-rows=\"{}\" data-cols=\"{}\">",
                                rows.size(), rows.empty() ? 0 : rows.front().size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out += "<tr>";
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      std::string classes;
      if (is_blank(rows[r][c])) classes += "blank";
      if (compare && (*other)[r][c] != rows[r][c]) classes += classes.empty() ? "diff" : " diff";
      out += classes.empty() ? "<td>" : fmt::format("<td class=\"{}\">", classes);
      out += html_escape(rows[r][c]);
      out += "</td>";
    }
    out += "</tr>";
  }
  return out + "</table>";
}

// Cuts a byte offset back to the start of a UTF-8 sequence, so highlighting never splits one.
std::size_t code_point_start(std::string_view text, std::size_t column) {
  column = std::min(column, text.size());
  while (column > 0 && column < text.size() &&
         (static_cast<unsigned char>(text[column]) & 0xC0) == 0x80) {
    --column;
  }
  return column;
}

// One side of the comparison (expected or observed) as numbered lines, boards drawn as grids,
// the first difference marked.
class OutputColumn {
 public:
  OutputColumn(const std::vector<std::string_view>& lines,
               const std::vector<std::string_view>& other,
               const std::optional<FirstDifference>& difference)
      : lines_(lines), other_(other), difference_(difference) {
    for (const BoardBlock& block : report_detail::find_board_blocks(lines_)) {
      blocks_.emplace(block.first, block);
    }
    for (const BoardBlock& block : report_detail::find_board_blocks(other_)) {
      other_blocks_.emplace(block.first, block);
    }
  }

  std::string render() {
    std::size_t start = 0;
    if (difference_ && difference_->line > kWindowLines - kLeadLines) {
      start = difference_->line - kLeadLines;
    }
    const std::size_t end = std::min(lines_.size(), start + kWindowLines);
    std::string out = "<table class=\"lines\">";
    if (start > 0) {
      out += fmt::format(
          "<tr class=\"ellipsis\"><td class=\"ln\"></td><td>... {} lines above"
          "</td></tr>",
          start);
    }
    if (lines_.empty()) {
      out += "<tr class=\"ellipsis\"><td class=\"ln\"></td><td>(no output)</td></tr>";
    }
    for (std::size_t i = start; i < end;) i = row(i, end, out);
    if (difference_ && difference_->line >= lines_.size() && difference_->line >= start) {
      // This side ended where the other continues: the first difference is its missing line.
      out += fmt::format(
          "<tr class=\"first-diff\" data-line=\"{}\"><td class=\"ln\">{}</td>"
          "<td><mark>(output ends here)</mark></td></tr>",
          difference_->line + 1, difference_->line + 1);
    }
    if (end < lines_.size()) {
      out += fmt::format(
          "<tr class=\"ellipsis\"><td class=\"ln\"></td><td>... {} more lines"
          "</td></tr>",
          lines_.size() - end);
    }
    return out + "</table>";
  }

 private:
  bool is_difference_line(std::size_t i) const {
    return difference_ && difference_->line == i && i < lines_.size();
  }

  // Renders line i (or the board block starting there) and returns the next line to render.
  std::size_t row(std::size_t i, std::size_t end, std::string& out) {
    const auto block = blocks_.find(i);
    if (block != blocks_.end() && i + block->second.rows.size() <= end) {
      const std::size_t last = i + block->second.rows.size();
      const bool marked = difference_ && difference_->line >= i && difference_->line < last;
      const auto other = other_blocks_.find(i);
      out += fmt::format(
          "<tr{}><td class=\"ln\">{}&ndash;{}</td><td>{}</td></tr>",
          marked ? fmt::format(" class=\"first-diff\" data-line=\"{}\"", difference_->line + 1)
                 : "",
          i + 1, last,
          board_table(block->second.rows,
                      marked && other != other_blocks_.end() ? &other->second.rows : nullptr));
      return last;
    }
    const std::string text = report_detail::clip_line(lines_[i], kHtmlMaxLineChars);
    std::string cell;
    if (auto board = report_detail::find_board(text)) {
      // Only the first differing line's tiles are marked: later lines usually differ as a
      // consequence, and the first difference is where to look.
      std::optional<BoardInLine> other;
      if (is_difference_line(i) && i < other_.size()) other = report_detail::find_board(other_[i]);
      cell = html_escape(board->before) + board_table(board->rows, other ? &other->rows : nullptr) +
             html_escape(board->after);
    } else if (is_difference_line(i)) {
      const std::size_t column = code_point_start(text, difference_->column);
      const std::string_view rest = std::string_view(text).substr(column);
      cell = html_escape(std::string_view(text).substr(0, column)) + "<mark>" +
             (rest.empty() ? std::string("&#8203;") : html_escape(rest)) + "</mark>";
    } else {
      cell = html_escape(text);
    }
    out += fmt::format(
        "<tr{}><td class=\"ln\">{}</td><td>{}</td></tr>",
        is_difference_line(i) ? fmt::format(" class=\"first-diff\" data-line=\"{}\"", i + 1) : "",
        i + 1, cell);
    return i + 1;
  }

  const std::vector<std::string_view>& lines_;
  const std::vector<std::string_view>& other_;
  std::optional<FirstDifference> difference_;
  std::map<std::size_t, BoardBlock> blocks_;
  std::map<std::size_t, BoardBlock> other_blocks_;
};

class HtmlRenderer {
 public:
  HtmlRenderer(const GradeReport& report, Audience audience)
      : report_(report),
        audience_(audience),
        outline_(report_detail::outline_feedback(report, audience)) {}

  std::string document() {
    header();
    rubric();
    tests();
    footer();
    return report_detail::html_page(fmt::format("Feedback: {}", outline_.title), kCss, out_);
  }

 private:
  bool instructor() const { return audience_ == Audience::instructor; }

  void header() {
    out_ += fmt::format("<h1>{}</h1>\n", html_escape(outline_.title));
    out_ += fmt::format(
        "<p class=\"score\" id=\"score\" data-score=\"{}\" data-max-score=\"{}\" "
        "data-pending=\"{}\">Score: <strong>{}</strong></p>\n",
        format_points(report_.score), format_points(report_.max_score),
        format_points(report_.pending_points), html_escape(outline_.score));
    out_ += "<p class=\"muted\">";
    if (!report_.submission_path.empty()) {
      out_ +=
          fmt::format("Submission <code>{}</code> &middot; ", html_escape(report_.submission_path));
    }
    out_ += fmt::format(
        "graded by SearchGrader {} in {:.1f} s &middot; isolation: {}",
        html_escape(report_.grader_version.empty() ? "?" : report_.grader_version),
        report_detail::finite_or_zero(report_.seconds),
        html_escape(report_.isolation_tier.empty() ? "unknown" : report_.isolation_tier));
    if (instructor() && !report_.spec_path.empty()) {
      out_ += fmt::format(" &middot; spec <code>{}</code>", html_escape(report_.spec_path));
    }
    out_ += "</p>\n";
    if (report_.has_grader_errors) {
      out_ +=
          "<p class=\"notice\" id=\"grader-error\"><strong>Grader error:</strong> some tests could "
          "not be graded because of a fault in the grader, not in the submission. They are marked "
          "\"not graded\" and are not counted against you.</p>\n";
    }
    if (report_.submission_verdict) {
      out_ += fmt::format(
          "<div class=\"notice\" id=\"submission-verdict\" "
          "data-verdict=\"{}\"><strong>{}:</strong> "
          "no test could run.<pre>{}</pre></div>\n",
          to_string(*report_.submission_verdict),
          html_escape(std::string(describe(*report_.submission_verdict))),
          html_escape(printable(report_.submission_feedback)));
    }
  }

  void rubric() {
    if (outline_.criteria.empty()) return;
    out_ +=
        "<h2>Rubric</h2>\n<table class=\"criteria\" id=\"criteria\">\n<tr><th></th><th>Criterion"
        "</th><th class=\"num\">Points</th><th>Summary</th></tr>\n";
    for (const auto& line : outline_.criteria) {
      const CriterionOutcome& criterion = report_.criteria[line.index];
      out_ += fmt::format(
          "<tr data-criterion-id=\"{}\" data-points=\"{}\" data-max-points=\"{}\" "
          "data-status=\"{}\"><td><span class=\"badge {}\">{}</span></td><td>{}</td>"
          "<td class=\"num\">{}</td><td><span style=\"white-space: "
          "pre-wrap\">{}</span></td></tr>\n",
          html_escape(criterion.id), format_points(criterion.points),
          format_points(criterion.max_points), to_string(criterion.status),
          criterion_badge(criterion.status), html_escape(line.status), html_escape(line.name),
          html_escape(line.points), html_escape(line.summary));
    }
    out_ += "</table>\n";
  }

  void tests() {
    if (outline_.tests.empty()) return;
    std::size_t failing = 0;
    for (const TestLine& line : outline_.tests) failing += line.failing ? 1 : 0;
    out_ += fmt::format(
        "<h2>Tests</h2>\n<p id=\"test-counts\" data-tests=\"{}\" data-failing=\"{}\">"
        "{} tests, {} not passed.</p>\n",
        outline_.tests.size(), failing, outline_.tests.size(), failing);
    for (const TestLine& line : outline_.tests) test(line);
  }

  void test(const TestLine& line) {
    const TestOutcome& test = report_.tests[line.index];
    if (line.withheld) {
      out_ += fmt::format(
          "<div class=\"hidden-test\" data-outcome=\"{}\"><span class=\"badge {}\">{}</span> "
          "{}: {}</div>\n",
          line.grader_error ? "grader_error"
          : line.failing    ? "failed"
                            : "passed",
          test_badge(line), test_symbol(line), html_escape(line.label),
          html_escape(line.outcome) + (line.scored ? "" : " (not scored)"));
      return;
    }
    out_ += fmt::format(
        "<details class=\"test\" data-test-id=\"{}\" data-verdict=\"{}\"{}>\n<summary><span "
        "class=\"badge {}\">{}</span> {}: {}</summary>\n",
        html_escape(test.id), to_string(test.verdict), line.failing ? " open" : "",
        test_badge(line), test_symbol(line), html_escape(line.label),
        html_escape(line.outcome) + (line.scored ? "" : " (not scored)"));
    if (instructor() && test.visibility != Visibility::visible) {
      out_ += fmt::format("<p class=\"muted\">Visibility: {} (students do not see this).</p>\n",
                          to_string(test.visibility));
    }
    if (!test.call.empty()) {
      out_ += fmt::format("<p>Call:</p><pre class=\"call\">{}</pre>\n", html_escape(test.call));
      call_boards(test.call);
    }
    std::string aspects;
    for (const AspectOutcome& aspect : test.aspects) {
      if (aspect.passed || !aspect.judged) continue;
      std::string said;
      if (!aspect.feedback.empty() && aspect.feedback != test.feedback) {
        const auto [sentence, evidence] = report_detail::split_evidence(aspect.feedback);
        said = ": " + html_escape(sentence);
        if (!evidence.empty())
          said += fmt::format("<pre class=\"evidence\">{}</pre>", html_escape(evidence));
      }
      aspects += fmt::format("<li>check <strong>{}</strong> failed{}</li>",
                             html_escape(aspect.aspect), said);
    }
    if (!aspects.empty()) out_ += "<ul class=\"aspects\">" + aspects + "</ul>\n";
    if (!test.feedback.empty()) {
      out_ += fmt::format("<p class=\"feedback\">{}</p>\n", html_escape(test.feedback));
    }
    if (!test.expected.empty() || !test.observed.empty()) compare(test);
    if (!test.notes.empty()) {
      out_ += "<ul class=\"notes\">";
      for (const std::string& note : test.notes) {
        out_ += fmt::format("<li>note: <span style=\"white-space: pre-wrap\">{}</span></li>",
                            html_escape(note));
      }
      out_ += "</ul>\n";
    }
    out_ += fmt::format(
        "<p class=\"muted resources\">cpu {:.2f} s, wall {:.2f} s, peak memory {:.1f} MiB</p>\n",
        report_detail::finite_or_zero(test.cpu_seconds),
        report_detail::finite_or_zero(test.wall_seconds),
        static_cast<double>(test.peak_memory_bytes) / (1024.0 * 1024.0));
    out_ += "</details>\n";
  }

  // The boards a call holds (a start state, a goal), drawn as grids under it.
  void call_boards(std::string_view call) {
    const std::string text = printable(call);
    std::string boards;
    for (const std::string_view line : split_lines(text)) {
      if (auto board = report_detail::find_board(line)) boards += board_table(board->rows, nullptr);
    }
    if (!boards.empty()) out_ += "<p class=\"call-boards\">" + boards + "</p>\n";
  }

  void compare(const TestOutcome& test) {
    const std::string expected_text = printable(test.expected);
    const std::string observed_text = printable(test.observed);
    const auto expected = split_lines(expected_text);
    const auto observed = split_lines(observed_text);
    std::optional<FirstDifference> difference;
    if (!test.expected.empty()) difference = report_detail::first_difference(expected, observed);
    if (difference && !report_detail::meaningful_difference(expected, observed, *difference)) {
      difference.reset();
    }
    if (difference) {
      out_ += fmt::format(
          "<p class=\"first-difference\" data-line=\"{}\">First difference: line "
          "{}.</p>\n",
          difference->line + 1, difference->line + 1);
    }
    out_ += "<div class=\"compare\">";
    if (!test.expected.empty()) {
      out_ += "<div class=\"expected\"><h4>Expected</h4>" +
              OutputColumn(expected, observed, difference).render() + "</div>";
    }
    out_ += "<div class=\"observed\"><h4>Observed</h4>" +
            OutputColumn(observed, expected, difference).render() + "</div>";
    out_ += "</div>\n";
  }

  void footer() {
    if (!report_.shared_feedback.empty()) {
      out_ += "<h2>Errors shared by several tests</h2>\n";
      for (const SharedFeedback& shared : report_.shared_feedback) {
        out_ += fmt::format(
            "<div class=\"shared-error\" id=\"error-{}\"><p>Error {} (in {} tests)</p><pre>{}</pre>"
            "</div>\n",
            html_escape(shared.id), html_escape(shared.id), shared.test_ids.size(),
            html_escape(printable(shared.text)));
      }
    }
    if (!report_.submission_notes.empty()) {
      out_ += "<h2>Notes about the submission</h2>\n<ul>";
      for (const std::string& note : report_.submission_notes) {
        out_ += fmt::format("<li><span style=\"white-space: pre-wrap\">{}</span></li>",
                            html_escape(note));
      }
      out_ += "</ul>\n";
    }
  }

  const GradeReport& report_;
  Audience audience_;
  FeedbackOutline outline_;
  std::string out_;
};

}  // namespace

std::string render_feedback_html(const GradeReport& report, Audience audience) {
  if (audience == Audience::student) {
    const GradeReport view = student_view(report);
    return HtmlRenderer(view, audience).document();
  }
  return HtmlRenderer(report, audience).document();
}

}  // namespace sg
