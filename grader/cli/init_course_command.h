// `searchgrader init-course DIR`: starts a course repository from the template shipped in
// docs/course-template (an example spec with its golden outputs, starter code, known submissions
// with their expected.yaml, and a CI script running validate and audit).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct InitCourseArgs {
  std::string directory;
};

CLI::App* add_init_course_command(CLI::App& app, InitCourseArgs& args);

/// Exit codes: 0 created; 2 DIR exists and is not empty; 3 the template cannot be found or copied.
int run_init_course(const InitCourseArgs& args);

}  // namespace sg
