// Tests for the per-student feedback renderers (Markdown, HTML), the board/first-difference
// helpers they use, and the class summary page, on GradeReports built by hand.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "reports/board_text.h"
#include "reports/class_summary.h"
#include "reports/feedback_html.h"
#include "reports/feedback_markdown.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace feedback_test {

using ::testing::HasSubstr;
using ::testing::Not;

// ---- fixtures -----------------------------------------------------------------------------------

TestOutcome make_test(std::string id, std::string name, Verdict verdict, std::string criterion,
                      Visibility visibility = Visibility::visible) {
  TestOutcome test;
  test.id = std::move(id);
  test.name = std::move(name);
  test.kind = "print_succ";
  test.visibility = visibility;
  test.verdict = verdict;
  test.aspects.push_back({"successors", std::move(criterion), verdict == Verdict::accepted, ""});
  test.call = fmt::format("print_succ(<{}>)", test.id);
  test.wall_seconds = 0.5;
  return test;
}

// A torus report: one visible failing print_succ test with board lines, one hidden failing test
// with secrets in every field, one passing test.
GradeReport torus_report() {
  GradeReport report;
  report.assignment_id = "torus";
  report.assignment_title = "P2: Torus | 8-Puzzle";
  report.submission_path = "students/alice";
  report.grader_version = "0.1.0";
  report.isolation_tier = "namespaces";
  report.max_score = 10;
  report.score = 5;

  TestOutcome visible = make_test("succ-center-1", "print_succ, blank in the centre",
                                  Verdict::wrong_answer, "succ_center");
  visible.expected =
      "[1, 0, 3, 4, 2, 5, 6, 7, 8] h=5\n[1, 2, 3, 0, 4, 5, 6, 7, 8] h=5\n"
      "[1, 2, 3, 4, 5, 0, 6, 7, 8] h=3";
  visible.observed =
      "[1, 0, 3, 4, 2, 5, 6, 7, 8] h=5\n[1, 2, 3, 4, 5, 0, 6, 7, 8] h=3\n"
      "[1, 2, 3, 0, 4, 5, 6, 7, 8] h=5 <script>alert(1)</script> ```";
  visible.feedback = "line 2: successors must be printed in ascending order";
  TestOutcome hidden = make_test("secret-id", "SECRET NAME", Verdict::time_limit_exceeded,
                                 "succ_center", Visibility::after_due_date);
  hidden.call = "SECRET CALL";
  hidden.expected = "SECRET EXPECTED";
  hidden.observed = "SECRET OBSERVED";
  hidden.feedback = "SECRET FEEDBACK";
  hidden.notes = {"SECRET NOTE"};
  TestOutcome passing = make_test("pq-basics", "PriorityQueue basics", Verdict::accepted, "pq");
  report.tests = {visible, hidden, passing};

  CriterionOutcome succ{"succ_center",
                        "print_succ() works for center gap",
                        0,
                        5,
                        CriterionStatus::failed,
                        {"succ-center-1", "secret-id"},
                        "failed: SECRET CALL"};
  CriterionOutcome pq{"pq",          "PriorityQueue present", 5, 5, CriterionStatus::passed,
                      {"pq-basics"}, "1 of 1 tests passed"};
  report.criteria = {succ, pq};
  return report;
}

// A failed aspect whose feedback carries evidence after its sentence (the student's expansions
// beside the reference's): shown preformatted in both renderers, withheld for a hidden test.
GradeReport evidence_report() {
  GradeReport report = torus_report();
  const std::string evidence =
      "expansion 2 is B, but the frontier's best entry at that point is A\n"
      "A is expanded a second time at expansion 3; it was expansion 2\n"
      "    #   yours  expected\n"
      "    1   S      S\n"
      "  > 2   B      A";
  report.tests[0].aspects[0].feedback = evidence;
  report.tests[1].aspects[0].feedback = "SECRET ASPECT\n  > 2   SECRET-STATE";
  return report;
}

TEST(FeedbackEvidence, MarkdownShowsTheSentenceInlineAndTheEvidenceAsACodeBlock) {
  const std::string md = render_feedback_markdown(evidence_report(), Audience::student);
  EXPECT_THAT(md,
              HasSubstr("- check **successors** failed: expansion 2 is B, but the frontier's "
                        "best entry at that point is A\n  ```text\n  A is expanded a second "
                        "time at expansion 3; it was expansion 2\n      #   yours  expected\n"));
  EXPECT_THAT(md, HasSubstr("\n    > 2   B      A\n  ```\n"));
  EXPECT_THAT(md, Not(HasSubstr("SECRET")));
}

