#include "reports/junit_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "reports/html_util.h"

namespace sg {
namespace {

// XML 1.0 text and attribute values: the HTML escaping does for both (valid UTF-8, control
// characters a submission printed shown as escapes, & < > " ' escaped).
std::string xml_escape(std::string_view text) { return report_detail::html_escape(text); }

std::string test_details(const TestOutcome& test) {
  std::string text;
  if (!test.call.empty()) text += "ran: " + test.call + "\n";
  if (!test.feedback.empty()) text += test.feedback + "\n";
  for (const auto& aspect : test.aspects)
    if (!aspect.passed && !aspect.feedback.empty())
      text += fmt::format("{}: {}\n", aspect.aspect, aspect.feedback);
  if (!test.expected.empty()) text += "expected:\n" + test.expected + "\n";
  if (!test.observed.empty()) text += "observed:\n" + test.observed + "\n";
  return text;
}

// The counts a <testsuite> or <testsuites> element carries.
struct Tally {
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0.0;
  Tally& operator+=(const Tally& other) {
    tests += other.tests;
    failures += other.failures;
    errors += other.errors;
    skipped += other.skipped;
    seconds += other.seconds;
    return *this;
  }
};

Tally tally(const JUnitSuite& suite) {
  Tally counts;
  for (const auto& c : suite.cases) {
    ++counts.tests;
    counts.failures += c.failure ? 1 : 0;
    counts.errors += c.error ? 1 : 0;
    counts.skipped += c.skipped ? 1 : 0;
    counts.seconds += c.seconds;
  }
  return counts;
}

}  // namespace

std::string render_junit(const std::vector<JUnitSuite>& suites) {
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  Tally total;
  for (const auto& suite : suites) total += tally(suite);
  xml += fmt::format(
      "<testsuites name=\"searchgrader\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
      "skipped=\"{}\" time=\"{:.3f}\">\n",
      total.tests, total.failures, total.errors, total.skipped, total.seconds);
  for (const auto& suite : suites) {
    const Tally counts = tally(suite);
    xml += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
        "time=\"{:.3f}\">\n",
        xml_escape(suite.name), counts.tests, counts.failures, counts.errors, counts.skipped,
        counts.seconds);
    for (const auto& c : suite.cases) {
      xml += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"",
                         xml_escape(c.classname), xml_escape(c.name), c.seconds);
      if (!c.failure && !c.error && !c.skipped && c.details.empty()) {
        xml += "/>\n";
        continue;
      }
      xml += ">\n";
      if (c.error) {
        xml += fmt::format("      <error message=\"{}\">{}</error>\n", xml_escape(*c.error),
                           xml_escape(c.details));
      } else if (c.failure) {
        xml += fmt::format("      <failure message=\"{}\">{}</failure>\n", xml_escape(*c.failure),
                           xml_escape(c.details));
      } else if (c.skipped) {
        xml += fmt::format("      <skipped message=\"{}\"/>\n", xml_escape(*c.skipped));
      }
      if (!c.failure && !c.error && !c.details.empty())
        xml += fmt::format("      <system-out>{}</system-out>\n", xml_escape(c.details));
      xml += "    </testcase>\n";
    }
    xml += "  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

JUnitSuite junit_suite(const GradeReport& report) {
  JUnitSuite suite;
  suite.name =
      fmt::format("{} ({} / {} points)", report.assignment_id, report.score, report.max_score);
  for (const auto& test : report.tests) {
    JUnitCase c;
    c.classname = report.assignment_id;
    c.name = test.name.empty() ? test.id : test.name;
    c.seconds = test.wall_seconds;
    if (test.verdict == Verdict::grader_error) {
      c.error = "grader error";
      c.details = test_details(test);
    } else if (test.verdict != Verdict::accepted) {
      c.failure = std::string(describe(test.verdict));
      c.details = test_details(test);
    }
    suite.cases.push_back(std::move(c));
  }
  return suite;
}

std::vector<JUnitSuite> junit_suites(const AuditReport& report, bool survivors_fail) {
  JUnitSuite fixtures{report.assignment_id + ".fixtures", {}};
  for (const auto& fixture : report.fixtures) {
    JUnitCase c;
    c.classname = fixtures.name;
    c.name = fixture.name;
    if (fixture.grader_error) {
      c.error = "grader error";
    } else if (!fixture.ok()) {
      c.failure = fixture.problems.front();
    }
    c.details = fmt::format("{}", fmt::join(fixture.problems, "\n"));
    fixtures.cases.push_back(std::move(c));
  }
  JUnitSuite mutants{report.assignment_id + ".mutants", {}};
  for (const auto& mutant : report.mutants) {
    JUnitCase c;
    c.classname = mutants.name;
    c.name = mutant.id;
    if (!mutant.killed()) {
      const std::string survives =
          fmt::format("survives with {:g}/{:g}: no test catches a submission that {}", mutant.score,
                      mutant.max_score, mutant.mistake);
      if (survivors_fail) c.failure = survives;
      c.details = fmt::format("{}{}\napplies to: {}\nearns in full: {}",
                              survivors_fail ? "" : "SURVIVES: ", survives,
                              fmt::join(mutant.tests, ", "), fmt::join(mutant.earned, ", "));
    } else {
      c.details = fmt::format("caught by: {} ({:g}/{:g})", fmt::join(mutant.killed_by, ", "),
                              mutant.score, mutant.max_score);
    }
    mutants.cases.push_back(std::move(c));
  }
  return {fixtures, mutants};
}

}  // namespace sg
