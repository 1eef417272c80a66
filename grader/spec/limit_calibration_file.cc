#include "spec/limit_calibration_file.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "spec/yaml_file.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

class CalibrationReader : public YamlProblems {
 public:
  using YamlProblems::YamlProblems;

  std::string text(const YAML::Node& node, const std::string& what) {
    if (!node || !node.IsScalar()) {
      problem(node, fmt::format("expected {} to be a string", what));
      return "";
    }
    return node.Scalar();
  }
  double seconds(const YAML::Node& node, const std::string& what) {
    double value = -1;
    if (!node || !node.IsScalar() || !YAML::convert<double>::decode(node, value) ||
        !std::isfinite(value) || value < 0) {
      problem(node, fmt::format("expected {} to be a number of seconds, at least 0", what));
      return 0;
    }
    return value;
  }
  MeasuredTest measured(const YAML::Node& node, const std::string& what) {
    MeasuredTest test;
    if (!node.IsMap()) {
      problem(node, fmt::format("expected {} to be {{solution: NAME, cpu_seconds: N}}", what));
      return test;
    }
    test.solution = text(node["solution"], what + ".solution");
    test.cpu_seconds = seconds(node["cpu_seconds"], what + ".cpu_seconds");
    return test;
  }
};

// "0.052" for small figures, "71.4" for larger ones: what a reader compares.
std::string seconds_text(double seconds) { return fmt::format("{:.4g}", seconds); }

// YAML's double-quoted scalar.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

fs::path calibration_path_of(const fs::path& spec) {
  return spec.parent_path() / "calibration" / spec.filename();
}

LimitCalibrationFile read_limit_calibration(const fs::path& file) {
  const std::string name = file.string();
  const YAML::Node root = load_yaml_file(file, "the calibration file");
  CalibrationReader reader(name);
  LimitCalibrationFile calibration;
  if (!root.IsMap()) {
    reader.problem(root,
                   "expected a calibration file (spec, machine, tests: ...), written by "
                   "`searchgrader calibrate SPEC --write`");
    throw SpecErrors(std::move(reader.errors()));
  }
  calibration.spec = reader.text(root["spec"], "spec");
  calibration.machine = root["machine"] ? reader.text(root["machine"], "machine") : "";
  calibration.tier = root["tier"] ? reader.text(root["tier"], "tier") : "";
  if (root["rounds"])
    calibration.rounds = static_cast<int>(reader.seconds(root["rounds"], "rounds"));
  if (const YAML::Node solutions = root["solutions"]; solutions && solutions.IsSequence()) {
    for (const YAML::Node& solution : solutions)
      calibration.solutions.push_back(reader.text(solution, "each solution"));
  }
  if (root["slowest_total"])
    calibration.slowest_total = reader.measured(root["slowest_total"], "slowest_total");
  if (const YAML::Node probe = root["speed_probe"]) {
    if (!probe.IsMap()) {
      reader.problem(probe, "expected speed_probe to be {name: NAME, cpu_seconds: N}");
    } else {
      calibration.speed_probe = reader.text(probe["name"], "speed_probe.name");
      calibration.speed_probe_cpu_seconds =
          reader.seconds(probe["cpu_seconds"], "speed_probe.cpu_seconds");
      if (calibration.speed_probe_cpu_seconds <= 0)
        reader.problem(probe["cpu_seconds"], "expected speed_probe.cpu_seconds above 0");
    }
  }
  const YAML::Node tests = root["tests"];
  if (!tests || !tests.IsMap()) {
    reader.problem(tests ? tests : root, "expected `tests:` to map test ids to measurements");
  } else {
    for (const auto& item : tests) {
      const std::string id = reader.text(item.first, "a test id");
      calibration.tests.emplace_back(id, reader.measured(item.second, "test " + id));
    }
  }
  if (!reader.errors().empty()) throw SpecErrors(std::move(reader.errors()));
  return calibration;
}

std::string render_limit_calibration(const LimitCalibrationFile& calibration) {
  std::string text =
      "# How much CPU time the accepted solutions use on each test, measured by\n"
      "# `searchgrader calibrate` (the slowest solution per test, the median of its rounds).\n"
      "# Tests with limits.time_multiplier take their CPU limit from these figures, and\n"
      "# limits.submission_time_multiplier scales the slowest total (docs/spec-format.md).\n"
      "# speed_probe is a fixed Python workload timed at the same time: grading on another\n"
      "# machine scales these figures by how much slower or faster it runs the probe.\n"
      "# Review a change here as a change of time limits.\n";
  text += fmt::format("spec: {}\n", quoted(calibration.spec));
  text += fmt::format("machine: {}\n", quoted(calibration.machine));
  text += fmt::format("tier: {}\n", quoted(calibration.tier));
  text += fmt::format("rounds: {}\n", calibration.rounds);
  text += "solutions: [";
  for (std::size_t i = 0; i < calibration.solutions.size(); ++i)
    text += (i == 0 ? "" : ", ") + quoted(calibration.solutions[i]);
  text += "]\n";
  if (!calibration.speed_probe.empty()) {
    text +=
        fmt::format("speed_probe: {{name: {}, cpu_seconds: {}}}\n", quoted(calibration.speed_probe),
                    seconds_text(calibration.speed_probe_cpu_seconds));
  }
  text += fmt::format("slowest_total: {{solution: {}, cpu_seconds: {}}}\n",
                      quoted(calibration.slowest_total.solution),
                      seconds_text(calibration.slowest_total.cpu_seconds));
  text += "tests:\n";
  for (const auto& [id, test] : calibration.tests) {
    text += fmt::format("  {}: {{solution: {}, cpu_seconds: {}}}\n", quoted(id),
                        quoted(test.solution), seconds_text(test.cpu_seconds));
  }
  return text;
}

