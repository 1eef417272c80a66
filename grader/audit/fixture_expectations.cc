#include "audit/fixture_expectations.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <system_error>

#include "model/assignment.h"
#include "spec/yaml_file.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

SourceLocation at(const fs::path& file, const YAML::Node& node) {
  return yaml_location(file.string(), node.Mark());
}

std::vector<std::string> strings(const fs::path& file, const YAML::Node& node,
                                 const std::string& key) {
  std::vector<std::string> values;
  if (!node) return values;
  if (!node.IsSequence())
    throw SpecError(at(file, node), fmt::format("{}: a list of strings", key));
  for (const auto& item : node) {
    if (!item.IsScalar())
      throw SpecError(at(file, item), fmt::format("{}: a list of strings", key));
    values.push_back(item.as<std::string>());
  }
  return values;
}

fs::path resolved(const fs::path& path) {
  std::error_code error;
  const fs::path canonical = fs::weakly_canonical(path, error);
  return error ? path.lexically_normal() : canonical;
}

}  // namespace

FixtureSet read_fixture_set(const fs::path& expected_file, const fs::path& root) {
  const YAML::Node document = load_yaml_file(expected_file, "the fixtures' expected outcomes");
  FixtureSet set;
  set.expected_file = expected_file;
  if (!document.IsMap() || !document["spec"] || !document["spec"].IsScalar())
    throw SpecError({expected_file.string(), 1, 1},
                    "expected `spec: specs/NAME.yaml` (the spec these submissions are graded by)");
  // `spec:` is relative to expected.yaml's own folder when the spec is there (a course folder
  // holding spec, fixtures and expected.yaml), else to `root` (this repository's layout).
  const std::string named = document["spec"].as<std::string>();
  set.spec = fs::exists(expected_file.parent_path() / named)
                 ? resolved(expected_file.parent_path() / named)
                 : resolved(root / named);
  const YAML::Node submissions = document["submissions"];
  if (!submissions || !submissions.IsMap())
    throw SpecError(at(expected_file, document),
                    "expected `submissions:`, a mapping from each submission's folder to "
                    "{score, lost, feedback}");
  const fs::path folder = expected_file.parent_path();
  for (const auto& entry : submissions) {
    FixtureExpectation expectation;
    expectation.name = entry.first.as<std::string>();
    expectation.folder = folder / expectation.name;
    const YAML::Node& fields = entry.second;
    if (!fields.IsMap() || !fields["score"] || !fields["score"].IsScalar())
      throw SpecError(at(expected_file, entry.first),
                      fmt::format("submission '{}': expected {{score: N}}", expectation.name));
    try {
      expectation.score = fields["score"].as<double>();
    } catch (const YAML::Exception&) {
      throw SpecError(at(expected_file, fields["score"]), "score: a number of points");
    }
    expectation.lost = strings(expected_file, fields["lost"], "lost");
    std::sort(expectation.lost.begin(), expectation.lost.end());
    expectation.feedback = strings(expected_file, fields["feedback"], "feedback");
    if (const YAML::Node budget = fields["budget_cpu_seconds"]) {
      try {
        expectation.budget_cpu_seconds = budget.as<double>();
      } catch (const YAML::Exception&) {
      }
      if (!expectation.budget_cpu_seconds || !(*expectation.budget_cpu_seconds > 0))
        throw SpecError(at(expected_file, budget),
                        "budget_cpu_seconds: seconds of CPU (more than 0) that this submission's "
                        "tests may use together");
    }
    if (!fs::is_directory(expectation.folder) && !fs::is_regular_file(expectation.folder))
      throw SpecError(at(expected_file, entry.first),
                      fmt::format("submission '{}': no such folder {}", expectation.name,
                                  expectation.folder.string()));
    set.submissions.push_back(std::move(expectation));
  }
  for (const auto& item : fs::directory_iterator(folder)) {
    if (!item.is_directory()) continue;
    const std::string name = item.path().filename().string();
    if (std::none_of(set.submissions.begin(), set.submissions.end(),
                     [&](const FixtureExpectation& e) { return e.name == name; }))
      set.unlisted.push_back(name);
  }
  std::sort(set.unlisted.begin(), set.unlisted.end());
  return set;
}

std::optional<FixtureSet> find_fixture_set(const fs::path& spec, const fs::path& fixtures_dir) {
  std::error_code error;
  if (!fs::is_directory(fixtures_dir, error)) return std::nullopt;
  const fs::path wanted = resolved(spec);
  std::vector<fs::path> candidates;
  if (fs::is_regular_file(fixtures_dir / "expected.yaml"))
    candidates.push_back(fixtures_dir / "expected.yaml");
  std::vector<fs::path> nested;
  for (const auto& item : fs::directory_iterator(fixtures_dir)) {
    if (fs::is_regular_file(item.path() / "expected.yaml"))
      nested.push_back(item.path() / "expected.yaml");
  }
  std::sort(nested.begin(), nested.end());
  candidates.insert(candidates.end(), nested.begin(), nested.end());
  const fs::path root = resolved(fixtures_dir).parent_path();
  for (const fs::path& candidate : candidates) {
    // Only the `spec:` line decides; the rest is read (and checked) for the one that matches.
    YAML::Node document;
    try {
      document = YAML::LoadFile(candidate.string());
    } catch (const YAML::Exception&) {
      continue;
    }
    if (!document.IsMap() || !document["spec"] || !document["spec"].IsScalar()) continue;
    const std::string named = document["spec"].as<std::string>();
    if (resolved(candidate.parent_path() / named) != wanted && resolved(root / named) != wanted)
      continue;
    return read_fixture_set(candidate, root);
  }
  return std::nullopt;
}

std::vector<fs::path> default_fixtures_dirs(const fs::path& spec) {
  const fs::path folder = resolved(spec).parent_path();
  return {folder.parent_path() / "fixtures", folder / "fixtures", folder};
}

}  // namespace sg
