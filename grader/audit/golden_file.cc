#include "audit/golden_file.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <map>

#include "spec/yaml_file.h"

namespace sg {

namespace fs = std::filesystem;

ExpectedOutputs compute_expected_outputs(const Assignment& assignment, const KindRegistry& kinds) {
  ExpectedOutputs outputs;
  for (const TestSpec& test : assignment.tests) {
    const TestKind* kind = kinds.find(test.kind);
    if (kind == nullptr) throw SpecError(test.where, fmt::format("unknown kind '{}'", test.kind));
    outputs.emplace_back(test.id, kind->expected_output(assignment, test));
  }
  return outputs;
}

fs::path golden_path_of(const fs::path& spec) {
  return spec.parent_path() / "golden" / spec.filename();
}

std::string render_golden(const fs::path& spec, const ExpectedOutputs& outputs) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "spec" << YAML::Value << spec.filename().string();
  out << YAML::Key << "tests" << YAML::Value << YAML::BeginMap;
  for (const auto& [id, text] : outputs) {
    out << YAML::Key << id << YAML::Value;
    if (text.find('\n') != std::string::npos) out << YAML::Literal;
    out << text;
  }
  out << YAML::EndMap << YAML::EndMap;
  return fmt::format(
      "# The reference's expected output for each test of {}, frozen by `searchgrader expect "
      "--write`.\n# `searchgrader validate` fails when the reference no longer agrees: review a "
      "change here as a change of grades.\n{}\n",
      spec.filename().string(), out.c_str());
}

std::vector<SpecError> compare_golden(const fs::path& golden, const ExpectedOutputs& outputs) {
  std::vector<SpecError> errors;
  YAML::Node document;
  try {
    document = load_yaml_file(golden, "the expected outputs");
  } catch (const SpecError& error) {
    errors.push_back(error);
    return errors;
  }
  const YAML::Node tests = document["tests"];
  if (!tests || !tests.IsMap()) {
    errors.emplace_back(SourceLocation{golden.string(), 1, 1},
                        "expected `tests:`, a mapping from test id to expected output");
    return errors;
  }
  // A literal block keeps a final newline the output did not have: compare without it.
  const auto trimmed = [](std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  };
  std::map<std::string, YAML::Node> frozen;
  for (const auto& entry : tests) frozen[entry.first.as<std::string>()] = entry.second;
  const auto at = [&](const YAML::Node& node) {
    return SourceLocation{golden.string(), node.Mark().line + 1, node.Mark().column + 1};
  };
  for (const auto& [id, text] : outputs) {
    const auto found = frozen.find(id);
    if (found == frozen.end()) {
      errors.emplace_back(at(tests), fmt::format("test '{}' is not in the golden file; review its "
                                                 "expected output and run `searchgrader expect "
                                                 "--write`",
                                                 id));
      continue;
    }
    const std::string was = found->second.IsScalar() ? found->second.as<std::string>() : "";
    if (trimmed(was) != trimmed(text))
      errors.emplace_back(
          at(found->second),
          fmt::format("the reference's expected output of test '{}' changed:\n  golden:    {}\n  "
                      "reference: {}\n  (a change of grades: review it, then `searchgrader expect "
                      "--write`)",
                      id, was, text));
    frozen.erase(found);
  }
  for (const auto& [id, node] : frozen)
    errors.emplace_back(at(node),
                        fmt::format("test '{}' is in the golden file but not in the spec", id));
  return errors;
}

}  // namespace sg
