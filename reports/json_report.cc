#include "reports/json_report.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "reports/render_util.h"

namespace sg {
namespace {

using nlohmann::json;
using report_detail::to_valid_utf8;

// Non-finite numbers are written as null explicitly (nlohmann would do the same on dump(), but an
// explicit null keeps json == json comparisons meaningful).
json number(double value) { return std::isfinite(value) ? json(value) : json(nullptr); }

json strings(const std::vector<std::string>& values) {
  json array = json::array();
  for (const std::string& value : values) array.push_back(to_valid_utf8(value));
  return array;
}

json figures(const std::map<std::string, double>& values) {
  json object = json::object();
  for (const auto& [name, value] : values) object[to_valid_utf8(name)] = number(value);
  return object;
}

// ---- reading ------------------------------------------------------------------------------

[[noreturn]] void fail(const std::string& path, std::string_view what) {
  throw std::invalid_argument(fmt::format("grade report JSON: {}: {}", path, what));
}

std::string join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : fmt::format("{}.{}", path, key);
}

std::string_view type_name(const json& value) { return value.type_name(); }

// A typed view of one JSON object at a known path, so every error can name the key.
class Object {
 public:
  Object(const json& value, std::string path) : value_(value), path_(std::move(path)) {
    if (!value_.is_object()) {
      fail(path_.empty() ? std::string("(top level)") : path_,
           fmt::format("expected an object, found {}", type_name(value_)));
    }
  }

  const json& at(std::string_view key) const {
    const auto found = value_.find(key);
    if (found == value_.end()) {
      throw std::invalid_argument(
          fmt::format("grade report JSON: missing key \"{}\"", join(path_, key)));
    }
    return *found;
  }

  bool has(std::string_view key) const { return value_.contains(key); }

  std::string path(std::string_view key) const { return join(path_, key); }

  std::string string(std::string_view key) const {
    const json& value = at(key);
    if (!value.is_string()) wrong_type(key, "a string", value);
    return value.get<std::string>();
  }

  double number(std::string_view key) const {
    const json& value = at(key);
    if (value.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!value.is_number()) wrong_type(key, "a number", value);
    return value.get<double>();
  }

  bool boolean(std::string_view key) const {
    const json& value = at(key);
    if (!value.is_boolean()) wrong_type(key, "true or false", value);
    return value.get<bool>();
  }

  std::uint64_t unsigned_integer(std::string_view key) const {
    const json& value = at(key);
    if (value.is_number_unsigned()) return value.get<std::uint64_t>();
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
      return static_cast<std::uint64_t>(value.get<std::int64_t>());
    }
    wrong_type(key, "a non-negative integer", value);
  }

  const json& array(std::string_view key) const {
    const json& value = at(key);
    if (!value.is_array()) wrong_type(key, "an array", value);
    return value;
  }

  std::vector<std::string> strings(std::string_view key) const {
    std::vector<std::string> result;
    const json& values = array(key);
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (!values[i].is_string()) {
        fail(fmt::format("{}[{}]", path(key), i),
             fmt::format("expected a string, found {}", type_name(values[i])));
      }
      result.push_back(values[i].get<std::string>());
    }
    return result;
  }

 private:
  [[noreturn]] void wrong_type(std::string_view key, std::string_view expected,
                               const json& found) const {
    fail(path(key), fmt::format("expected {}, found {}", expected, type_name(found)));
  }

  const json& value_;
  std::string path_;
};

AspectOutcome read_aspect(const Object& object) {
  AspectOutcome aspect;
  aspect.aspect = object.string("aspect");
  aspect.criterion_id = object.string("criterion_id");
  aspect.passed = object.boolean("passed");
  aspect.judged = object.has("judged") ? object.boolean("judged") : true;
  aspect.feedback = object.string("feedback");
  return aspect;
}