TEST(FeedbackEvidence, HtmlShowsTheEvidencePreformatted) {
  const std::string html = render_feedback_html(evidence_report(), Audience::student);
  EXPECT_THAT(html, HasSubstr("failed: expansion 2 is B, but the frontier&#39;s best entry at "
                              "that point is A<pre class=\"evidence\">A is expanded a second"));
  EXPECT_THAT(html, HasSubstr("  &gt; 2   B      A</pre></li>"));
  EXPECT_THAT(html, Not(HasSubstr("SECRET")));
  EXPECT_THAT(render_feedback_html(evidence_report(), Audience::instructor),
              HasSubstr("SECRET-STATE"));
}

// ---- board_text ---------------------------------------------------------------------------------

TEST(BoardText, FindsABracketedSquareListWithItsSurroundings) {
  const auto board = report_detail::find_board("[1, 0, 3, 4, 2, 5, 6, 7, 8] h=5");
  ASSERT_TRUE(board.has_value());
  EXPECT_EQ(board->before, "");
  EXPECT_EQ(board->after, " h=5");
  ASSERT_EQ(board->rows.size(), 3u);
  EXPECT_EQ(board->rows[0], (std::vector<std::string>{"1", "0", "3"}));
  EXPECT_EQ(board->rows[2], (std::vector<std::string>{"6", "7", "8"}));
}

TEST(BoardText, FindsCompactAndParenthesisedBoards) {
  const auto compact = report_detail::find_board("125 348 67b");
  ASSERT_TRUE(compact.has_value());
  EXPECT_EQ(compact->rows[2], (std::vector<std::string>{"6", "7", "b"}));
  const auto paren = report_detail::find_board("((7 * 2) (9 6 4) (13 14 9) (0 11 10))");
  ASSERT_TRUE(paren.has_value());
  EXPECT_EQ(paren->rows.size(), 4u);
  EXPECT_EQ(paren->rows[0][1], "*");
  EXPECT_EQ(paren->rows[2][1], "14");
}

TEST(BoardText, LeavesOrdinaryTextAlone) {
  for (const char* line : {"Solution found!", "[1, 2, 3]", "moves: 10", "(PATH-TO-GOAL (RIGHT))",
                           "the goal is", "['left', 'right', 'up']", "(1 DOWN)"}) {
    EXPECT_FALSE(report_detail::find_board(line).has_value()) << line;
  }
}

TEST(BoardText, FindsMultiLineBoardBlocks) {
  const std::vector<std::string_view> lines{"start", "1 2 3", "4 0 5", "7 8 6",
                                            "",      "1 2",   "3 *",   "done"};
  const auto blocks = report_detail::find_board_blocks(lines);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].first, 1u);
  EXPECT_EQ(blocks[0].rows.size(), 3u);
  EXPECT_EQ(blocks[1].first, 5u);
  EXPECT_EQ(blocks[1].rows[1][1], "*");
}

TEST(BoardText, FirstDifferenceNamesLineAndColumn) {
  using V = std::vector<std::string_view>;
  const auto same = report_detail::first_difference(V{"a", "b  "}, V{"a", "b"});
  EXPECT_FALSE(same.has_value());
  const auto changed = report_detail::first_difference(V{"abc", "x = 12"}, V{"abc", "x = 13"});
  ASSERT_TRUE(changed.has_value());
  EXPECT_EQ(changed->line, 1u);
  EXPECT_EQ(changed->column, 5u);
  const auto shorter = report_detail::first_difference(V{"a", "b"}, V{"a"});
  ASSERT_TRUE(shorter.has_value());
  EXPECT_EQ(shorter->line, 1u);
  EXPECT_TRUE(shorter->observed_missing);
  const auto longer = report_detail::first_difference(V{"a"}, V{"a", "b"});
  ASSERT_TRUE(longer.has_value());
  EXPECT_TRUE(longer->expected_missing);
}

TEST(BoardText, ADescriptionOfChecksIsNotADifferenceWorthMarking) {
  using V = std::vector<std::string_view>;
  const V description{"contains: \"Solution found!\"", "solution path: legal moves to the goal"};
  const V output{"Solution found!", "Solution Length:  4"};
  const auto difference = report_detail::first_difference(description, output);
  ASSERT_TRUE(difference.has_value());
  EXPECT_FALSE(report_detail::meaningful_difference(description, output, *difference));
  // Alike outputs: a shared line, a later column, or two boards.
  const V a{"Solution found!", "Solution Length:  4"};
  const V b{"Solution found!", "Solution Length:  6"};
  EXPECT_TRUE(report_detail::meaningful_difference(a, b, *report_detail::first_difference(a, b)));
  const V c{"[1, 2, 3, 4] h=1"};
  const V d{"[4, 3, 2, 1] h=4"};
  EXPECT_TRUE(report_detail::meaningful_difference(c, d, *report_detail::first_difference(c, d)));
}

