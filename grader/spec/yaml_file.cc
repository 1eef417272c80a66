#include "spec/yaml_file.h"

namespace sg {

SourceLocation yaml_location(const std::string& file, const YAML::Mark& mark) {
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

YAML::Node load_yaml_file(const std::filesystem::path& file, const std::string& what) {
  try {
    return YAML::LoadFile(file.string());
  } catch (const YAML::BadFile&) {
    throw SpecError({file.string(), 0, 0}, "cannot read " + what);
  } catch (const YAML::Exception& error) {
    throw SpecError(yaml_location(file.string(), error.mark), error.msg);
  }
}

}  // namespace sg
