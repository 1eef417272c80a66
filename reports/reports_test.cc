// Tests for the report renderers, on GradeReports built by hand: nothing here runs the grader.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "reports/gradescope_results.h"
#include "reports/json_report.h"
#include "reports/render_util.h"
#include "reports/text_report.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace reports_test {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

// ---- a small builder for GradeReports ---------------------------------------------------------

TestOutcome make_test(std::string id, std::string name, Verdict verdict,
                      const std::string& criterion_id,
                      Visibility visibility = Visibility::visible) {
  TestOutcome test;
  test.id = std::move(id);
  test.name = std::move(name);
  test.kind = "search_path";
  test.visibility = visibility;
  test.verdict = verdict;
  test.aspects.push_back({"path", criterion_id, verdict == Verdict::accepted, ""});
  test.call = fmt::format("solve(\"{}\")", test.id);
  test.cpu_seconds = 0.25;
  test.wall_seconds = 0.5;
  test.peak_memory_bytes = 12u << 20;
  return test;
}

class ReportBuilder {
 public:
  ReportBuilder() {
    report_.assignment_id = "hw2";
    report_.assignment_title = "Homework 2: 8-puzzle with iterative deepening";
    report_.spec_path = "specs/hw2.yaml";
    report_.submission_path = "submissions/alice/solve.py";
    report_.grader_version = "0.1.0";
    report_.isolation_tier = "namespaces";
    report_.seconds = 3.25;
  }

  ReportBuilder& test(TestOutcome test) {
    report_.tests.push_back(std::move(test));
    return *this;
  }

  // A criterion bound to `test_ids`; its status and points are given, as the grader would.
  ReportBuilder& criterion(std::string id, std::string name, double points, double max_points,
                           CriterionStatus status, std::vector<std::string> test_ids,
                           std::string summary = "") {
    CriterionOutcome criterion;
    criterion.id = std::move(id);
    criterion.name = std::move(name);
    criterion.points = points;
    criterion.max_points = max_points;
    criterion.status = status;
    criterion.test_ids = std::move(test_ids);
    criterion.summary = std::move(summary);
    report_.criteria.push_back(std::move(criterion));
    return *this;
  }

  ReportBuilder& note(std::string text) {
    report_.submission_notes.push_back(std::move(text));
    return *this;
  }

  // Totals follow the model's contract: score sums points, max_score sums all max points (manual
  // included), pending_points sums manual criteria's max points.
  GradeReport build() const {
    GradeReport report = report_;
    for (const CriterionOutcome& criterion : report.criteria) {
      report.score += criterion.points;
      report.max_score += criterion.max_points;
      if (criterion.status == CriterionStatus::pending_manual) {
        report.pending_points += criterion.max_points;
      }
    }
    for (const TestOutcome& test : report.tests) {
      report.has_grader_errors = report.has_grader_errors || test.verdict == Verdict::grader_error;
    }
    return report;
  }

 private:
  GradeReport report_;
};

GradeReport all_passed_report() {
  return ReportBuilder()
      .test(make_test("t1", "solves the start state", Verdict::accepted, "path"))
      .test(make_test("t2", "solves a 10-move puzzle", Verdict::accepted, "path"))
      .test(make_test("t3", "prints the expansion order", Verdict::accepted, "order"))
      .criterion("path", "Finds a shortest path", 5, 5, CriterionStatus::passed, {"t1", "t2"})
      .criterion("order", "Expands nodes in the prescribed order", 5, 5, CriterionStatus::passed,
                 {"t3"})
      .build();
}

GradeReport failing_report() {
  TestOutcome wrong = make_test("t2", "solves a 10-move puzzle", Verdict::wrong_answer, "path");
  wrong.call = "solve([8, 7, 6, 5, 4, 3, 2, 1, 0])";
  wrong.aspects.front().feedback = "the path has 12 moves; a shortest path has 10";
  wrong.feedback =
      "line 6: the move from [4,1,3,0,5,6,7,2,8] to [0,1,3,4,5,6,7,2,8] is legal, but h should "
      "be 3, not 4";
  wrong.expected = "UP\nLEFT\nDOWN";
  wrong.observed = "UP\nRIGHT\nDOWN";
  wrong.notes.push_back("trailing whitespace was ignored");
  TestOutcome slow =
      make_test("t4", "solves the hardest instance", Verdict::time_limit_exceeded, "order");
  slow.wall_seconds = 20.0;
  return ReportBuilder()
      .test(make_test("t1", "solves the start state", Verdict::accepted, "path"))
      .test(wrong)
      .test(make_test("t3", "prints the expansion order", Verdict::accepted, "order"))
      .test(slow)
      .criterion("path", "Finds a shortest path", 2.5, 5, CriterionStatus::partial, {"t1", "t2"},
                 "1 of 2 tests passed; failed: solve([8, 7, 6, 5, 4, 3, 2, 1, 0])")
      .criterion("order", "Expands nodes in the prescribed order", 0, 5, CriterionStatus::failed,
                 {"t3", "t4"})
      .note("importing solve.py printed 3 lines to stdout")
      .build();
}

