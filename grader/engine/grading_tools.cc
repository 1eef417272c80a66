#include "engine/grading_tools.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace sg {
namespace {

namespace fs = std::filesystem;

bool executable(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error) && ::access(path.c_str(), X_OK) == 0;
}

// `program` as the runner finds it: a path, or a name on the runner's PATH.
bool runnable(const std::string& program) {
  if (program.empty()) return false;
  if (program.find('/') != std::string::npos) return executable(program);
  std::istringstream path("/usr/local/bin:/usr/bin:/bin");
  std::string directory;
  while (std::getline(path, directory, ':'))
    if (executable(fs::path(directory) / program)) return true;
  return false;
}

}  // namespace

std::vector<std::string> grading_tool_problems(const GradingContext& context,
                                               const Assignment& assignment) {
  std::vector<std::string> problems;
  if (assignment.submission.language != "python") return problems;
  if (!runnable(context.python)) {
    problems.push_back(fmt::format(
        "the Python interpreter '{}' does not exist or is not executable (set it with --python or "
        "SEARCHGRADER_PYTHON; installed by scripts/setup.sh as python3)",
        context.python));
  }
  const fs::path driver = context.driver_dir / "python_driver.py";
  std::error_code error;
  if (context.driver_dir.empty() || !fs::is_regular_file(driver, error)) {
    problems.push_back(fmt::format(
        "the Python driver {} is missing (set its folder with --driver-dir or "
        "SEARCHGRADER_DRIVER_DIR; an installed searchgrader finds it in "
        "share/searchgrader/drivers beside its bin folder)",
        context.driver_dir.empty() ? std::string("python_driver.py") : driver.string()));
  }
  return problems;
}

}  // namespace sg
