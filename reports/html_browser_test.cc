// The HTML pages in a real browser: Debian's chromium, headless. Each page must load without a
// console message (no errors, no blocked resources), and the numbers its DOM shows after
// rendering must match the JSON of the reports it was made from. Skipped, with the reason, when
// no chromium is installed (scripts/setup.sh installs it, so CI runs it).
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "reports/class_summary.h"
#include "reports/feedback_html.h"
#include "reports/json_report.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace html_browser_test {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;

// The chromium binary: $SG_CHROMIUM, else the first of the usual names on PATH.
std::string find_chromium() {
  if (const char* chosen = std::getenv("SG_CHROMIUM")) return chosen;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
      const fs::path candidate = fs::path(dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  return {};
}

struct Rendered {
  int exit_code = -1;
  std::string dom;  ///< The DOM after loading, as chromium serialises it.
  std::string log;  ///< chromium's stderr log (console messages appear as "CONSOLE").
};

class Browser : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = find_chromium();
    if (chromium_.empty()) {
      GTEST_SKIP() << "chromium not found (set SG_CHROMIUM or run scripts/setup.sh, which "
                      "installs Debian's chromium)";
    }
    dir_ = fs::temp_directory_path() / ("sg-browser-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Loads `html` from a file in headless chromium (fresh profile, no network) and returns the
  // DOM after scripts (if any) ran, and the console log.
  Rendered render(const std::string& name, const std::string& html) {
    const fs::path page = dir_ / name;
    std::ofstream(page, std::ios::binary) << html;
    const fs::path profile = dir_ / ("profile-" + name);
    const fs::path log = dir_ / (name + ".log");
    const std::string command = fmt::format(
        "timeout 120 '{}' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
        "--disable-background-networking --disable-component-update --disable-sync "
        "--user-data-dir='{}' --enable-logging=stderr --v=0 --dump-dom 'file://{}' 2>'{}'",
        chromium_, profile.string(), page.string(), log.string());
    Rendered rendered;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return rendered;
    std::array<char, 8192> buffer{};
    while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) {
      rendered.dom.append(buffer.data(), n);
    }
    const int status = pclose(pipe);
    rendered.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    rendered.log = text.str();
    return rendered;
  }

  // Every console message chromium logged for the page, one per line.
  static std::vector<std::string> console_messages(const Rendered& rendered) {
    std::vector<std::string> messages;
    std::stringstream lines(rendered.log);
    std::string line;
    while (std::getline(lines, line)) {
      if (line.find(":CONSOLE") != std::string::npos ||
          line.find("Uncaught") != std::string::npos ||
          line.find("Refused to") != std::string::npos) {
        messages.push_back(line);
      }
    }
    return messages;
  }

  std::string chromium_;
  fs::path dir_;
};

// Attribute values of every element whose start tag contains `marker`, in document order.
std::vector<std::map<std::string, std::string>> elements(const std::string& dom,
                                                         const std::string& marker) {
  std::vector<std::map<std::string, std::string>> out;
  const std::regex attribute("([a-z-]+)=\"([^\"]*)\"");
  for (std::size_t at = dom.find(marker); at != std::string::npos; at = dom.find(marker, at + 1)) {
    const std::size_t start = dom.rfind('<', at);
    const std::string tag = dom.substr(start, dom.find('>', at) - start);
    std::map<std::string, std::string> values;
    for (auto it = std::sregex_iterator(tag.begin(), tag.end(), attribute);
         it != std::sregex_iterator(); ++it) {
      values[(*it)[1]] = (*it)[2];
    }
    out.push_back(std::move(values));
  }
  return out;
}