// A hidden failing test whose every detail carries a marker that must never reach a student.
TestOutcome secret_test(Visibility visibility) {
  TestOutcome test = make_test("secret_id_torus", "SECRET_NAME torus 4x4", Verdict::wrong_answer,
                               "path", visibility);
  test.kind = "SECRET_KIND";
  test.call = "solve(SECRET_CALL_ARGS)";
  test.expected = "SECRET_EXPECTED_LINE";
  test.observed = "SECRET_OBSERVED_LINE";
  test.feedback = "SECRET_FEEDBACK diagnosis";
  test.notes.push_back("SECRET_NOTE");
  test.aspects.front().feedback = "SECRET_ASPECT_FEEDBACK";
  return test;
}

GradeReport hidden_report(Visibility visibility) {
  return ReportBuilder()
      .test(make_test("t1", "solves the start state", Verdict::accepted, "path"))
      .test(make_test("t2", "solves a 10-move puzzle", Verdict::accepted, "path"))
      .test(secret_test(visibility))
      .criterion("path", "Finds a shortest path", 4, 6, CriterionStatus::partial,
                 {"t1", "t2", "secret_id_torus"},
                 "2 of 3 tests passed; failed: solve(SECRET_CALL_ARGS)")
      .build();
}

GradeReport manual_report() {
  return ReportBuilder()
      .test(make_test("t1", "solves the start state", Verdict::accepted, "path"))
      .criterion("path", "Finds a shortest path", 5, 5, CriterionStatus::passed, {"t1"})
      .criterion("writeup", "Write-up explains the heuristic", 0, 20,
                 CriterionStatus::pending_manual, {})
      .build();
}

GradeReport grader_error_report() {
  TestOutcome broken = make_test("t9", "solves the torus instance", Verdict::grader_error, "torus");
  broken.feedback = "the reference solver ran out of memory";
  return ReportBuilder()
      .test(make_test("t1", "solves the start state", Verdict::accepted, "path"))
      .test(broken)
      .criterion("path", "Finds a shortest path", 5, 5, CriterionStatus::passed, {"t1"})
      .criterion("torus", "Handles torus puzzles", 0, 10, CriterionStatus::grader_error, {"t9"})
      .build();
}

TextOptions student() { return TextOptions{}; }

TextOptions instructor() {
  TextOptions options;
  options.audience = Audience::instructor;
  return options;
}

const std::vector<std::string> kSecrets = {"SECRET",
                                           "secret_id_torus",
                                           "torus 4x4",
                                           "solve(SECRET_CALL_ARGS)",
                                           "SECRET_EXPECTED_LINE",
                                           "SECRET_OBSERVED_LINE"};