// ---- Markdown -----------------------------------------------------------------------------------

TEST(FeedbackMarkdown, StudentSeesHiddenTestsOnlyAsNumbers) {
  const std::string md = render_feedback_markdown(torus_report(), Audience::student);
  EXPECT_THAT(md, Not(HasSubstr("SECRET")));
  EXPECT_THAT(md, HasSubstr("hidden test 1"));
  EXPECT_THAT(md, HasSubstr("| failed |"));
  EXPECT_THAT(md, HasSubstr("print\\_succ, blank in the centre"));
  EXPECT_THAT(md, HasSubstr("**Score: 5/10**"));
  // The stored summary quotes the hidden test; the student's is written from the tests.
  EXPECT_THAT(md, HasSubstr("| 0 of 2 tests passed |"));
}

TEST(FeedbackMarkdown, InstructorSeesEverythingWithTheFirstDifference) {
  const std::string md = render_feedback_markdown(torus_report(), Audience::instructor);
  EXPECT_THAT(md, HasSubstr("SECRET CALL"));
  EXPECT_THAT(md, HasSubstr("SECRET OBSERVED"));
  EXPECT_THAT(md, HasSubstr("Visibility: after_due_date"));
  EXPECT_THAT(md, HasSubstr("**First difference, line 2:**"));
  // Both line-2 boards drawn, the tiles that moved starred.
  EXPECT_THAT(md, HasSubstr("expected   observed"));
  EXPECT_THAT(md, HasSubstr("*0"));
}

TEST(FeedbackMarkdown, FeedbackOnlyTestsAreMarkedNotScored) {
  GradeReport report = torus_report();
  TestOutcome extra =
      make_test("import-notes", "What importing printed", Verdict::runtime_error, "");
  report.tests.push_back(extra);
  const std::string md = render_feedback_markdown(report, Audience::student);
  EXPECT_THAT(md, HasSubstr("| What importing printed | runtime error (not scored) |"));
  EXPECT_THAT(md, HasSubstr("| print\\_succ, blank in the centre | wrong answer |"));
}

TEST(FeedbackMarkdown, UntrustedTextCannotBreakOutOfItsBlock) {
  const std::string md = render_feedback_markdown(torus_report(), Audience::instructor);
  // The observed output holds three backticks, so its fence is longer.
  EXPECT_THAT(md, HasSubstr("````text\n"));
  // A '|' in the title or a name is escaped so tables stay tables.
  EXPECT_THAT(md, HasSubstr("P2: Torus \\| 8-Puzzle"));
}

// ---- HTML ---------------------------------------------------------------------------------------