TestOutcome read_test(const Object& object) {
  TestOutcome test;
  test.id = object.string("id");
  test.name = object.string("name");
  test.kind = object.string("kind");
  const std::string visibility = object.string("visibility");
  const auto parsed_visibility = visibility_from_string(visibility);
  if (!parsed_visibility) {
    fail(object.path("visibility"), fmt::format("unknown visibility \"{}\" (expected visible, "
                                                "hidden, after_due_date or after_published)",
                                                visibility));
  }
  test.visibility = *parsed_visibility;
  const std::string verdict = object.string("verdict");
  const auto parsed_verdict = verdict_from_string(verdict);
  if (!parsed_verdict) fail(object.path("verdict"), fmt::format("unknown verdict \"{}\"", verdict));
  test.verdict = *parsed_verdict;
  const json& aspects = object.array("aspects");
  for (std::size_t i = 0; i < aspects.size(); ++i) {
    test.aspects.push_back(
        read_aspect(Object(aspects[i], fmt::format("{}[{}]", object.path("aspects"), i))));
  }
  test.call = object.string("call");
  test.expected = object.string("expected");
  test.observed = object.string("observed");
  test.feedback = object.string("feedback");
  test.notes = object.strings("notes");
  if (object.has("figures")) {  // optional: reports written before figures existed lack it
    const Object figures(object.at("figures"), object.path("figures"));
    for (const auto& [name, value] : object.at("figures").items())
      test.figures[name] = figures.number(name);
  }
  test.cpu_seconds = object.number("cpu_seconds");
  test.wall_seconds = object.number("wall_seconds");
  test.peak_memory_bytes = object.unsigned_integer("peak_memory_bytes");
  return test;
}

CriterionOutcome read_criterion(const Object& object) {
  CriterionOutcome criterion;
  criterion.id = object.string("id");
  criterion.name = object.string("name");
  criterion.points = object.number("points");
  criterion.max_points = object.number("max_points");
  const std::string status = object.string("status");
  try {
    criterion.status = criterion_status_from_string(status);
  } catch (const std::invalid_argument&) {
    fail(object.path("status"), fmt::format("unknown criterion status \"{}\" (expected passed, "
                                            "partial, failed, pending_manual or grader_error)",
                                            status));
  }
  criterion.test_ids = object.strings("test_ids");
  criterion.summary = object.string("summary");
  return criterion;
}

std::atomic<unsigned> temp_counter{0};

}  // namespace

CriterionStatus criterion_status_from_string(std::string_view name) {
  for (const CriterionStatus status :
       {CriterionStatus::passed, CriterionStatus::partial, CriterionStatus::failed,
        CriterionStatus::pending_manual, CriterionStatus::grader_error}) {
    if (to_string(status) == name) return status;
  }
  throw std::invalid_argument(fmt::format("unknown criterion status \"{}\"", name));
}

nlohmann::json to_json(const GradeReport& report) {
  json shared = json::array();
  for (const SharedFeedback& entry : report.shared_feedback) {
    shared.push_back({{"id", to_valid_utf8(entry.id)},
                      {"text", to_valid_utf8(entry.text)},
                      {"test_ids", strings(entry.test_ids)}});
  }
  json criteria = json::array();
  for (const CriterionOutcome& criterion : report.criteria) {
    criteria.push_back({
        {"id", to_valid_utf8(criterion.id)},
        {"name", to_valid_utf8(criterion.name)},
        {"points", number(criterion.points)},
        {"max_points", number(criterion.max_points)},
        {"status", std::string(to_string(criterion.status))},
        {"test_ids", strings(criterion.test_ids)},
        {"summary", to_valid_utf8(criterion.summary)},
    });
  }
  json tests = json::array();
  for (const TestOutcome& test : report.tests) {
    json aspects = json::array();
    for (const AspectOutcome& aspect : test.aspects) {
      aspects.push_back({
          {"aspect", to_valid_utf8(aspect.aspect)},
          {"criterion_id", to_valid_utf8(aspect.criterion_id)},
          {"passed", aspect.passed},
          {"judged", aspect.judged},
          {"feedback", to_valid_utf8(aspect.feedback)},
      });
    }
    tests.push_back({
        {"id", to_valid_utf8(test.id)},
        {"name", to_valid_utf8(test.name)},
        {"kind", to_valid_utf8(test.kind)},
        {"visibility", std::string(to_string(test.visibility))},
        {"verdict", std::string(to_string(test.verdict))},
        {"aspects", std::move(aspects)},
        {"call", to_valid_utf8(test.call)},
        {"expected", to_valid_utf8(test.expected)},
        {"observed", to_valid_utf8(test.observed)},
        {"feedback", to_valid_utf8(test.feedback)},
        {"notes", strings(test.notes)},
        {"figures", figures(test.figures)},
        {"cpu_seconds", number(test.cpu_seconds)},
        {"wall_seconds", number(test.wall_seconds)},
        {"peak_memory_bytes", test.peak_memory_bytes},
    });
  }
  return {
      {"format_version", kGradeReportJsonVersion},
      {"assignment_id", to_valid_utf8(report.assignment_id)},
      {"assignment_title", to_valid_utf8(report.assignment_title)},
      {"spec_path", to_valid_utf8(report.spec_path)},
      {"submission_path", to_valid_utf8(report.submission_path)},
      {"grader_version", to_valid_utf8(report.grader_version)},
      {"isolation_tier", to_valid_utf8(report.isolation_tier)},
      {"score", number(report.score)},
      {"max_score", number(report.max_score)},
      {"pending_points", number(report.pending_points)},
      {"seconds", number(report.seconds)},
      {"has_grader_errors", report.has_grader_errors},
      {"criteria", std::move(criteria)},
      {"tests", std::move(tests)},
      {"submission_notes", strings(report.submission_notes)},
      {"import_cpu_seconds",
       report.import_cpu_seconds ? number(*report.import_cpu_seconds) : json(nullptr)},
      {"submission_verdict", report.submission_verdict
                                 ? json(std::string(to_string(*report.submission_verdict)))
                                 : json(nullptr)},
      {"submission_feedback", to_valid_utf8(report.submission_feedback)},
      {"shared_feedback", std::move(shared)},
  };
}