void expect_no_secret(const std::string& text) {
  for (const std::string& secret : kSecrets) EXPECT_THAT(text, Not(HasSubstr(secret))) << text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

// ---- Gradescope results.json schema, per gradescope/autograder_samples docs/specs.md ----------

const std::set<std::string> kVisibilities = {"hidden", "after_due_date", "after_published",
                                             "visible"};
const std::set<std::string> kFormats = {"text", "html", "simple_format", "md", "ansi"};

void expect_valid_gradescope(const json& results) {
  ASSERT_TRUE(results.is_object());
  const std::set<std::string> top_keys = {"score",         "execution_time",     "output",
                                          "output_format", "test_output_format", "test_name_format",
                                          "visibility",    "stdout_visibility",  "extra_data",
                                          "tests",         "leaderboard"};
  for (const auto& [key, value] : results.items()) {
    EXPECT_TRUE(top_keys.count(key)) << "unknown top-level key " << key;
  }
  ASSERT_TRUE(results.contains("score"));
  EXPECT_TRUE(results["score"].is_number());
  EXPECT_TRUE(std::isfinite(results["score"].get<double>()));
  ASSERT_TRUE(results.contains("execution_time"));
  EXPECT_TRUE(results["execution_time"].is_number());
  EXPECT_GE(results["execution_time"].get<double>(), 0.0);
  EXPECT_TRUE(results["output"].is_string());
  EXPECT_TRUE(kFormats.count(results.value("output_format", "text")));
  EXPECT_TRUE(kFormats.count(results.value("test_output_format", "text")));
  EXPECT_EQ(results["visibility"], "visible");
  EXPECT_EQ(results["stdout_visibility"], "hidden");
  EXPECT_TRUE(results["extra_data"].is_object());
  ASSERT_TRUE(results["tests"].is_array());
  const std::set<std::string> test_keys = {
      "score",  "max_score",     "status", "name",       "name_format", "number",
      "output", "output_format", "tags",   "visibility", "extra_data"};
  for (const json& test : results["tests"]) {
    ASSERT_TRUE(test.is_object());
    for (const auto& [key, value] : test.items()) {
      EXPECT_TRUE(test_keys.count(key)) << "unknown test key " << key;
    }
    ASSERT_TRUE(test.contains("name"));
    EXPECT_TRUE(test["name"].is_string());
    EXPECT_FALSE(test["name"].get<std::string>().empty());
    ASSERT_TRUE(test.contains("score"));
    EXPECT_TRUE(test["score"].is_number());
    ASSERT_TRUE(test.contains("max_score"));
    EXPECT_TRUE(test["max_score"].is_number());
    EXPECT_LE(test["score"].get<double>(), test["max_score"].get<double>());
    ASSERT_TRUE(test.contains("status"));
    EXPECT_TRUE(test["status"] == "passed" || test["status"] == "failed") << test["status"];
    ASSERT_TRUE(test.contains("output"));
    EXPECT_TRUE(test["output"].is_string());
    ASSERT_TRUE(test.contains("visibility"));
    EXPECT_TRUE(kVisibilities.count(test["visibility"].get<std::string>()));
    if (test.contains("extra_data")) {
      EXPECT_TRUE(test["extra_data"].is_object());
    }
    if (test.contains("tags")) {
      EXPECT_TRUE(test["tags"].is_array());
    }
  }
  EXPECT_NO_THROW((void)results.dump());
}

// Criterion entries are the ones carrying extra_data.criterion_id.
std::vector<json> criterion_entries(const json& results) {
  std::vector<json> entries;
  for (const json& test : results["tests"]) {
    if (test.contains("extra_data") && test["extra_data"].contains("criterion_id")) {
      entries.push_back(test);
    }
  }
  return entries;
}

// ---- text ------------------------------------------------------------------------------------

TEST(TextReport, AllPassedShowsHeaderAndOneLinePerCriterion) {
  const std::string text = render_text(all_passed_report(), student());
  EXPECT_THAT(text, HasSubstr("Homework 2: 8-puzzle with iterative deepening"));
  EXPECT_THAT(text, HasSubstr("Submission: solve.py\n"));  // no grader-side folders for students
  EXPECT_THAT(render_text(all_passed_report(), instructor()),
              HasSubstr("submissions/alice/solve.py"));
  EXPECT_THAT(text, HasSubstr("Score:      10/10"));
  EXPECT_THAT(text, HasSubstr("namespaces"));
  EXPECT_THAT(text, HasSubstr("3.25 s"));
  EXPECT_THAT(text, HasSubstr("[PASS]    5/5  Finds a shortest path"));
  EXPECT_THAT(text, HasSubstr("[PASS]    5/5  Expands nodes in the prescribed order"));
  EXPECT_THAT(text, Not(HasSubstr("pending")));
  EXPECT_THAT(text, Not(HasSubstr("solves the start state")));  // passing details: verbose only
  EXPECT_THAT(text, Not(HasSubstr("Grader:")));                 // instructor-only line
  EXPECT_THAT(text, Not(HasSubstr("\x1b")));
}

TEST(TextReport, VerboseShowsPassingTests) {
  TextOptions options = student();
  options.verbose = true;
  const std::string text = render_text(all_passed_report(), options);
  EXPECT_THAT(text, HasSubstr("+ solves the start state: passed"));
  EXPECT_THAT(text, HasSubstr("call:     solve(\"t1\")"));
  EXPECT_THAT(text, HasSubstr("2 of 2 tests passed"));
}

TEST(TextReport, FailuresShowCallFeedbackExpectedObservedAndNotes) {
  const std::string text = render_text(failing_report(), student());
  EXPECT_THAT(text, HasSubstr("Score:      2.5/10"));
  EXPECT_THAT(text, HasSubstr("[PARTIAL] 2.5/5  Finds a shortest path"));
  EXPECT_THAT(text, HasSubstr("[FAIL]      0/5  Expands nodes in the prescribed order"));
  // A student's summary is written from the tests (student_view()), an instructor's as stored.
  EXPECT_THAT(text, HasSubstr("2.5/5  Finds a shortest path\n  1 of 2 tests passed\n"));
  EXPECT_THAT(render_text(failing_report(), instructor()),
              HasSubstr("1 of 2 tests passed; failed: solve([8, 7, 6, 5, 4, 3, 2, 1, 0])"));
  EXPECT_THAT(text, HasSubstr("x solves a 10-move puzzle: wrong answer"));
  EXPECT_THAT(text, HasSubstr("call:     solve([8, 7, 6, 5, 4, 3, 2, 1, 0])"));
  EXPECT_THAT(text, HasSubstr("check path: failed: the path has 12 moves; a shortest path has 10"));
  EXPECT_THAT(text, HasSubstr("line 6: the move from [4,1,3,0,5,6,7,2,8]"));
  EXPECT_THAT(text, HasSubstr("expected (3 lines):\n        UP\n        LEFT\n        DOWN\n"));
  EXPECT_THAT(text, HasSubstr("observed (3 lines):\n        UP\n        RIGHT\n        DOWN\n"));
  EXPECT_THAT(text, HasSubstr("note: trailing whitespace was ignored"));
  EXPECT_THAT(text, HasSubstr("x solves the hardest instance: time limit exceeded"));
  EXPECT_THAT(text, HasSubstr("resources: cpu 0.25 s, wall 20.00 s"));        // shown for a limit
  EXPECT_THAT(text, HasSubstr("prescribed order\n  1 of 2 tests passed\n"));  // no summary given
  EXPECT_THAT(text, Not(HasSubstr("solves the start state")));                // passed: not listed
  EXPECT_THAT(text, HasSubstr("Notes about the submission:\n  - importing solve.py printed"));
  for (const std::string& line : lines_of(text)) EXPECT_LE(line.size(), 100u) << line;
}

TEST(TextReport, LongOutputIsTruncated) {
  GradeReport report = failing_report();
  std::string observed;
  for (int i = 1; i <= 50; ++i) observed += fmt::format("line {}\n", i);
  observed += std::string(300, 'y') + "\n";
  report.tests[1].observed = observed;
  const std::string text = render_text(report, student());
  EXPECT_THAT(text, HasSubstr("observed (51 lines):"));
  EXPECT_THAT(text, HasSubstr("        line 20\n        ... 31 more lines\n"));
  EXPECT_THAT(text, Not(HasSubstr("line 21\n")));

  TextOptions options = student();
  options.max_output_lines = 100;
  const std::string longer = render_text(report, options);
  EXPECT_THAT(longer, HasSubstr(std::string(200, 'y') + " ... (100 more characters)"));
}

TEST(TextReport, HiddenTestIsElidedForStudentsOnly) {
  for (const Visibility visibility :
       {Visibility::hidden, Visibility::after_due_date, Visibility::after_published}) {
    SCOPED_TRACE(std::string(to_string(visibility)));
    const GradeReport report = hidden_report(visibility);
    for (const bool verbose : {false, true}) {
      TextOptions options = student();
      options.verbose = verbose;
      const std::string text = render_text(report, options);
      expect_no_secret(text);
      EXPECT_THAT(text, HasSubstr("x hidden test 1: failed"));
      EXPECT_THAT(text,
                  HasSubstr("2 of 3 tests passed\n"));  // the stored one quotes the hidden call
    }
    const std::string body = render_criterion_body(report, report.criteria[0], student());
    expect_no_secret(body);
    expect_no_secret(render_test_details(report, report.tests[2], student()));

    const std::string full = render_text(report, instructor());
    for (const std::string& secret : kSecrets) EXPECT_THAT(full, HasSubstr(secret));
    EXPECT_THAT(full, HasSubstr("SECRET_FEEDBACK diagnosis"));
    EXPECT_THAT(full, HasSubstr("SECRET_NOTE"));
    EXPECT_THAT(full, HasSubstr(fmt::format("(visibility: {})", to_string(visibility))));
  }
}

TEST(TextReport, HiddenTestsAreNumberedInReportOrder) {
  GradeReport report =
      ReportBuilder()
          .test(make_test("a", "A", Verdict::accepted, "c", Visibility::hidden))
          .test(make_test("b", "B", Verdict::accepted, "c"))
          .test(make_test("z", "Z", Verdict::runtime_error, "c", Visibility::after_published))
          .criterion("c", "C", 0, 3, CriterionStatus::failed, {"z", "b", "a"})
          .build();
  TextOptions options = student();
  options.verbose = true;
  const std::string text = render_text(report, options);
  EXPECT_THAT(text, HasSubstr("x hidden test 2: failed"));
  EXPECT_THAT(text, HasSubstr("+ hidden test 1: passed"));
  EXPECT_THAT(text, HasSubstr("+ B: passed"));
}

TEST(TextReport, PendingManualCriterionIsNeverAZero) {
  const std::string text = render_text(manual_report(), student());
  EXPECT_THAT(text, HasSubstr("Score:      5/25 (+20 pending manual grading)"));
  EXPECT_THAT(text, HasSubstr("[MANUAL]  -/20  Write-up explains the heuristic: pending (manual)"));
  EXPECT_THAT(text, HasSubstr("20 points, awarded by manual grading"));
  EXPECT_THAT(text, Not(HasSubstr("0/20")));
}

TEST(TextReport, GraderErrorCriterionIsNotCountedAgainstTheStudent) {
  const GradeReport report = grader_error_report();
  const std::string text = render_text(report, student());
  EXPECT_THAT(text, HasSubstr("[ERROR]   -/10  Handles torus puzzles: not graded: grader error "
                              "(not counted against you)"));
  EXPECT_THAT(text, HasSubstr("! solves the torus instance: grader error"));
  EXPECT_THAT(text, HasSubstr("not graded: a grader error stopped one of its tests"));
  EXPECT_THAT(text, HasSubstr("some tests could not be graded because of a fault in the grader"));
  EXPECT_THAT(text, Not(HasSubstr("Tests with a grader error")));
  EXPECT_THAT(render_text(report, instructor()), HasSubstr("Tests with a grader error: t9"));
}

TEST(TextReport, HiddenGraderErrorSaysNotGraded) {
  GradeReport report = grader_error_report();
  report.tests[1].visibility = Visibility::hidden;
  const std::string text = render_text(report, student());
  EXPECT_THAT(text, HasSubstr("! hidden test 1: not graded (grader error)"));
  EXPECT_THAT(text, Not(HasSubstr("torus instance")));
}

TEST(TextReport, UnscoredTestsAreListedWhenTheyFail) {
  TestOutcome style = make_test("lint", "style check", Verdict::wrong_answer, "");
  style.aspects.front().feedback = "line 3 is longer than 79 characters";
  const GradeReport report = ReportBuilder()
                                 .test(make_test("t1", "solves", Verdict::accepted, "path"))
                                 .test(style)
                                 .criterion("path", "Path", 1, 1, CriterionStatus::passed, {"t1"})
                                 .build();
  const std::string text = render_text(report, student());
  EXPECT_THAT(text, HasSubstr("Other checks (not scored):\n  x style check: wrong answer"));
  EXPECT_THAT(text, HasSubstr("line 3 is longer than 79 characters"));
}

TEST(TextReport, SubmissionOutputCannotInjectTerminalEscapes) {
  GradeReport report = failing_report();
  report.tests[1].observed = "UP\x1b[2J\x1b]0;pwned\x07\r\nbad \xff byte\xc2\x9b";
  const std::string text = render_text(report, student());
  EXPECT_THAT(text, Not(HasSubstr("\x1b")));
  EXPECT_THAT(text, Not(HasSubstr("\x07")));
  EXPECT_THAT(text, Not(HasSubstr("\r")));
  EXPECT_THAT(text, HasSubstr("UP\\x1b[2J\\x1b]0;pwned\\x07\\r"));
  EXPECT_THAT(text, HasSubstr("bad \xEF\xBF\xBD byte\\u009b"));
}

TEST(TextReport, ColorIsOptIn) {
  TextOptions options = student();
  options.color = true;
  const std::string text = render_text(failing_report(), options);
  EXPECT_THAT(text, HasSubstr("\x1b[31m[FAIL]\x1b[0m"));
  EXPECT_THAT(text, HasSubstr("\x1b[33m[PARTIAL]\x1b[0m"));
}

TEST(RenderUtil, FormatsPoints) {
  EXPECT_EQ(report_detail::format_points(5), "5");
  EXPECT_EQ(report_detail::format_points(2.5), "2.5");
  EXPECT_EQ(report_detail::format_points(1.0 / 3.0), "0.33");
  EXPECT_EQ(report_detail::format_points(-0.0), "0");
  EXPECT_EQ(report_detail::format_points(std::nan("")), "?");
}

// ---- JSON ------------------------------------------------------------------------------------

GradeReport everything_report() {
  GradeReport report = failing_report();
  const GradeReport hidden = hidden_report(Visibility::after_due_date);
  report.tests.push_back(hidden.tests[2]);
  report.tests.push_back(grader_error_report().tests[1]);
  report.criteria.push_back(manual_report().criteria[1]);
  report.criteria.push_back(grader_error_report().criteria[1]);
  report.tests.back().peak_memory_bytes = std::uint64_t{1} << 40;
  report.tests[1].figures = {{"games", 10}, {"won", 7}, {"average_score", 512.5}};
  report.score = 2.5;
  report.max_score = 40;
  report.pending_points = 20;
  report.has_grader_errors = true;
  return report;
}

TEST(JsonReport, RoundTripsEveryField) {
  const GradeReport report = everything_report();
  const json first = to_json(report);
  const GradeReport back = grade_report_from_json(json::parse(first.dump()));
  EXPECT_EQ(to_json(back), first);

  EXPECT_EQ(back.assignment_title, report.assignment_title);
  EXPECT_EQ(back.score, report.score);
  EXPECT_EQ(back.seconds, report.seconds);
  ASSERT_EQ(back.criteria.size(), report.criteria.size());
  EXPECT_EQ(back.criteria[2].status, CriterionStatus::pending_manual);
  EXPECT_EQ(back.criteria[0].summary, report.criteria[0].summary);
  ASSERT_EQ(back.tests.size(), report.tests.size());
  EXPECT_EQ(back.tests[4].visibility, Visibility::after_due_date);
  EXPECT_EQ(back.tests[1].verdict, Verdict::wrong_answer);
  EXPECT_EQ(back.tests[1].aspects[0].feedback, report.tests[1].aspects[0].feedback);
  EXPECT_EQ(back.tests[1].notes, report.tests[1].notes);
  EXPECT_EQ(back.tests[5].peak_memory_bytes, std::uint64_t{1} << 40);
  EXPECT_EQ(back.tests[1].figures, report.tests[1].figures);
  json older = first;  // a report written before figures existed still reads
  older["tests"][1].erase("figures");
  EXPECT_TRUE(grade_report_from_json(older).tests[1].figures.empty());
  EXPECT_EQ(back.submission_notes, report.submission_notes);
  EXPECT_TRUE(back.has_grader_errors);
}

TEST(JsonReport, UsesSnakeCaseKeysAndEnumNames) {
  const json doc = to_json(everything_report());
  EXPECT_EQ(doc["format_version"], kGradeReportJsonVersion);
  EXPECT_EQ(doc["tests"][1]["verdict"], "wrong_answer");
  EXPECT_EQ(doc["tests"][4]["visibility"], "after_due_date");
  EXPECT_EQ(doc["criteria"][2]["status"], "pending_manual");
  EXPECT_EQ(doc["pending_points"], 20.0);
  EXPECT_TRUE(doc["tests"][0]["peak_memory_bytes"].is_number_unsigned());
}

TEST(JsonReport, InvalidUtf8AndNonFiniteNumbersStillSerialize) {
  GradeReport report = failing_report();
  report.tests[1].observed = "bad \xff\xfe bytes";
  report.seconds = std::nan("");
  const json doc = to_json(report);
  EXPECT_NO_THROW((void)doc.dump());
  EXPECT_TRUE(doc["seconds"].is_null());
  const GradeReport back = grade_report_from_json(doc);
  EXPECT_TRUE(std::isnan(back.seconds));
  EXPECT_EQ(back.tests[1].observed, "bad \xEF\xBF\xBD\xEF\xBF\xBD bytes");
}

std::string error_of(const json& doc) {
  try {
    (void)grade_report_from_json(doc);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no exception)";
}

TEST(JsonReport, ErrorsNameTheKey) {
  const json good = to_json(everything_report());

  json doc = good;
  doc.erase("max_score");
  EXPECT_THAT(error_of(doc), HasSubstr("missing key \"max_score\""));

  doc = good;
  doc["tests"][2].erase("verdict");
  EXPECT_THAT(error_of(doc), HasSubstr("missing key \"tests[2].verdict\""));

  doc = good;
  doc["tests"][1]["verdict"] = "wrong";
  EXPECT_THAT(error_of(doc), HasSubstr("tests[1].verdict: unknown verdict \"wrong\""));

  doc = good;
  doc["tests"][0]["visibility"] = "secret";
  EXPECT_THAT(error_of(doc), HasSubstr("tests[0].visibility: unknown visibility \"secret\""));

  doc = good;
  doc["criteria"][1]["status"] = "done";
  EXPECT_THAT(error_of(doc), HasSubstr("criteria[1].status: unknown criterion status \"done\""));

  doc = good;
  doc["tests"][1]["aspects"][0]["passed"] = "yes";
  EXPECT_THAT(error_of(doc),
              HasSubstr("tests[1].aspects[0].passed: expected true or false, found string"));

  doc = good;
  doc["criteria"][0]["test_ids"][1] = 7;
  EXPECT_THAT(error_of(doc), HasSubstr("criteria[0].test_ids[1]: expected a string"));

  doc = good;
  doc["tests"][0]["peak_memory_bytes"] = -1;
  EXPECT_THAT(error_of(doc), HasSubstr("tests[0].peak_memory_bytes: expected a non-negative"));

  doc = good;
  doc["format_version"] = 99;
  EXPECT_THAT(error_of(doc), HasSubstr("format_version: unsupported version 99"));

  EXPECT_THAT(error_of(json::array()), HasSubstr("expected an object, found array"));

  doc = good;
  doc.erase("format_version");
  EXPECT_EQ(error_of(doc), "(no exception)");
}

TEST(JsonReport, CriterionStatusNamesRoundTrip) {
  for (const CriterionStatus status :
       {CriterionStatus::passed, CriterionStatus::partial, CriterionStatus::failed,
        CriterionStatus::pending_manual, CriterionStatus::grader_error}) {
    EXPECT_EQ(criterion_status_from_string(to_string(status)), status);
  }
  EXPECT_THROW((void)criterion_status_from_string("nope"), std::invalid_argument);
}

// ---- Gradescope ------------------------------------------------------------------------------

TEST(GradescopeResults, FieldsFollowTheSpec) {
  for (const GradeReport& report :
       {all_passed_report(), failing_report(), hidden_report(Visibility::hidden),
        hidden_report(Visibility::after_published), manual_report(), grader_error_report(),
        everything_report()}) {
    const json results = to_gradescope_results(report);
    expect_valid_gradescope(results);
    EXPECT_EQ(results["score"], report.score);
    EXPECT_EQ(results["execution_time"], report.seconds);
  }
}

TEST(GradescopeResults, OneEntryPerCriterion) {
  const GradeReport report = failing_report();
  const json results = to_gradescope_results(report);
  ASSERT_EQ(results["tests"].size(), 2u);
  const json& path = results["tests"][0];
  EXPECT_EQ(path["name"], "Finds a shortest path");
  EXPECT_EQ(path["score"], 2.5);
  EXPECT_EQ(path["max_score"], 5.0);
  EXPECT_EQ(path["status"], "failed");
  EXPECT_EQ(path["visibility"], "visible");
  EXPECT_EQ(path["extra_data"]["criterion_id"], "path");
  EXPECT_EQ(path["extra_data"]["status"], "partial");
  EXPECT_EQ(path["extra_data"]["pending_manual"], false);
  EXPECT_THAT(path["output"].get<std::string>(),
              HasSubstr("x solves a 10-move puzzle: wrong answer"));
  const json passed = to_gradescope_results(all_passed_report());
  EXPECT_EQ(passed["tests"][0]["status"], "passed");
  EXPECT_THAT(passed["tests"][0]["output"].get<std::string>(), HasSubstr("2 of 2 tests passed"));
  EXPECT_THAT(results["output"].get<std::string>(), HasSubstr("Score: 2.5/10."));
  EXPECT_THAT(results["output"].get<std::string>(), HasSubstr("Isolation: namespaces."));
  EXPECT_THAT(results["output"].get<std::string>(), HasSubstr("importing solve.py printed"));
}

TEST(GradescopeResults, CriterionMaxScoresAddUpToTheReport) {
  for (const GradeReport& report :
       {all_passed_report(), failing_report(), hidden_report(Visibility::hidden), manual_report(),
        grader_error_report(), everything_report()}) {
    double model_sum = 0.0;
    for (const CriterionOutcome& criterion : report.criteria) model_sum += criterion.max_points;
    EXPECT_DOUBLE_EQ(model_sum, report.max_score);

    // Pending manual entries carry their points in extra_data.max_points instead of max_score.
    double entries_sum = 0.0;
    double pending_sum = 0.0;
    const std::vector<json> entries = criterion_entries(to_gradescope_results(report));
    ASSERT_EQ(entries.size(), report.criteria.size());
    for (const json& entry : entries) {
      entries_sum += entry["max_score"].get<double>();
      if (entry["extra_data"]["pending_manual"] == true) {
        pending_sum += entry["extra_data"]["max_points"].get<double>();
      }
    }
    EXPECT_DOUBLE_EQ(entries_sum + pending_sum, report.max_score);
    EXPECT_DOUBLE_EQ(pending_sum, report.pending_points);
  }
}

TEST(GradescopeResults, NothingOfAHiddenTestIsInResultsJson) {
  for (const Visibility visibility :
       {Visibility::hidden, Visibility::after_due_date, Visibility::after_published}) {
    SCOPED_TRACE(std::string(to_string(visibility)));
    const json results = to_gradescope_results(hidden_report(visibility));
    expect_no_secret(results["output"].get<std::string>());
    expect_no_secret(results["extra_data"].dump());
    // One entry per criterion and nothing of the hidden test: students read results.json, and
    // instructors read the hidden test's details in the autograder's stdout.
    ASSERT_EQ(results["tests"].size(), 1u);
    const json& criterion = results["tests"][0];
    EXPECT_EQ(criterion["visibility"], "visible");
    EXPECT_THAT(criterion["output"].get<std::string>(), HasSubstr("hidden test 1: failed"));
    expect_no_secret(results.dump());
  }
}

TEST(GradescopeResults, PendingManualCriterionIsInformationalNotAZero) {
  const GradeReport report = manual_report();
  const json results = to_gradescope_results(report);
  const json& manual = results["tests"][1];
  EXPECT_EQ(manual["name"], "Write-up explains the heuristic (pending manual grading, 20 points)");
  EXPECT_EQ(manual["score"], 0.0);
  EXPECT_EQ(manual["max_score"], 0.0);
  EXPECT_EQ(manual["status"], "passed");
  EXPECT_EQ(manual["extra_data"]["pending_manual"], true);
  EXPECT_EQ(manual["extra_data"]["status"], "pending_manual");
  EXPECT_EQ(manual["extra_data"]["max_points"], 20.0);
  EXPECT_THAT(manual["output"].get<std::string>(), HasSubstr("It is not a zero"));
  EXPECT_THAT(results["output"].get<std::string>(), HasSubstr("+20 pending manual grading"));
  EXPECT_THAT(results["output"].get<std::string>(), HasSubstr("1 pending manual grading"));
  EXPECT_EQ(results["extra_data"]["pending_points"], 20.0);
  EXPECT_EQ(results["extra_data"]["max_score"], 25.0);
}

TEST(GradescopeResults, GraderErrorCriterionSaysItIsTheGradersFault) {
  const json results = to_gradescope_results(grader_error_report());
  const json& torus = results["tests"][1];
  EXPECT_EQ(torus["name"], "Handles torus puzzles (not graded: grader error)");
  EXPECT_EQ(torus["status"], "failed");
  EXPECT_THAT(torus["output"].get<std::string>(), HasSubstr("not in your submission"));
  EXPECT_THAT(results["output"].get<std::string>(),
              HasSubstr("fault in the autograder, not in your submission"));
  EXPECT_EQ(results["extra_data"]["has_grader_errors"], true);
}

TEST(GradescopeResults, NonFiniteNumbersBecomeZero) {
  GradeReport report = failing_report();
  report.seconds = std::nan("");
  report.criteria[0].points = INFINITY;
  const json results = to_gradescope_results(report);
  EXPECT_EQ(results["execution_time"], 0.0);
  EXPECT_EQ(results["tests"][0]["score"], 0.0);
}

TEST(GradescopeResults, GraderErrorResultsAreValid) {
  const json results = gradescope_grader_error_results("spec failed to load\x1b[0m", 1.5);
  expect_valid_gradescope(results);
  EXPECT_EQ(results["score"], 0.0);
  EXPECT_EQ(results["execution_time"], 1.5);
  ASSERT_EQ(results["tests"].size(), 1u);
  EXPECT_EQ(results["tests"][0]["name"], "Autograder error");
  EXPECT_EQ(results["tests"][0]["status"], "failed");
  EXPECT_EQ(results["tests"][0]["output"], "spec failed to load\\x1b[0m");
  EXPECT_THAT(results["output"].get<std::string>(),
              HasSubstr("fault in the autograder, not in your submission"));
  expect_valid_gradescope(gradescope_grader_error_results("", std::nan("")));
}

class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            fmt::format("sg_reports_test_{}_{}", ::testing::UnitTest::GetInstance()->random_seed(),
                        reinterpret_cast<std::uintptr_t>(this));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST(GradescopeResults, WritesTheFileAtomically) {
  const TempDir dir;
  const std::filesystem::path file = dir.path() / "results" / "results.json";
  const GradeReport report = hidden_report(Visibility::hidden);
  write_gradescope_results(report, file);
  write_gradescope_results(report, file);  // replacing an existing file works too
  std::ifstream in(file);
  const json written = json::parse(in);
  EXPECT_EQ(written, to_gradescope_results(report));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry :
       std::filesystem::directory_iterator(file.parent_path())) {
    ++files;
  }
  EXPECT_EQ(files, 1u);  // no temporary file left behind
}

TEST(GradescopeResults, WriteFailureNamesThePath) {
  const TempDir dir;
  const std::filesystem::path blocker = dir.path() / "not_a_directory";
  std::ofstream(blocker) << "x";
  const std::filesystem::path file = blocker / "results.json";
  try {
    write_gradescope_results(all_passed_report(), file);
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr(file.string()));
  }
}

}  // namespace reports_test
}  // namespace
}  // namespace sg
