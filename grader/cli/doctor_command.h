// `searchgrader doctor`: says where this searchgrader looks for its own files (data folder,
// Python driver, bundled sources), which Python it runs submissions with, and which sandbox tiers
// this host offers, and whether grading can start. For a new install, a CI image or a bug report.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct DoctorArgs {
  std::string python;
  std::string driver_dir;
};

/// Registers the `doctor` subcommand; `python` and `driver_dir` are the defaults `grade` uses.
CLI::App* add_doctor_command(CLI::App& app, DoctorArgs& args, const std::string& python,
                             const std::string& driver_dir);

/// Prints the report on stdout. Exit codes: 0 grading can start; 3 something it needs is missing
/// (each problem on stderr).
int run_doctor(const DoctorArgs& args);

}  // namespace sg