double scaled_cpu_limit(const TimeScaling& scaling, double measured_cpu_seconds) {
  const double scaled = std::ceil(scaling.multiplier * measured_cpu_seconds * 10.0) / 10.0;
  return std::max(scaling.floor_seconds, scaled);
}

std::string apply_limit_calibration(Assignment& assignment,
                                    const LimitCalibrationFile& calibration) {
  const std::string own = assignment.spec_path.filename().string();
  if (!calibration.spec.empty() && !own.empty() && calibration.spec != own) {
    return fmt::format("the calibration file measured the spec '{}', not '{}'", calibration.spec,
                       own);
  }
  std::map<std::string, const MeasuredTest*> by_id;
  for (const auto& [id, test] : calibration.tests) by_id[id] = &test;
  for (TestSpec& test : assignment.tests) {
    if (!test.time_scaling) continue;
    const auto found = by_id.find(test.id);
    if (found == by_id.end()) continue;
    test.time_scaling->stated_cpu_seconds = test.limits.cpu_seconds;
    test.time_scaling->stated_wall_seconds = test.limits.wall_seconds;
    test.time_scaling->measured_cpu_seconds = found->second->cpu_seconds;
    test.time_scaling->measured_solution = found->second->solution;
    test.limits.cpu_seconds = scaled_cpu_limit(*test.time_scaling, found->second->cpu_seconds);
    test.limits.wall_seconds = std::max(test.limits.wall_seconds, 2 * test.limits.cpu_seconds + 1);
  }
  if (assignment.submission_budget.multiplier > 0 && !calibration.slowest_total.solution.empty()) {
    assignment.submission_budget.measured_total_cpu_seconds = calibration.slowest_total.cpu_seconds;
  }
  assignment.calibration_machine = calibration.machine;
  assignment.calibration_speed_probe = calibration.speed_probe;
  assignment.calibration_speed_probe_cpu_seconds = calibration.speed_probe_cpu_seconds;
  return "";
}

void scale_measured_limits(Assignment& assignment, double factor) {
  for (TestSpec& test : assignment.tests) {
    if (!test.time_scaling || !test.time_scaling->measured_cpu_seconds) continue;
    TimeScaling& scaling = *test.time_scaling;
    *scaling.measured_cpu_seconds *= factor;
    test.limits.cpu_seconds = scaled_cpu_limit(scaling, *scaling.measured_cpu_seconds);
    test.limits.wall_seconds =
        std::max(scaling.stated_wall_seconds, 2 * test.limits.cpu_seconds + 1);
  }
  if (assignment.submission_budget.measured_total_cpu_seconds)
    *assignment.submission_budget.measured_total_cpu_seconds *= factor;
  assignment.machine_time_scale *= factor;
}

void use_stated_limits(Assignment& assignment) {
  for (TestSpec& test : assignment.tests) {
    if (!test.time_scaling || !test.time_scaling->measured_cpu_seconds) continue;
    test.limits.cpu_seconds = test.time_scaling->stated_cpu_seconds;
    test.limits.wall_seconds = test.time_scaling->stated_wall_seconds;
    test.time_scaling->measured_cpu_seconds.reset();
    test.time_scaling->measured_solution.clear();
  }
  assignment.submission_budget = SubmissionBudget{};
}

std::vector<SpecError> calibration_problems(const Assignment& assignment) {
  std::vector<SpecError> problems;
  if (assignment.calibration_file.empty()) return problems;
  const std::string file = assignment.calibration_file.string();
  const std::string how =
      fmt::format("run `searchgrader calibrate {} --write`", assignment.spec_path.string());
  std::error_code missing;
  if (!fs::exists(assignment.calibration_file, missing)) {
    problems.emplace_back(SourceLocation{assignment.spec_path.string(), 0, 0},
                          fmt::format("the spec scales time limits with measured times, but {} "
                                      "does not exist: {}",
                                      file, how));
    return problems;
  }
  LimitCalibrationFile calibration;
  try {
    calibration = read_limit_calibration(assignment.calibration_file);
  } catch (const SpecErrors& errors) {
    return {errors.errors().begin(), errors.errors().end()};
  } catch (const SpecError& error) {
    return {error};
  }
  std::set<std::string> ids;
  for (const TestSpec& test : assignment.tests) {
    ids.insert(test.id);
    if (test.time_scaling && !test.time_scaling->measured_cpu_seconds) {
      problems.emplace_back(test.where,
                            fmt::format("test '{}' scales its time limit with measured times but "
                                        "{} has no measurement of it: {}",
                                        test.id, file, how));
    }
  }
  for (const auto& [id, measured] : calibration.tests) {
    if (!ids.count(id)) {
      problems.emplace_back(
          SourceLocation{file, 0, 0},
          fmt::format("measures test '{}', which the spec no longer has: {}", id, how));
    }
  }
  if (assignment.submission_budget.multiplier > 0 &&
      !assignment.submission_budget.measured_total_cpu_seconds) {
    problems.emplace_back(SourceLocation{file, 0, 0},
                          fmt::format("has no slowest_total for limits.submission_time_multiplier: "
                                      "{}",
                                      how));
  }
  return problems;
}

}  // namespace sg