std::string points(double value) {
  const double rounded = std::round(value * 100.0) / 100.0;
  std::string text = fmt::format("{:.2f}", rounded);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

GradeReport sample_report(double score) {
  GradeReport report;
  report.assignment_id = "torus";
  report.assignment_title = "P2: Torus 8-Puzzle <A*>";
  report.max_score = 10;
  report.score = score;
  report.seconds = score / 3.0;
  TestOutcome failing;
  failing.id = "succ-1";
  failing.name = "print_succ, blank in the centre";
  failing.verdict = Verdict::wrong_answer;
  failing.aspects = {{"order", "order", false, "wrong order"}};
  failing.expected = "[1, 0, 3, 4, 2, 5, 6, 7, 8] h=5\n[1, 2, 3, 0, 4, 5, 6, 7, 8] h=5";
  failing.observed = "[1, 2, 3, 0, 4, 5, 6, 7, 8] h=5\n[1, 0, 3, 4, 2, 5, 6, 7, 8] h=5 </pre>";
  failing.feedback = "line 1: successors must be printed in ascending order";
  failing.wall_seconds = 0.25;
  TestOutcome hidden = failing;
  hidden.id = "succ-2";
  hidden.name = "hidden one";
  hidden.visibility = Visibility::after_due_date;
  TestOutcome passing;
  passing.id = "solve-1";
  passing.name = "solve, one move";
  passing.verdict = score >= 5 ? Verdict::accepted : Verdict::time_limit_exceeded;
  passing.aspects = {{"path", "solve", score >= 5, ""}};
  passing.wall_seconds = score;
  report.tests = {failing, hidden, passing};
  report.criteria = {
      {"order", "Successors in order", 0, 5, CriterionStatus::failed, {"succ-1", "succ-2"}, ""},
      {"solve",
       "solve() works",
       score >= 5 ? 5.0 : 0.0,
       5,
       score >= 5 ? CriterionStatus::passed : CriterionStatus::failed,
       {"solve-1"},
       ""}};
  return report;
}

TEST_F(Browser, ConsoleErrorsAreCaught) {
  // The detector itself: a page that throws must be reported, or the checks below prove nothing.
  const Rendered bad =
      render("bad.html",
             "<!DOCTYPE html><html><body><p>x</p><script>undefined_function();</script>"
             "</body></html>");
  ASSERT_EQ(bad.exit_code, 0) << bad.log;
  EXPECT_FALSE(console_messages(bad).empty()) << bad.log;
}

TEST_F(Browser, FeedbackPageRendersCleanlyAndShowsTheReportsNumbers) {
  const GradeReport report = sample_report(5);
  const json data = to_json(report);
  for (const Audience audience : {Audience::student, Audience::instructor}) {
    const Rendered page = render(audience == Audience::student ? "student.html" : "staff.html",
                                 render_feedback_html(report, audience));
    ASSERT_EQ(page.exit_code, 0) << page.log;
    EXPECT_THAT(console_messages(page), ::testing::IsEmpty());
    EXPECT_THAT(page.dom, HasSubstr("<h1>P2: Torus 8-Puzzle &lt;A*&gt;</h1>"));
    const auto score = elements(page.dom, "id=\"score\"");
    ASSERT_EQ(score.size(), 1u);
    EXPECT_EQ(score[0].at("data-score"), points(data["score"].get<double>()));
    EXPECT_EQ(score[0].at("data-max-score"), points(data["max_score"].get<double>()));
    const auto criteria = elements(page.dom, "data-criterion-id=");
    ASSERT_EQ(criteria.size(), data["criteria"].size());
    for (std::size_t i = 0; i < criteria.size(); ++i) {
      EXPECT_EQ(criteria[i].at("data-criterion-id"), data["criteria"][i]["id"]);
      EXPECT_EQ(criteria[i].at("data-points"), points(data["criteria"][i]["points"].get<double>()));
    }
    // Every test appears once: in full, or as "hidden test N" for a student.
    const auto shown = elements(page.dom, "class=\"test\"");
    const auto hidden = elements(page.dom, "class=\"hidden-test\"");
    EXPECT_EQ(shown.size() + hidden.size(), data["tests"].size());
    EXPECT_EQ(hidden.size(), audience == Audience::student ? 1u : 0u);
    // The boards were drawn as 3x3 grids, and the browser kept the markup's structure: the
    // observed "</pre>" stayed text.
    EXPECT_FALSE(elements(page.dom, "class=\"board\"").empty());
    EXPECT_THAT(page.dom, HasSubstr("&lt;/pre&gt;"));
  }
}

TEST_F(Browser, ClassSummaryRendersCleanlyAndItsNumbersMatchTheReports) {
  std::vector<ClassEntry> entries;
  const std::vector<double> scores{0, 2.5, 5, 5, 7.5, 10, 10, 4};
  for (std::size_t i = 0; i < scores.size(); ++i) {
    ClassEntry entry;
    entry.student_id = fmt::format("student-{}", i);
    entry.student_name = i % 2 ? "Ada <Lovelace>" : "";
    entry.report = sample_report(scores[i]);
    if (i == 3) {
      entry.report.tests[2].verdict = Verdict::grader_error;
      entry.report.has_grader_errors = true;
    }
    entries.push_back(std::move(entry));
  }
  const Rendered page = render("summary.html", render_class_summary_html(entries));
  ASSERT_EQ(page.exit_code, 0) << page.log;
  EXPECT_THAT(console_messages(page), ::testing::IsEmpty());
  ASSERT_THAT(page.dom, HasSubstr("<svg id=\"histogram\""));

  // Histogram: bins sum to the class size; each score's bin is counted from the JSON.
  std::vector<int> expected_bins(10, 0);
  std::map<std::string, std::array<int, 3>> expected_tests;  // passed, failed, grader errors
  for (const ClassEntry& entry : entries) {
    const json data = to_json(entry.report);
    const double fraction = data["score"].get<double>() / data["max_score"].get<double>();
    ++expected_bins[std::min(9, static_cast<int>(std::floor(fraction * 10)))];
    for (const json& test : data["tests"]) {
      const std::string verdict = test["verdict"];
      auto& counts = expected_tests[test["id"]];
      ++counts[verdict == "accepted" ? 0 : verdict == "grader_error" ? 2 : 1];
    }
  }
  const auto bins = elements(page.dom, "class=\"bin\"");
  ASSERT_EQ(bins.size(), 10u);
  for (std::size_t bin = 0; bin < bins.size(); ++bin) {
    EXPECT_EQ(std::stoi(bins[bin].at("data-count")), expected_bins[bin]) << "bin " << bin;
  }
  const auto rows = elements(page.dom, "<tr data-test-id=");
  ASSERT_EQ(rows.size(), expected_tests.size());
  for (const auto& row : rows) {
    const auto& counts = expected_tests.at(row.at("data-test-id"));
    EXPECT_EQ(std::stoi(row.at("data-passed")), counts[0]) << row.at("data-test-id");
    EXPECT_EQ(std::stoi(row.at("data-failed")), counts[1]) << row.at("data-test-id");
    EXPECT_EQ(std::stoi(row.at("data-grader-errors")), counts[2]) << row.at("data-test-id");
  }
  const auto students = elements(page.dom, "<tr data-student-id=");
  // Students table + slowest table + one grader error row.
  EXPECT_EQ(students.size(), entries.size() + std::min<std::size_t>(entries.size(), 10) + 1);
  EXPECT_THAT(page.dom, HasSubstr("Ada &lt;Lovelace&gt;"));
}

}  // namespace html_browser_test
}  // namespace
}  // namespace sg
