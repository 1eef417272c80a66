// Where the grader's own pieces are (the Python driver, the interpreter, a program's command):
// what an adapter needs, besides the test, to build the process that runs it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sg {

/// Where the grader's own pieces are, for building invocations.
struct GradingContext {
  std::filesystem::path driver_dir;  ///< Holds python_driver.py.
  std::string python = "python3";    ///< Interpreter for Python submissions.
  /// For `language: program` submissions: the argv prefix that runs the (built) program in the
  /// working directory, e.g. {"./eightpuzzle"} (set by the engine once per submission).
  std::vector<std::string> program_command;
  /// The same command as feedback shows it, when it differs (a JVM's options left out:
  /// {"java", "-cp", ".", "Solver"}); empty: program_command.
  std::vector<std::string> program_shown_command;
};

}  // namespace sg
