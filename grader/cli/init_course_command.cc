#include "cli/init_course_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

#include "cli/exit_status.h"
#include "cli/install_paths.h"

namespace sg {

namespace fs = std::filesystem;

CLI::App* add_init_course_command(CLI::App& app, InitCourseArgs& args) {
  CLI::App* command = app.add_subcommand(
      "init-course",
      "Start a course repository: an example spec, starter code, known submissions, a CI "
      "script that runs validate and audit, and templates for the platforms students submit "
      "on (GitHub Classroom, Moodle VPL, PrairieLearn)");
  command->add_option("DIR", args.directory, "The folder to create (new or empty)")->required();
  command->footer(
      "Exit codes: 0 created; 2 DIR is not empty; 3 the template is missing from this "
      "installation.\nThen: cd DIR && .ci/run  (README.md in DIR says what each part is)");
  return command;
}

int run_init_course(const InitCourseArgs& args) {
  const fs::path source = default_source_dir();
  const fs::path templ = source / "docs" / "course-template";
  std::error_code error;
  if (source.empty() || !fs::is_directory(templ, error)) {
    error_line(fmt::format("grader fault: the course template is not installed (looked for {})",
                           templ.string()));
    return kExitGraderFault;
  }
  const fs::path target = args.directory;
  if (fs::exists(target, error) &&
      (!fs::is_directory(target, error) || !fs::is_empty(target, error))) {
    error_line(
        fmt::format("{} exists and is not an empty folder; give a new one", target.string()));
    return kExitUsage;
  }
  fs::create_directories(target, error);
  fs::copy(templ, target, fs::copy_options::recursive | fs::copy_options::skip_existing, error);
  if (error) {
    error_line(fmt::format("grader fault: cannot copy {} to {}: {}", templ.string(),
                           target.string(), error.message()));
    return kExitGraderFault;
  }
  fmt::print(
      "Created a course repository in {}.\nNext: cd {} && SEARCHGRADER=searchgrader .ci/run "
      "(validate and audit); see README.md there.\n",
      target.string(), target.string());
  return kExitOk;
}

}  // namespace sg
