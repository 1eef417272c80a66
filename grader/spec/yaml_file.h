// Reading one YAML file the way every file of the grader is read (specs, calibration files, the
// site configuration, expected.yaml, golden files): each problem at its file:line:col, all of
// them reported at once.
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

#include "model/assignment.h"

namespace sg {

/// file:line:col (1-based) of a place yaml-cpp marked; file:0:0 where it has no mark.
SourceLocation yaml_location(const std::string& file, const YAML::Mark& mark);

/// The YAML document in `file`. Throws SpecError "cannot read WHAT" (file:0:0) when the file
/// cannot be read, and yaml-cpp's message at file:line:col when it is not YAML.
YAML::Node load_yaml_file(const std::filesystem::path& file, const std::string& what);

/// The problems found while reading one file, kept so that all are reported together
/// (throw SpecErrors(std::move(errors()))); readers of a file's keys build on it.
class YamlProblems {
 public:
  explicit YamlProblems(std::string file) : file_(std::move(file)) {}

  /// Where `node` is in the file.
  SourceLocation at(const YAML::Node& node) const { return yaml_location(file_, node.Mark()); }
  /// Records a problem at `node` and goes on reading.
  void problem(const YAML::Node& node, const std::string& message) {
    errors_.emplace_back(at(node), message);
  }
  std::vector<SpecError>& errors() { return errors_; }

 private:
  std::string file_;
  std::vector<SpecError> errors_;
};

}  // namespace sg