GradeReport grade_report_from_json(const nlohmann::json& document) {
  const Object top(document, "");
  if (top.has("format_version")) {
    const json& version = top.at("format_version");
    if (!version.is_number_integer() || version.get<std::int64_t>() != kGradeReportJsonVersion) {
      fail("format_version", fmt::format("unsupported version {} (this grader reads {})",
                                         version.dump(), kGradeReportJsonVersion));
    }
  }
  GradeReport report;
  report.assignment_id = top.string("assignment_id");
  report.assignment_title = top.string("assignment_title");
  report.spec_path = top.string("spec_path");
  report.submission_path = top.string("submission_path");
  report.grader_version = top.string("grader_version");
  report.isolation_tier = top.string("isolation_tier");
  report.score = top.number("score");
  report.max_score = top.number("max_score");
  report.pending_points = top.number("pending_points");
  report.seconds = top.number("seconds");
  report.has_grader_errors = top.boolean("has_grader_errors");
  const nlohmann::json& criteria = top.array("criteria");
  for (std::size_t i = 0; i < criteria.size(); ++i) {
    report.criteria.push_back(read_criterion(Object(criteria[i], fmt::format("criteria[{}]", i))));
  }
  const nlohmann::json& tests = top.array("tests");
  for (std::size_t i = 0; i < tests.size(); ++i) {
    report.tests.push_back(read_test(Object(tests[i], fmt::format("tests[{}]", i))));
  }
  report.submission_notes = top.strings("submission_notes");
  // Added after format version 1 was first written: optional when reading.
  if (top.has("import_cpu_seconds") && !top.at("import_cpu_seconds").is_null())
    report.import_cpu_seconds = top.number("import_cpu_seconds");
  if (top.has("submission_verdict") && !top.at("submission_verdict").is_null()) {
    const std::string verdict = top.string("submission_verdict");
    const auto parsed = verdict_from_string(verdict);
    if (!parsed) fail("submission_verdict", fmt::format("unknown verdict \"{}\"", verdict));
    report.submission_verdict = *parsed;
  }
  if (top.has("submission_feedback"))
    report.submission_feedback = top.string("submission_feedback");
  if (top.has("shared_feedback")) {
    const json& shared = top.array("shared_feedback");
    for (std::size_t i = 0; i < shared.size(); ++i) {
      const Object entry(shared[i], fmt::format("shared_feedback[{}]", i));
      report.shared_feedback.push_back(
          {entry.string("id"), entry.string("text"), entry.strings("test_ids")});
    }
  }
  return report;
}

void write_json_file_atomically(const nlohmann::json& document, const std::filesystem::path& path) {
  const std::string text =
      document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const auto failure = [&](std::string_view what, int error) {
    return std::runtime_error(
        fmt::format("cannot write {}: {}: {}", path.string(), what, std::strerror(error)));
  };
  const std::filesystem::path parent = path.has_parent_path() ? path.parent_path() : ".";
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (ec) {
    throw std::runtime_error(fmt::format("cannot write {}: cannot create directory {}: {}",
                                         path.string(), parent.string(), ec.message()));
  }
  const std::filesystem::path temp = parent / fmt::format(".{}.tmp-{}-{}", path.filename().string(),
                                                          ::getpid(), temp_counter.fetch_add(1));
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw failure("cannot create temporary file " + temp.string(), errno);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      ::unlink(temp.c_str());
      throw failure("write failed", error);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    throw failure("fsync failed", error);
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw failure("close failed", error);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw failure("rename failed", error);
  }
}

}  // namespace sg
