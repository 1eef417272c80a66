#include "spec/student_spec.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "spec/domain_file.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// '#' comment lines for `text`, wrapped at about 98 columns.
std::string comment(const std::string& text) {
  std::string out;
  std::string line = "#";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (line.size() > 1 && line.size() + 1 + word.size() > 98) {
      out += line + "\n";
      line = "#";
    }
    line += " " + word;
    start = end + 1;
  }
  return out + line + "\n";
}

// Emits `node` keeping what yaml-cpp's own emitter loses and the loader relies on: a scalar that
// was quoted in the original ("10" in a list of strings) stays quoted, so it stays a string.
void emit(YAML::Emitter& out, const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Sequence:
      if (node.Style() == YAML::EmitterStyle::Flow) out << YAML::Flow;
      out << YAML::BeginSeq;
      for (const YAML::Node& item : node) emit(out, item);
      out << YAML::EndSeq;
      break;
    case YAML::NodeType::Map:
      if (node.Style() == YAML::EmitterStyle::Flow) out << YAML::Flow;
      out << YAML::BeginMap;
      for (const auto& entry : node) {
        out << YAML::Key;
        emit(out, entry.first);
        out << YAML::Value;
        emit(out, entry.second);
      }
      out << YAML::EndMap;
      break;
    case YAML::NodeType::Scalar:
      // Quoted stays quoted; text of several lines (a maze) is written escaped, exactly.
      if (node.Tag() == "!" || node.Scalar().find('\n') != std::string::npos)
        out << YAML::DoubleQuoted;
      out << node.Scalar();
      break;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      out << YAML::Null;
      break;
  }
}

