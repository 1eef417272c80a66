#include "reports/class_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "reports/html_util.h"
#include "reports/render_util.h"

namespace sg {
namespace {

using report_detail::finite_or_zero;
using report_detail::format_points;
using report_detail::html_escape;

constexpr std::size_t kBins = 10;     // histogram bins: 0-10 %, ..., 90-100 % of the max score
constexpr std::size_t kSlowest = 10;  // submissions listed as slowest

constexpr std::string_view kSummaryCss = R"(
.cards { display: flex; gap: 1em; flex-wrap: wrap; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: .4em 1em; min-width: 7em; }
.card .value { font-size: 1.5em; font-weight: 600; }
.rate { display: inline-block; height: .8em; background: var(--ok); vertical-align: middle; }
.rate-bg { display: inline-block; width: 10em; height: .8em; background: #ffcecb; vertical-align: middle; }
svg text { font: 12px system-ui, sans-serif; fill: #1f2328; }
svg rect.bar { fill: #0969da; }
)";

// Which histogram bin a score falls in: its fraction of its own max score, in tenths; a full
// score goes in the last bin. A max of 0 (nothing automatic to score) counts as bin 0.
std::size_t bin_of(const GradeReport& report) {
  const double max = finite_or_zero(report.max_score);
  if (max <= 0.0) return 0;
  const double fraction = std::clamp(finite_or_zero(report.score) / max, 0.0, 1.0);
  return std::min(kBins - 1, static_cast<std::size_t>(std::floor(fraction * kBins)));
}

std::string display_name(const ClassEntry& entry) {
  if (entry.student_name.empty()) return html_escape(entry.student_id);
  return fmt::format("{} <span class=\"muted\">({})</span>", html_escape(entry.student_name),
                     html_escape(entry.student_id));
}

struct TestStats {
  std::string name;
  Visibility visibility = Visibility::visible;
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t grader_errors = 0;
};

struct CriterionStats {
  std::string name;
  double points = 0.0;
  double max_points = 0.0;
  std::size_t graded = 0;
};

class SummaryRenderer {
 public:
  explicit SummaryRenderer(const std::vector<ClassEntry>& entries) {
    for (const ClassEntry& entry : entries) entries_.push_back(&entry);
    std::sort(entries_.begin(), entries_.end(), [](const ClassEntry* a, const ClassEntry* b) {
      return a->student_id < b->student_id;
    });
  }

  std::string document() {
    std::string title = "Class summary";
    if (!entries_.empty()) {
      const GradeReport& first = entries_.front()->report;
      const std::string& assignment =
          first.assignment_title.empty() ? first.assignment_id : first.assignment_title;
      if (!assignment.empty()) title += ": " + assignment;
    }
    out_ += fmt::format("<h1>{}</h1>\n", html_escape(title));
    overview();
    histogram();
    test_rates();
    games();
    criteria();
    slowest();
    grader_errors();
    students();
    return report_detail::html_page(title, kSummaryCss, out_);
  }

 private:
  void overview() {
    std::vector<double> scores;
    std::size_t with_errors = 0;
    double max_score = 0.0;
    for (const ClassEntry* entry : entries_) {
      scores.push_back(finite_or_zero(entry->report.score));
      max_score = std::max(max_score, finite_or_zero(entry->report.max_score));
      with_errors += entry->report.has_grader_errors ? 1 : 0;
    }
    std::sort(scores.begin(), scores.end());
    double mean = 0.0;
    for (const double score : scores) mean += score;
    const std::size_t n = scores.size();
    if (n > 0) mean /= static_cast<double>(n);
    const double median = n == 0       ? 0.0
                          : n % 2 == 1 ? scores[n / 2]
                                       : (scores[n / 2 - 1] + scores[n / 2]) / 2.0;
    const auto card = [&](std::string_view id, std::string_view label, const std::string& value) {
      out_ += fmt::format(
          "<div class=\"card\" id=\"{}\" data-value=\"{}\"><div class=\"muted\">{}</div>"
          "<div class=\"value\">{}</div></div>",
          id, value, label, value);
    };
    out_ += "<div class=\"cards\">";
    card("submissions", "Submissions", std::to_string(n));
    card("mean", "Mean score", format_points(mean));
    card("median", "Median score", format_points(median));
    card("min", "Lowest", format_points(n ? scores.front() : 0.0));
    card("max", "Highest", format_points(n ? scores.back() : 0.0));
    card("max-score", "Out of", format_points(max_score));
    card("grader-error-count", "With grader errors", std::to_string(with_errors));
    out_ += "</div>\n";
  }

  void histogram() {
    std::vector<std::size_t> counts(kBins, 0);
    for (const ClassEntry* entry : entries_) ++counts[bin_of(entry->report)];
    const std::size_t tallest =
        std::max<std::size_t>(1, *std::max_element(counts.begin(), counts.end()));
    constexpr int kChartWidth = 640;
    constexpr int kHeight = 220;
    constexpr int kLeft = 30;
    constexpr int kBottom = 40;
    constexpr int kTop = 20;
    const double bar_width = static_cast<double>(kChartWidth - kLeft) / kBins;
    out_ += "<h2>Score distribution</h2>\n";
    out_ += fmt::format(
        "<svg id=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"Histogram of scores as a percentage of "
        "the maximum\">\n",
        kChartWidth, kHeight, kChartWidth, kHeight);
    const int plot_height = kHeight - kBottom - kTop;
    out_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#57606a\"/>\n",
                        kLeft, kHeight - kBottom, kChartWidth, kHeight - kBottom);
    for (std::size_t bin = 0; bin < kBins; ++bin) {
      const double height =
          static_cast<double>(plot_height) * static_cast<double>(counts[bin]) / tallest;
      const double x = kLeft + bar_width * static_cast<double>(bin);
      const double y = kHeight - kBottom - height;
      const std::string range =
          fmt::format("{}-{}%", bin * 10, bin + 1 == kBins ? 100 : (bin + 1) * 10);
      out_ += fmt::format(
          "<g class=\"bin\" data-bin=\"{}\" data-range=\"{}\" data-count=\"{}\">"
          "<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\">"
          "<title>{}: {} submissions</title></rect>"
          "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>"
          "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>\n",
          bin, range, counts[bin], x + 2, y, bar_width - 4, height, range, counts[bin],
          x + bar_width / 2, y - 4, counts[bin], x + bar_width / 2, kHeight - kBottom + 16, range);
    }
    out_ +=
        fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">score, % of maximum</text>\n",
                    kLeft + (kChartWidth - kLeft) / 2, kHeight - 6);
    out_ += "</svg>\n";
  }

  void test_rates() {
    std::vector<std::string> order;
    std::map<std::string, TestStats> stats;
    for (const ClassEntry* entry : entries_) {
      for (const TestOutcome& test : entry->report.tests) {
        auto [it, inserted] = stats.try_emplace(test.id);
        if (inserted) {
          order.push_back(test.id);
          it->second.name = test.name.empty() ? test.id : test.name;
          it->second.visibility = test.visibility;
        }
        if (test.verdict == Verdict::grader_error) {
          ++it->second.grader_errors;
        } else if (report_detail::fails_overall(test)) {
          ++it->second.failed;
        } else {
          ++it->second.passed;
        }
      }
    }
    if (order.empty()) return;
    out_ +=
        "<h2>Tests</h2>\n<p class=\"muted\">Pass rate = passed / (passed + failed); grader errors "
        "are not counted against anyone.</p>\n<table id=\"test-rates\">\n<tr><th>Test</th><th>"
        "Visibility</th><th class=\"num\">Passed</th><th class=\"num\">Failed</th><th "
        "class=\"num\">Grader errors</th><th class=\"num\">Pass rate</th><th></th></tr>\n";
    for (const std::string& id : order) {
      const TestStats& s = stats[id];
      const std::size_t judged = s.passed + s.failed;
      const double rate = judged == 0 ? 0.0 : 100.0 * s.passed / static_cast<double>(judged);
      out_ += fmt::format(
          "<tr data-test-id=\"{}\" data-passed=\"{}\" data-failed=\"{}\" data-grader-errors=\"{}\">"
          "<td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td "
          "class=\"num\">{}</td><td class=\"num\">{}</td><td><span class=\"rate-bg\"><span "
          "class=\"rate\" style=\"width: {:.0f}%\"></span></span></td></tr>\n",
          html_escape(id), s.passed, s.failed, s.grader_errors, html_escape(s.name),
          to_string(s.visibility), s.passed, s.failed, s.grader_errors,
          judged == 0 ? std::string("-") : fmt::format("{:.0f}%", rate), rate);
    }
    out_ += "</table>\n";
  }

  // The spread of the games tests' results (game_play's figures): how many students won how
  // many games, the median, and who did not play every game through.
  void games() {
    std::vector<std::string> order;
    std::map<std::string, std::vector<const TestOutcome*>> played;
    for (const ClassEntry* entry : entries_)
      for (const TestOutcome& test : entry->report.tests) {
        if (test.figures.count("games") == 0 || test.verdict == Verdict::grader_error) continue;
        auto [it, inserted] = played.try_emplace(test.id);
        if (inserted) order.push_back(test.id);
        it->second.push_back(&test);
      }
    if (order.empty()) return;
    out_ +=
        "<h2>Games</h2>\n<p class=\"muted\">Per games test: how many students won how many "
        "games (wins &times; students), the median, and how many had a game that did not "
        "complete (a timeout, an illegal move or an error).</p>\n<table id=\"games\">\n<tr><th>"
        "Test</th><th class=\"num\">Students</th><th class=\"num\">Median wins</th><th>Wins "
        "&times; students</th><th class=\"num\">Median average score</th><th class=\"num\">With "
        "a game not completed</th></tr>\n";
    const auto figure = [](const TestOutcome* test, const char* name) {
      const auto found = test->figures.find(name);
      return found == test->figures.end() ? 0.0 : finite_or_zero(found->second);
    };
    const auto median = [](std::vector<double> values) {
      std::sort(values.begin(), values.end());
      const std::size_t n = values.size();
      return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    };
    for (const std::string& id : order) {
      const std::vector<const TestOutcome*>& tests = played[id];
      std::vector<double> wins;
      std::vector<double> averages;
      std::map<double, std::size_t> by_wins;
      std::size_t incomplete = 0;
      for (const TestOutcome* test : tests) {
        wins.push_back(figure(test, "won"));
        averages.push_back(figure(test, "average_score"));
        ++by_wins[wins.back()];
        incomplete += figure(test, "incomplete") > 0 ? 1 : 0;
      }
      std::vector<std::string> spread;
      for (const auto& [count, students] : by_wins)
        spread.push_back(fmt::format("{} &times; {}", format_points(count), students));
      const TestOutcome& first = *tests.front();
      out_ += fmt::format(
          "<tr data-test-id=\"{}\" data-students=\"{}\" data-median-wins=\"{}\" "
          "data-incomplete=\"{}\"><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{} of "
          "{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
          html_escape(id), tests.size(), format_points(median(wins)), incomplete,
          html_escape(first.name.empty() ? first.id : first.name), tests.size(),
          format_points(median(wins)), format_points(figure(&first, "games")),
          fmt::format("{}", fmt::join(spread, ", ")), format_points(median(averages)), incomplete);
    }
    out_ += "</table>\n";
  }

  void criteria() {
    std::vector<std::string> order;
    std::map<std::string, CriterionStats> stats;
    for (const ClassEntry* entry : entries_) {
      for (const CriterionOutcome& criterion : entry->report.criteria) {
        auto [it, inserted] = stats.try_emplace(criterion.id);
        if (inserted) {
          order.push_back(criterion.id);
          it->second.name = criterion.name.empty() ? criterion.id : criterion.name;
          it->second.max_points = criterion.max_points;
        }
        if (criterion.status == CriterionStatus::pending_manual) continue;
        it->second.points += finite_or_zero(criterion.points);
        ++it->second.graded;
      }
    }
    if (order.empty()) return;
    out_ +=
        "<h2>Rubric</h2>\n<table id=\"criterion-means\">\n<tr><th>Criterion</th><th "
        "class=\"num\">Mean points</th><th class=\"num\">Max</th></tr>\n";
    for (const std::string& id : order) {
      const CriterionStats& s = stats[id];
      const double mean = s.graded == 0 ? 0.0 : s.points / static_cast<double>(s.graded);
      out_ += fmt::format(
          "<tr data-criterion-id=\"{}\" data-mean=\"{}\"><td>{}</td><td class=\"num\">{}</td><td "
          "class=\"num\">{}</td></tr>\n",
          html_escape(id), format_points(mean), html_escape(s.name),
          s.graded == 0 ? std::string("manual") : format_points(mean), format_points(s.max_points));
    }
    out_ += "</table>\n";
  }

  void slowest() {
    std::vector<const ClassEntry*> by_time = entries_;
    std::stable_sort(by_time.begin(), by_time.end(), [](const ClassEntry* a, const ClassEntry* b) {
      return finite_or_zero(a->report.seconds) > finite_or_zero(b->report.seconds);
    });
    if (by_time.size() > kSlowest) by_time.resize(kSlowest);
    if (by_time.empty()) return;
    out_ +=
        "<h2>Slowest submissions</h2>\n<table id=\"slowest\">\n<tr><th>Student</th><th "
        "class=\"num\">Grading time</th><th>Slowest test</th><th class=\"num\">Its wall "
        "time</th></tr>\n";
    for (const ClassEntry* entry : by_time) {
      const TestOutcome* slow = nullptr;
      for (const TestOutcome& test : entry->report.tests) {
        if (slow == nullptr ||
            finite_or_zero(test.wall_seconds) > finite_or_zero(slow->wall_seconds)) {
          slow = &test;
        }
      }
      out_ += fmt::format(
          "<tr data-student-id=\"{}\" data-seconds=\"{:.2f}\"><td>{}</td><td class=\"num\">{:.2f} "
          "s</td><td>{}</td><td class=\"num\">{}</td></tr>\n",
          html_escape(entry->student_id), finite_or_zero(entry->report.seconds),
          display_name(*entry), finite_or_zero(entry->report.seconds),
          slow ? html_escape(slow->name.empty() ? slow->id : slow->name) : "-",
          slow ? fmt::format("{:.2f} s", finite_or_zero(slow->wall_seconds)) : "-");
    }
    out_ += "</table>\n";
  }

  void grader_errors() {
    std::string rows;
    std::size_t count = 0;
    for (const ClassEntry* entry : entries_) {
      bool any = false;
      for (const TestOutcome& test : entry->report.tests) {
        if (test.verdict != Verdict::grader_error) continue;
        any = true;
        ++count;
        rows += fmt::format(
            "<tr data-student-id=\"{}\" data-test-id=\"{}\"><td>{}</td><td>{}</td><td><pre>{}</pre>"
            "</td></tr>\n",
            html_escape(entry->student_id), html_escape(test.id), display_name(*entry),
            html_escape(test.id),
            html_escape(report_detail::clip_line(
                test.feedback.empty() ? "(no diagnosis)" : test.feedback, 600)));
      }
      if (!any && entry->report.has_grader_errors) {
        ++count;
        rows += fmt::format(
            "<tr data-student-id=\"{}\" data-test-id=\"\"><td>{}</td><td>-</td><td>the grade "
            "is marked as having grader errors</td></tr>\n",
            html_escape(entry->student_id), display_name(*entry));
      }
    }
    out_ += fmt::format(
        "<h2>Grader errors</h2>\n<p id=\"grader-errors-count\" data-count=\"{}\">{}</p>\n", count,
        count == 0 ? "None: every test of every submission was graded."
                   : fmt::format("{} tests could not be graded because of the "
                                 "grader; re-run them once it is fixed.",
                                 count));
    if (count > 0) {
      out_ +=
          "<table "
          "id=\"grader-errors\">\n<tr><th>Student</th><th>Test</th><th>Diagnosis</th></tr>\n" +
          rows + "</table>\n";
    }
  }

  void students() {
    if (entries_.empty()) return;
    out_ +=
        "<h2>Students</h2>\n<table id=\"students\">\n<tr><th>Student</th><th class=\"num\">Score"
        "</th><th class=\"num\">Max</th><th class=\"num\">Failed tests</th><th>Notes</th></tr>\n";
    for (const ClassEntry* entry : entries_) {
      std::size_t failed = 0;
      for (const TestOutcome& test : entry->report.tests) {
        failed +=
            test.verdict != Verdict::grader_error && report_detail::fails_overall(test) ? 1 : 0;
      }
      std::string notes;
      if (entry->report.has_grader_errors) notes += "grader errors; ";
      if (entry->report.pending_points > 0.0) {
        notes += fmt::format("{} points pending manual grading; ",
                             format_points(entry->report.pending_points));
      }
      if (!notes.empty()) notes.resize(notes.size() - 2);
      out_ += fmt::format(
          "<tr data-student-id=\"{}\" data-score=\"{}\" data-max-score=\"{}\"><td>{}</td><td "
          "class=\"num\">{}</td><td class=\"num\">{}</td><td "
          "class=\"num\">{}</td><td>{}</td></tr>\n",
          html_escape(entry->student_id), format_points(entry->report.score),
          format_points(entry->report.max_score), display_name(*entry),
          format_points(entry->report.score), format_points(entry->report.max_score), failed,
          html_escape(notes));
    }
    out_ += "</table>\n";
  }

  std::vector<const ClassEntry*> entries_;
  std::string out_;
};

}  // namespace

std::string render_class_summary_html(const std::vector<ClassEntry>& entries) {
  return SummaryRenderer(entries).document();
}

}  // namespace sg
