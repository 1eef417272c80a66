#include "reports/classroom_results.h"

#include <fmt/format.h>
#include <openssl/evp.h>

#include "reports/criterion_lines.h"
#include "reports/render_util.h"
#include "reports/student_summary.h"
#include "reports/student_view.h"

namespace sg {
namespace {

using nlohmann::json;
using report_detail::printable;

// The reporter prints every message in the workflow's log: keep each one readable there.
constexpr std::size_t kMaxMessage = 8 * 1024;

json entry(std::string name, std::string status, double score, std::string message,
           double duration) {
  return {{"name", std::move(name)},
          {"status", std::move(status)},
          {"score", score},
          {"message", std::move(message)},
          {"test_code", ""},
          {"filename", ""},
          {"line_no", 0},
          {"duration", duration}};
}

// OpenSSL's encoder (libcrypto, already the grader's SHA-256): standard alphabet, padded, one
// line, as Buffer.from(text, "base64") in the reporter decodes it.
std::string base64(const std::string& bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                      reinterpret_cast<const unsigned char*>(bytes.data()),
                                      static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(written));
  return out;
}

}  // namespace

nlohmann::json classroom_results(const GradeReport& graded) {
  const GradeReport report = student_view(graded);
  json tests = json::array();
  bool all_passed = true;
  bool faults = report.has_grader_errors;
  const double per_test =
      report.criteria.empty() ? 0.0 : report.seconds / static_cast<double>(report.criteria.size());
  for (const CriterionLine& line : criterion_lines(report)) {
    if (line.pending_manual) continue;
    all_passed = all_passed && line.passed;
    faults = faults || line.grader_error;
    std::string message = line.result;
    if (!line.passed && !line.body.empty()) message += "\n" + line.body;
    tests.push_back(entry(line.name,
                          line.grader_error ? "error"
                          : line.passed     ? "pass"
                                            : "fail",
                          line.points, report_detail::clip_text(std::move(message), kMaxMessage),
                          per_test));
  }
  if (report.submission_verdict && tests.empty())
    tests.push_back(entry("Submission", "fail", 0,
                          report_detail::clip_text(student_summary(report), kMaxMessage), 0));
  return {{"version", 1},
          {"status", faults       ? "error"
                     : all_passed ? "pass"
                                  : "fail"},
          {"max_score", autograded_max(report)},
          {"tests", std::move(tests)}};
}

nlohmann::json classroom_error_results(std::string_view message) {
  return {{"version", 1},
          {"status", "error"},
          {"max_score", 0},
          {"tests",
           json::array({entry("SearchGrader", "error", 0,
                              report_detail::clip_text(printable(message), kMaxMessage), 0)})}};
}

std::string classroom_output_line(const nlohmann::json& results) {
  return "result=" + base64(results.dump()) + "\n";
}

}  // namespace sg