// The domains the kept tests use, each with its `file:` written in (spec/domain_file.h): a
// maze's text as its map, a layout's as its layout, a graph file's keys under the domain's own.
// Domains only hidden tests used are dropped.
void keep_domains_of(YAML::Node& root, const YAML::Node& kept_tests,
                     const std::filesystem::path& spec_dir) {
  if (!root["domains"]) return;
  std::set<std::string> used;
  for (const auto& test : kept_tests)
    if (test["domain"]) used.insert(test["domain"].as<std::string>());
  YAML::Node domains(YAML::NodeType::Map);
  for (const auto& entry : root["domains"]) {
    const std::string name = entry.first.as<std::string>();
    if (!used.count(name)) continue;
    YAML::Node domain(YAML::NodeType::Map);
    for (const auto& key : entry.second)
      if (key.first.as<std::string>() != "file") domain[key.first] = key.second;
    if (entry.second["file"]) {
      std::ifstream in(spec_dir / entry.second["file"].as<std::string>(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      const auto text_key = domain_file_text_key(
          entry.second["type"] ? entry.second["type"].as<std::string>() : std::string());
      if (text_key) {
        if (!domain[*text_key]) domain[*text_key] = text.str();
      } else {
        for (const auto& key : YAML::Load(text.str()))
          if (!domain[key.first.as<std::string>()]) domain[key.first] = key.second;
      }
    }
    domains[name] = domain;
  }
  if (domains.size() == 0) {
    root.remove("domains");
  } else {
    root["domains"] = domains;
  }
}

// Seconds as a plain YAML number ("350.4", not the double's every digit).
std::string limit_seconds_text(double seconds) { return fmt::format("{:g}", seconds); }

// Limits scaled with measured times come from the grading machine's calibration file, which also
// names the hidden tests: the copy states the limits in effect instead, so it stands alone and
// holds nothing of a hidden test. Returns whether any limit was written in.
bool state_measured_limits(YAML::Node& root, YAML::Node kept_tests,
                           const std::vector<const TestSpec*>& kept_specs,
                           const Assignment& assignment) {
  bool stated = false;
  for (std::size_t i = 0; i < kept_specs.size(); ++i) {
    if (!kept_specs[i]->time_scaling) continue;
    YAML::Node test = kept_tests[i];
    YAML::Node limits = test["limits"] ? test["limits"] : YAML::Node(YAML::NodeType::Map);
    limits.remove("time_multiplier");
    limits.remove("time_floor_seconds");
    limits["cpu_seconds"] = limit_seconds_text(kept_specs[i]->limits.cpu_seconds);
    limits["wall_seconds"] = limit_seconds_text(kept_specs[i]->limits.wall_seconds);
    test["limits"] = limits;
    stated = true;
  }
  if (YAML::Node limits = root["limits"]; limits && limits.IsMap()) {
    for (const char* key : {"time_multiplier", "time_floor_seconds"}) {
      if (limits[key]) {
        limits.remove(key);
        stated = true;
      }
    }
    if (limits["submission_time_multiplier"]) {
      limits.remove("submission_time_multiplier");
      if (const auto budget = assignment.submission_budget.seconds()) {
        limits["submission_cpu_seconds"] = limit_seconds_text(*budget);
      }
      stated = true;
    }
  }
  return stated;
}

}  // namespace

StudentSpec make_student_spec(const std::filesystem::path& spec_path) {
  const Assignment assignment = load_spec(spec_path);  // validates; throws SpecError
  YAML::Node root = YAML::LoadFile(spec_path.string());
  const YAML::Node tests = root["tests"];

  StudentSpec result;
  std::set<std::string> visible_bound;
  std::set<std::string> hidden_bound;
  YAML::Node kept(YAML::NodeType::Sequence);
  std::vector<const TestSpec*> kept_specs;
  // load_spec keeps the tests in file order, so test i of the Assignment is item i of the YAML.
  for (std::size_t i = 0; i < assignment.tests.size() && i < tests.size(); ++i) {
    const TestSpec& test = assignment.tests[i];
    const bool visible = test.visibility == Visibility::visible;
    for (const auto& [aspect, criteria] : test.grades) {
      (visible ? visible_bound : hidden_bound).insert(criteria.begin(), criteria.end());
    }
    if (visible) {
      kept.push_back(tests[i]);
      kept_specs.push_back(&test);
      ++result.kept_tests;
    } else {
      ++result.removed_tests;
    }
  }
  if (result.kept_tests == 0) {
    throw SpecError(SourceLocation{spec_path.string(), 0, 0},
                    "every test is hidden, so a student copy would have no tests: make at "
                    "least one test `visibility: visible` (the default)");
  }
  root["tests"] = kept;
  keep_domains_of(root, kept, spec_path.parent_path());
  const bool limits_stated = state_measured_limits(root, kept, kept_specs, assignment);
  if (root["submission"] && root["submission"]["support_files"]) {
    for (const auto& file : root["submission"]["support_files"]) {
      const std::string name = file.as<std::string>();
      result.support_files.push_back({name, (spec_path.parent_path() / name).lexically_normal()});
    }
  }

  YAML::Node rubric = root["rubric"];
  for (std::size_t i = 0; i < rubric.size(); ++i) {
    const std::string id = rubric[i]["id"].as<std::string>();
    if (hidden_bound.count(id) == 0) continue;
    result.criteria_with_hidden_tests.push_back(id);
    if (visible_bound.count(id) == 0) {
      result.criteria_only_hidden.push_back(id);
      rubric[i]["manual"] = true;
    }
  }

  YAML::Emitter out;
  out.SetIndent(2);
  emit(out, root);
  std::string header = comment(fmt::format(
      "Student copy of {} (assignment {}), written by `searchgrader export-student`. Hand it out "
      "with the assignment and run `searchgrader check <this file> <your submission>` to try the "
      "visible tests.",
      spec_path.filename().string(), assignment.id));
  header += comment(
      result.removed_tests == 0
          ? std::string("The original has no hidden tests: this copy has all of its tests.")
          : fmt::format("{} hidden tests of the original are not in this copy; they are graded "
                        "after you submit and count toward your grade, so passing every test "
                        "here does not guarantee full marks.",
                        result.removed_tests));
  if (limits_stated) {
    header += comment(
        "Time limits here are those in effect on the grading machine (the original scales them "
        "with the course's measured solutions); a slower or faster machine than it may pass or "
        "time out differently.");
  }
  if (!result.criteria_with_hidden_tests.empty()) {
    header += comment("Rubric criteria also graded by hidden tests: " +
                      join(result.criteria_with_hidden_tests) + ".");
  }
  if (!result.criteria_only_hidden.empty()) {
    header += comment(
        "Criteria graded only by hidden tests (marked `manual: true` here, so this copy is a "
        "valid spec; in the real grading tests decide them): " +
        join(result.criteria_only_hidden) + ".");
  }
  result.yaml = header + out.c_str() + "\n";
  return result;
}

}  // namespace sg
