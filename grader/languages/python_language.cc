// Python: the driver (grader/drivers/python_driver.py) runs in the interpreter with -I -B, as a
// fork server that imports the module once, or once per test.
#include <fmt/format.h>
#include <unistd.h>

#include <sstream>

#include "languages/language_driver.h"
#include "languages/tool_lookup.h"

namespace sg {
namespace {

constexpr const char* kPythonDriverFile = "python_driver.py";
constexpr const char* kStagedPythonDriver = ".searchgrader/python_driver.py";

class PythonLanguage final : public LanguageDriver {
 public:
  std::string_view name() const override { return "python"; }

  DriverProcess process(const Assignment&, const GradingContext& context, const Limits&,
                        const nlohmann::json&) const override {
    return {{context.python, "-I", "-B", kStagedPythonDriver},
            {{context.driver_dir / kPythonDriverFile, kStagedPythonDriver}}};
  }

  std::optional<DriverProcess> server(const Assignment& assignment, const GradingContext& context,
                                      const Limits&) const override {
    DriverProcess process = this->process(assignment, context, Limits{}, nullptr);
    process.argv.push_back("--serve");
    return process;
  }

  std::optional<DriverBuild> build(const Assignment&, const GradingContext&) const override {
    return std::nullopt;
  }

  std::string module_file(const Assignment& assignment) const override {
    return assignment.submission.accept.empty() ? assignment.submission.module + ".py"
                                                : "your submission";
  }

  std::vector<std::string> tool_problems(const GradingContext& context) const override {
    std::vector<std::string> problems;
    if (!runnable(context.python)) {
      problems.push_back(fmt::format(
          "the Python interpreter '{}' does not exist or is not executable (set it with --python "
          "or SEARCHGRADER_PYTHON; installed by scripts/setup.sh as python3)",
          context.python));
    }
    const std::filesystem::path driver = context.driver_dir / kPythonDriverFile;
    std::error_code error;
    if (context.driver_dir.empty() || !std::filesystem::is_regular_file(driver, error)) {
      problems.push_back(fmt::format(
          "the Python driver {} is missing (set its folder with --driver-dir or "
          "SEARCHGRADER_DRIVER_DIR; an installed searchgrader finds it in "
          "share/searchgrader/drivers beside its bin folder)",
          context.driver_dir.empty() ? std::string(kPythonDriverFile) : driver.string()));
    }
    return problems;
  }
};

}  // namespace

const LanguageDriver& python_language() {
  static const PythonLanguage language;
  return language;
}

}  // namespace sg
