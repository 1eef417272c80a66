#include "reports/text_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "reports/render_util.h"
#include "reports/student_view.h"

namespace sg {
namespace {

using report_detail::clip_line;
using report_detail::fails_for_criterion;
using report_detail::fails_overall;
using report_detail::format_points;
using report_detail::printable;
using report_detail::split_lines;
using report_detail::withheld;

enum class Paint { bold, green, yellow, red, cyan, magenta };

std::string paint(std::string_view text, Paint style, bool color) {
  if (!color) return std::string(text);
  std::string_view code;
  switch (style) {
    case Paint::bold:
      code = "1";
      break;
    case Paint::green:
      code = "32";
      break;
    case Paint::yellow:
      code = "33";
      break;
    case Paint::red:
      code = "31";
      break;
    case Paint::cyan:
      code = "36";
      break;
    case Paint::magenta:
      code = "35";
      break;
  }
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

std::string_view criterion_mark(CriterionStatus status) {
  switch (status) {
    case CriterionStatus::passed:
      return "[PASS]";
    case CriterionStatus::partial:
      return "[PARTIAL]";
    case CriterionStatus::failed:
      return "[FAIL]";
    case CriterionStatus::pending_manual:
      return "[MANUAL]";
    case CriterionStatus::grader_error:
      return "[ERROR]";
  }
  return "[FAIL]";
}

Paint criterion_paint(CriterionStatus status) {
  switch (status) {
    case CriterionStatus::passed:
      return Paint::green;
    case CriterionStatus::partial:
      return Paint::yellow;
    case CriterionStatus::failed:
      return Paint::red;
    case CriterionStatus::pending_manual:
      return Paint::cyan;
    case CriterionStatus::grader_error:
      return Paint::magenta;
  }
  return Paint::red;
}

constexpr std::size_t kMarkWidth = 10;  // "[PARTIAL]" plus one space
constexpr std::size_t kWidth = 100;     // terminal columns the layout aims to fit

// "5/5", or "-/20" where the points are not a grade yet (pending manual grading, or a grader error
// that left nothing graded).
std::string criterion_points(const CriterionOutcome& criterion) {
  const bool ungraded =
      criterion.status == CriterionStatus::pending_manual ||
      (criterion.status == CriterionStatus::grader_error && criterion.points == 0.0);
  return fmt::format("{}/{}", ungraded ? "-" : format_points(criterion.points),
                     format_points(criterion.max_points));
}

// Where a test is being shown: under one criterion, or on its own.
struct Context {
  std::optional<std::string_view> criterion_id;
  bool full = false;  // every aspect and the resources line, whatever the verdict
};

class Renderer {
 public:
  Renderer(const GradeReport& report, const TextOptions& options)
      : report_(report), options_(options), hidden_(report_detail::hidden_numbers(report)) {}

  std::string document() {
    header();
    submission_verdict();
    shared_feedback();
    std::size_t points_width = 0;
    for (const CriterionOutcome& criterion : report_.criteria) {
      points_width = std::max(points_width, criterion_points(criterion).size());
    }
    bool previous_had_body = true;  // the header ends with a blank line already
    for (const CriterionOutcome& criterion : report_.criteria) {
      const bool body = criterion.status != CriterionStatus::passed || options_.verbose;
      if (body && !previous_had_body) out_ += '\n';
      criterion_line(criterion, points_width);
      if (body) {
        criterion_body(criterion);
        out_ += '\n';
      }
      previous_had_body = body;
    }
    if (!previous_had_body) out_ += '\n';
    unscored_tests();
    footer();
    return std::move(out_);
  }

  std::string criterion_body_only(const CriterionOutcome& criterion) {
    criterion_body(criterion);
    return std::move(out_);
  }

  std::string test_only(const TestOutcome& test) {
    test_block(test, index_of(test), Context{std::nullopt, true}, 0);
    return std::move(out_);
  }

 private:
  std::size_t index_of(const TestOutcome& test) const {
    if (!report_.tests.empty() && &test >= report_.tests.data() &&
        &test < report_.tests.data() + report_.tests.size()) {
      return static_cast<std::size_t>(&test - report_.tests.data());
    }
    return report_detail::find_test(report_, test.id);
  }

  std::size_t hidden_number(std::size_t index) const {
    return index < hidden_.size() ? hidden_[index] : 0;
  }

  bool instructor() const { return options_.audience == Audience::instructor; }

  void line(std::size_t indent, std::string_view text) {
    out_.append(indent, ' ');
    out_ += text;
    out_ += '\n';
  }

  void header() {
    std::string title =
        report_.assignment_title.empty() ? report_.assignment_id : report_.assignment_title;
    if (title.empty()) title = "SearchGrader report";
    line(0, paint(printable(title), Paint::bold, options_.color));
    std::string score =
        fmt::format("{}/{}", format_points(report_.score), format_points(report_.max_score));
    if (report_.pending_points > 0.0) {
      score += fmt::format(" (+{} pending manual grading)", format_points(report_.pending_points));
    }
    line(2, "Score:      " + paint(score, Paint::bold, options_.color));
    line(2, "Submission: " + printable(report_.submission_path));
    line(2,
         fmt::format("Isolation:  {}    Time: {:.2f} s",
                     report_.isolation_tier.empty() ? "unknown" : printable(report_.isolation_tier),
                     report_detail::finite_or_zero(report_.seconds)));
    if (instructor()) {
      line(2, fmt::format(
                  "Grader:     SearchGrader {}    Spec: {}",
                  report_.grader_version.empty() ? "unknown" : printable(report_.grader_version),
                  printable(report_.spec_path)));
    }
    out_ += '\n';
  }

  void criterion_line(const CriterionOutcome& criterion, std::size_t points_width) {
    const std::string_view mark = criterion_mark(criterion.status);
    std::string text = paint(mark, criterion_paint(criterion.status), options_.color);
    text.append(kMarkWidth - mark.size(), ' ');
    text += fmt::format("{:>{}}  {}", criterion_points(criterion), points_width,
                        printable(criterion.name.empty() ? criterion.id : criterion.name));
    if (criterion.status == CriterionStatus::pending_manual) {
      text += ": pending (manual)";
    } else if (criterion.status == CriterionStatus::grader_error) {
      text += ": not graded: grader error (not counted against you)";
    }
    line(0, text);
  }

  void criterion_body(const CriterionOutcome& criterion) {
    if (criterion.status == CriterionStatus::pending_manual) {
      paragraph(2, fmt::format("pending (manual): {} points, awarded by manual grading; not "
                               "included in the score yet.",
                               format_points(criterion.max_points)));
      return;
    }
    std::vector<std::size_t> indices;
    std::vector<std::string_view> missing;
    for (const std::string& id : criterion.test_ids) {
      const std::size_t index = report_detail::find_test(report_, id);
      if (index < report_.tests.size()) {
        indices.push_back(index);
      } else {
        missing.push_back(id);
      }
    }
    std::size_t passed = 0;
    std::size_t grader_errors = 0;
    for (const std::size_t index : indices) {
      const TestOutcome& test = report_.tests[index];
      if (test.verdict == Verdict::grader_error) {
        ++grader_errors;
      } else if (!fails_for_criterion(test, criterion.id)) {
        ++passed;
      }
    }
    // The rubric's summary never names a test (scoring/rubric_scoring.h), so every reader sees it.
    if (!criterion.summary.empty()) {
      const std::string summary = printable(criterion.summary);
      for (const std::string_view text : split_lines(summary)) line(2, text);
    } else if (!indices.empty()) {
      const std::string_view noun = indices.size() == 1 ? "test" : "tests";
      std::string count = passed == indices.size()
                              ? fmt::format("{} {} {} passed.", indices.size() == 1 ? "The" : "All",
                                            indices.size(), noun)
                              : fmt::format("{} of {} {} passed", passed, indices.size(), noun);
      if (passed != indices.size()) {
        count += grader_errors > 0 ? fmt::format("; {} not graded (grader error).", grader_errors)
                                   : std::string(".");
      }
      line(2, count);
    }
    if (criterion.status == CriterionStatus::grader_error) {
      paragraph(2,
                "Some tests of this criterion could not be run or checked because of a fault in "
                "the grader, not in the submission.");
    }
    if (instructor()) {
      for (const std::string_view id : missing) {
        line(2, fmt::format("? test \"{}\" is listed for this criterion but missing from the "
                            "report",
                            printable(id)));
      }
    }
    for (const std::size_t index : indices) {
      const TestOutcome& test = report_.tests[index];
      const bool failing =
          fails_for_criterion(test, criterion.id) || test.verdict == Verdict::grader_error;
      if (failing || options_.verbose) {
        test_block(test, index, Context{criterion.id, false}, 2);
      }
    }
  }

  void unscored_tests() {
    std::set<std::string_view> bound;
    for (const CriterionOutcome& criterion : report_.criteria) {
      bound.insert(criterion.test_ids.begin(), criterion.test_ids.end());
    }
    bool titled = false;
    for (std::size_t index = 0; index < report_.tests.size(); ++index) {
      const TestOutcome& test = report_.tests[index];
      if (bound.count(test.id) > 0) continue;
      const bool any_aspect_failed = std::any_of(test.aspects.begin(), test.aspects.end(),
                                                 [](const AspectOutcome& a) { return !a.passed; });
      if (!options_.verbose && !fails_overall(test) && !any_aspect_failed) continue;
      if (!titled) {
        line(0, "Other checks (not scored):");
        titled = true;
      }
      test_block(test, index, Context{std::nullopt, false}, 2);
    }
    if (titled) out_ += '\n';
  }

  // Why no test ran (a failed build, a missing file): said once, here, not in every test.
  void submission_verdict() {
    if (!report_.submission_verdict) return;
    line(0, paint(fmt::format("{}: no test could run", describe(*report_.submission_verdict)),
                  Paint::red, options_.color));
    field(2, "why: ", report_.submission_feedback, false);
    out_ += '\n';
  }

  void shared_feedback() {
    if (report_.shared_feedback.empty()) return;
    line(0, "Errors shared by several tests (shown once):");
    for (const SharedFeedback& shared : report_.shared_feedback) {
      field(2,
            fmt::format("error {} (in {} tests): ", printable(shared.id), shared.test_ids.size()),
            shared.text, false);
    }
    out_ += '\n';
  }

  void footer() {
    if (!report_.submission_notes.empty()) {
      line(0, "Notes about the submission:");
      for (const std::string& note : report_.submission_notes) {
        bool first = true;
        const std::string safe = printable(note);
        for (const std::string_view text : split_lines(safe)) {
          line(first ? 2 : 4, first ? "- " + std::string(text) : std::string(text));
          first = false;
        }
      }
      out_ += '\n';
    }
    if (report_.has_grader_errors) {
      const std::string label = paint("Grader error:", Paint::magenta, options_.color);
      std::vector<std::string> lines;
      wrap(
          "Grader error: some tests could not be graded because of a fault in the grader, not in "
          "the submission. They are marked \"grader error\" and are not counted against you; "
          "the instructor can re-run them once the grader is fixed.",
          kWidth, lines);
      lines.front().replace(0, std::string_view("Grader error:").size(), label);
      for (const std::string& text : lines) line(0, text);
      if (instructor()) {
        std::string ids;
        for (const TestOutcome& test : report_.tests) {
          if (test.verdict != Verdict::grader_error) continue;
          ids += ids.empty() ? "" : ", ";
          ids += printable(test.id);
        }
        if (!ids.empty()) line(0, "Tests with a grader error: " + ids);
      }
    }
  }

  // One test: a label line at `indent`, then its details four spaces further in.
  void test_block(const TestOutcome& test, std::size_t index, const Context& context,
                  std::size_t indent) {
    const bool failing = context.criterion_id ? fails_for_criterion(test, *context.criterion_id)
                                              : fails_overall(test);
    const bool error = test.verdict == Verdict::grader_error;
    const std::string mark = error     ? paint("!", Paint::magenta, options_.color)
                             : failing ? paint("x", Paint::red, options_.color)
                                       : paint("+", Paint::green, options_.color);
    if (withheld(test, options_.audience)) {
      line(indent, fmt::format("{} hidden test {}: {}", mark, hidden_number(index),
                               error     ? "not graded (grader error)"
                               : failing ? "failed"
                                         : "passed"));
      return;
    }
    std::string label = printable(test.name.empty() ? test.id : test.name);
    if (instructor() && !test.id.empty() && test.id != test.name) {
      label += fmt::format(" [{}]", printable(test.id));
    }
    if (instructor() && test.visibility != Visibility::visible) {
      label += fmt::format(" (visibility: {})", to_string(test.visibility));
    }
    const std::string_view outcome =
        error || failing ? describe(test.verdict) : std::string_view("passed");
    line(indent, fmt::format("{} {}: {}", mark, label, outcome));

    const std::size_t inner = indent + 4;
    if (!test.call.empty()) field(inner, "call:     ", test.call, false);
    std::set<std::string> shown_feedback;
    for (const AspectOutcome& aspect : test.aspects) {
      const bool relevant =
          context.full || (!aspect.passed && aspect.judged &&
                           (!context.criterion_id || aspect.criterion_id == *context.criterion_id));
      if (!relevant) continue;
      std::string heading = fmt::format("check {}: {}", printable(aspect.aspect),
                                        aspect.passed   ? "passed"
                                        : aspect.judged ? "failed"
                                                        : "not judged");
      if (context.full && !aspect.criterion_id.empty()) {
        heading += fmt::format(" (criterion {})", printable(aspect.criterion_id));
      }
      if (aspect.feedback.empty()) {
        line(inner, heading);
      } else if (!shown_feedback.insert(aspect.feedback).second) {
        line(inner, heading + " (as above)");
      } else {
        field(inner, heading + ": ", aspect.feedback, true);
      }
    }
    if (!test.feedback.empty() && !shown_feedback.count(test.feedback)) {
      field(inner, "feedback: ", test.feedback, true);
    }
    if (!test.expected.empty()) field(inner, "expected: ", test.expected, false);
    if (!test.expected.empty() || !test.observed.empty()) {
      field(inner, "observed: ", test.observed.empty() ? "(no output)" : test.observed, false);
    }
    for (const std::string& note : test.notes) field(inner, "note: ", note, true);
    const bool limit = test.verdict == Verdict::time_limit_exceeded ||
                       test.verdict == Verdict::memory_limit_exceeded ||
                       test.verdict == Verdict::output_limit_exceeded ||
                       test.verdict == Verdict::process_limit_exceeded;
    if (context.full || limit || options_.verbose || instructor()) {
      line(inner, fmt::format("resources: cpu {:.2f} s, wall {:.2f} s, peak memory {:.1f} MiB",
                              report_detail::finite_or_zero(test.cpu_seconds),
                              report_detail::finite_or_zero(test.wall_seconds),
                              static_cast<double>(test.peak_memory_bytes) / (1024.0 * 1024.0)));
    }
  }

  // "label value" on one line if the value is one line that fits in kWidth columns; otherwise
  // the label, then the value's lines two columns further in, cut after options_.max_output_lines
  // lines. Prose (feedback, notes) is word-wrapped to kWidth; data (calls, expected and observed
  // output) keeps its line breaks, and over-long lines are clipped instead.
  void field(std::size_t indent, std::string_view label, std::string_view value, bool prose) {
    const std::string safe = printable(value);
    const std::vector<std::string_view> source = split_lines(safe);
    const std::string_view first = source.empty() ? std::string_view() : source.front();
    if (source.size() <= 1 && indent + label.size() + first.size() <= kWidth &&
        first.size() <= options_.max_line_chars) {
      line(indent, fmt::format("{}{}", label, first));
      return;
    }
    const std::size_t inner = indent + 2;
    std::vector<std::string> lines;
    for (const std::string_view text : source) {
      if (prose) {
        wrap(text, kWidth > inner + 20 ? kWidth - inner : 20, lines);
      } else {
        lines.push_back(clip_line(text, options_.max_line_chars));
      }
    }
    std::string_view name = label;
    while (!name.empty() && (name.back() == ' ' || name.back() == ':')) name.remove_suffix(1);
    line(indent, !prose && source.size() > 1 ? fmt::format("{} ({} lines):", name, source.size())
                                             : fmt::format("{}:", name));
    const std::size_t shown =
        std::min(lines.size(), std::max<std::size_t>(options_.max_output_lines, 1));
    for (std::size_t i = 0; i < shown; ++i) line(inner, lines[i]);
    if (shown < lines.size()) {
      line(inner, fmt::format("... {} more lines", lines.size() - shown));
    }
  }

  // `text` word-wrapped to fit kWidth columns at `indent`.
  void paragraph(std::size_t indent, std::string_view text) {
    std::vector<std::string> lines;
    wrap(text, kWidth - indent, lines);
    for (const std::string& wrapped : lines) line(indent, wrapped);
  }

  // Appends `text` broken at spaces into lines of at most `width` bytes (a longer word stays
  // whole, then is clipped like data).
  void wrap(std::string_view text, std::size_t width, std::vector<std::string>& lines) const {
    // Keep the line's own indentation (tracebacks, nested lists) on its first piece.
    const std::size_t indent = std::min(text.find_first_not_of(' '), text.size());
    std::string current(indent, ' ');
    std::size_t start = indent;
    while (start <= text.size()) {
      std::size_t end = text.find(' ', start);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view word = text.substr(start, end - start);
      if (current.size() > indent && current.size() + 1 + word.size() > width) {
        lines.push_back(clip_line(current, options_.max_line_chars));
        current.assign(indent, ' ');
      }
      if (current.size() > indent) current += ' ';
      current += word;
      start = end + 1;
    }
    lines.push_back(clip_line(current, options_.max_line_chars));
  }

  const GradeReport& report_;
  const TextOptions& options_;
  std::vector<std::size_t> hidden_;
  std::string out_;
};

}  // namespace

std::string render_text(const GradeReport& report, const TextOptions& options) {
  if (options.audience == Audience::student) {
    const GradeReport view = student_view(report);
    return Renderer(view, options).document();
  }
  return Renderer(report, options).document();
}

std::string render_criterion_body(const GradeReport& report, const CriterionOutcome& criterion,
                                  const TextOptions& options) {
  if (options.audience == Audience::student) {
    const GradeReport view = student_view(report);
    for (const CriterionOutcome& shown : view.criteria)
      if (shown.id == criterion.id) return Renderer(view, options).criterion_body_only(shown);
    return "";
  }
  return Renderer(report, options).criterion_body_only(criterion);
}

std::string render_test_details(const GradeReport& report, const TestOutcome& test,
                                const TextOptions& options) {
  if (options.audience == Audience::student) {
    const GradeReport view = student_view(report);
    for (std::size_t i = 0; i < report.tests.size(); ++i)
      if (&report.tests[i] == &test || report.tests[i].id == test.id)
        return Renderer(view, options).test_only(view.tests[i]);
    return "";
  }
  return Renderer(report, options).test_only(test);
}

}  // namespace sg
