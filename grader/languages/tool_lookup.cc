#include "languages/tool_lookup.h"

#include <unistd.h>

#include <filesystem>
#include <sstream>

namespace sg {
namespace {

bool executable(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

bool runnable(const std::string& program) {
  if (program.empty()) return false;
  if (program.find('/') != std::string::npos) return executable(program);
  std::istringstream path("/usr/local/bin:/usr/bin:/bin");
  std::string directory;
  while (std::getline(path, directory, ':'))
    if (executable(std::filesystem::path(directory) / program)) return true;
  return false;
}

}  // namespace sg