TEST(FeedbackHtml, IsOneSafeSelfContainedPage) {
  const std::string html = render_feedback_html(torus_report(), Audience::instructor);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_THAT(html, HasSubstr("Content-Security-Policy"));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
  EXPECT_THAT(html, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(html, Not(HasSubstr("src=\"http")));
  EXPECT_THAT(html, HasSubstr("</html>\n"));
}

TEST(FeedbackHtml, DrawsBoardsAndHighlightsTheFirstDifference) {
  const std::string html = render_feedback_html(torus_report(), Audience::instructor);
  EXPECT_THAT(html, HasSubstr("class=\"board\" data-rows=\"3\" data-cols=\"3\""));
  EXPECT_THAT(html, HasSubstr("<p class=\"first-difference\" data-line=\"2\">"));
  // Line 2 (the first difference) expected [1,2,3,0,4,5,...] vs observed [1,2,3,4,5,0,...]:
  // the middle row's three cells differ, marked on both sides; line 3 differs too but is not
  // marked (only the first difference is).
  const std::regex diff_cell("<td class=\"(blank )?diff\">");
  const auto diffs = std::distance(std::sregex_iterator(html.begin(), html.end(), diff_cell),
                                   std::sregex_iterator());
  EXPECT_EQ(diffs, 6);
  EXPECT_THAT(html, HasSubstr("<td class=\"blank\">0</td>"));
  // The call's state is drawn too.
  GradeReport with_call = torus_report();
  with_call.tests[0].call = "print_succ([1, 2, 3, 4, 0, 5, 6, 7, 8])";
  const std::string called = render_feedback_html(with_call, Audience::student);
  EXPECT_THAT(called, HasSubstr("<p class=\"call-boards\"><table class=\"board\" data-rows=\"3\""));
  // Where '*' marks the blank, a 0 is a tile.
  with_call.tests[0].call = "./eightpuzzle in1\n((7 * 2) (0 11 10))";
  const std::string starred = render_feedback_html(with_call, Audience::student);
  EXPECT_THAT(starred, HasSubstr("<td class=\"blank\">*</td>"));
  EXPECT_THAT(starred, HasSubstr("<td>0</td>"));
}

TEST(FeedbackHtml, DrawsMultiLineBoardsAsOneGrid) {
  GradeReport report = torus_report();
  report.tests[0].expected = "moves: 1\n1 2 3\n4 0 5\n7 8 6\n";
  report.tests[0].observed = "moves: 1\n1 2 3\n4 5 0\n7 8 6\n";
  const std::string html = render_feedback_html(report, Audience::student);
  // Lines 2-4 form one 3x3 board on each side; the first difference is line 3, in it the two
  // cells that swapped are marked on both sides.
  EXPECT_THAT(html, HasSubstr("<td class=\"ln\">2&ndash;4</td>"));
  EXPECT_THAT(html, HasSubstr("<p class=\"first-difference\" data-line=\"3\">"));
  const std::regex diff_cell("<td class=\"(blank )?diff\">");
  EXPECT_EQ(std::distance(std::sregex_iterator(html.begin(), html.end(), diff_cell),
                          std::sregex_iterator()),
            4);
}

TEST(FeedbackHtml, MarksTheFirstDifferingTextWhenThereIsNoBoard) {
  GradeReport report = torus_report();
  report.tests[0].expected = "Solution found!\nSolution Length:  4";
  report.tests[0].observed = "Solution found!\nSolution Length:  6";
  const std::string html = render_feedback_html(report, Audience::student);
  EXPECT_THAT(html, HasSubstr("Solution Length:  <mark>4</mark>"));
  EXPECT_THAT(html, HasSubstr("Solution Length:  <mark>6</mark>"));
}

TEST(FeedbackHtml, StudentPageWithholdsHiddenTests) {
  const std::string html = render_feedback_html(torus_report(), Audience::student);
  EXPECT_THAT(html, Not(HasSubstr("SECRET")));
  EXPECT_THAT(html, Not(HasSubstr("secret-id")));
  EXPECT_THAT(html, HasSubstr("hidden test 1: failed"));
  EXPECT_THAT(html, HasSubstr("data-score=\"5\" data-max-score=\"10\""));
}

TEST(FeedbackHtml, GraderErrorsAreNotTheStudentsFault) {
  GradeReport report = torus_report();
  report.tests[2].verdict = Verdict::grader_error;
  report.has_grader_errors = true;
  const std::string html = render_feedback_html(report, Audience::student);
  EXPECT_THAT(html, HasSubstr("id=\"grader-error\""));
  EXPECT_THAT(html, HasSubstr("not graded (grader error)"));
}

// ---- class summary ------------------------------------------------------------------------------

std::vector<ClassEntry> class_of(const std::vector<double>& scores) {
  std::vector<ClassEntry> entries;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    ClassEntry entry;
    entry.student_id = fmt::format("s{:02}", scores.size() - i);  // not in id order
    entry.report = torus_report();
    entry.report.score = scores[i];
    entry.report.seconds = static_cast<double>(i) + 0.5;
    // Every third student fails the pq test; every fifth hits a grader error there.
    if (i % 3 == 0) entry.report.tests[2].verdict = Verdict::wrong_answer;
    if (i % 5 == 0) {
      entry.report.tests[2].verdict = Verdict::grader_error;
      entry.report.tests[2].feedback = "reference disagreed with a pinned figure";
      entry.report.has_grader_errors = true;
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::map<std::string, std::string> attributes_of(const std::string& html,
                                                 const std::string& tag_start) {
  std::map<std::string, std::string> out;
  const std::size_t at = html.find(tag_start);
  if (at == std::string::npos) return out;
  const std::string tag = html.substr(at, html.find('>', at) - at);
  const std::regex attribute("([a-z-]+)=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(tag.begin(), tag.end(), attribute);
       it != std::sregex_iterator(); ++it) {
    out[(*it)[1]] = (*it)[2];
  }
  return out;
}

TEST(ClassSummary, HistogramCountsEveryStudentInTheRightBin) {
  const std::vector<double> scores{0, 1, 2.5, 5, 5, 7.5, 9.99, 10, 10, 3};
  const std::string html = render_class_summary_html(class_of(scores));
  EXPECT_THAT(html, HasSubstr("<svg id=\"histogram\""));
  std::vector<int> expected(10, 0);
  for (const double score : scores) {
    ++expected[std::min(9, static_cast<int>(std::floor(score / 10.0 * 10)))];
  }
  int total = 0;
  for (int bin = 0; bin < 10; ++bin) {
    const auto attributes =
        attributes_of(html, fmt::format("<g class=\"bin\" data-bin=\"{}\"", bin));
    ASSERT_FALSE(attributes.empty()) << bin;
    EXPECT_EQ(std::stoi(attributes.at("data-count")), expected[bin]) << "bin " << bin;
    total += std::stoi(attributes.at("data-count"));
  }
  EXPECT_EQ(total, static_cast<int>(scores.size()));
}

TEST(ClassSummary, PassRatesSlowestAndGraderErrors) {
  const std::vector<double> scores{1, 2, 3, 4, 5, 6, 7};
  const auto entries = class_of(scores);
  const std::string html = render_class_summary_html(entries);
  int passed = 0, failed = 0, errors = 0;
  for (const ClassEntry& entry : entries) {
    const Verdict verdict = entry.report.tests[2].verdict;
    (verdict == Verdict::accepted ? passed : verdict == Verdict::grader_error ? errors : failed)++;
  }
  const auto pq = attributes_of(html, "<tr data-test-id=\"pq-basics\"");
  EXPECT_EQ(pq.at("data-passed"), std::to_string(passed));
  EXPECT_EQ(pq.at("data-failed"), std::to_string(failed));
  EXPECT_EQ(pq.at("data-grader-errors"), std::to_string(errors));
  // The instructor's page names hidden tests.
  EXPECT_THAT(html, HasSubstr("SECRET NAME"));
  // The slowest submission is the last one built (seconds = 6.5): student "s01".
  const std::size_t slowest = html.find("<table id=\"slowest\">");
  ASSERT_NE(slowest, std::string::npos);
  EXPECT_EQ(attributes_of(html.substr(slowest), "<tr data-student-id").at("data-student-id"),
            "s01");
  EXPECT_EQ(attributes_of(html, "<p id=\"grader-errors-count\"").at("data-count"),
            std::to_string(errors));
  EXPECT_THAT(html, HasSubstr("reference disagreed with a pinned figure"));
  EXPECT_EQ(attributes_of(html, "<div class=\"card\" id=\"submissions\"").at("data-value"), "7");
  EXPECT_EQ(attributes_of(html, "<div class=\"card\" id=\"median\"").at("data-value"), "4");
}

// The games tests' spread: how many students won how many games, the median, and who had a
// game that did not complete; a grader error is no one's result.
TEST(ClassSummary, GamesTestsShowTheSpreadOfWins) {
  std::vector<ClassEntry> entries = class_of({1, 2, 3, 4, 5});
  const std::vector<double> wins = {0, 3, 3, 10, 9};
  for (std::size_t i = 0; i < entries.size(); ++i) {
    TestOutcome games;
    games.id = "q1-games";
    games.name = "ReflexAgent plays 10 games";
    games.verdict = i == 0 ? Verdict::time_limit_exceeded : Verdict::accepted;
    games.figures = {{"games", 10},
                     {"won", wins[i]},
                     {"lost", 10 - wins[i]},
                     {"incomplete", i == 0 ? 1.0 : 0.0},
                     {"average_score", 100 * wins[i]}};
    entries[i].report.tests.push_back(games);
  }
  TestOutcome fault = entries[0].report.tests.back();  // a sixth student the grader failed
  fault.verdict = Verdict::grader_error;
  entries.push_back(entries[0]);
  entries.back().student_id = "s99";
  entries.back().report.tests.back() = fault;
  const std::string html = render_class_summary_html(entries);
  const auto row = attributes_of(html, "<tr data-test-id=\"q1-games\" data-students");
  ASSERT_FALSE(row.empty()) << html;
  EXPECT_EQ(row.at("data-students"), "5");
  EXPECT_EQ(row.at("data-median-wins"), "3");
  EXPECT_EQ(row.at("data-incomplete"), "1");
  EXPECT_THAT(html, HasSubstr("0 &times; 1, 3 &times; 2, 9 &times; 1, 10 &times; 1"));
  EXPECT_THAT(render_class_summary_html(class_of({1, 2})), Not(HasSubstr("<table id=\"games\">")));
}

TEST(ClassSummary, AnEmptyClassStillRenders) {
  const std::string html = render_class_summary_html({});
  EXPECT_THAT(html, HasSubstr("<h1>Class summary</h1>"));
  EXPECT_EQ(attributes_of(html, "<div class=\"card\" id=\"submissions\"").at("data-value"), "0");
}

}  // namespace feedback_test
}  // namespace
}  // namespace sg
