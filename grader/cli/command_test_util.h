// Helpers for end-to-end tests of searchgrader subcommands: run a shell command line and capture
// its output and exit code; make a fresh temporary folder per test.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace sg::test_util {

struct CommandResult {
  int exit_code = -1;  ///< -1 if the command did not exit normally.
  std::string output;  ///< stdout (and stderr if requested).
};

/// Runs `command_line` with /bin/sh; stderr is captured too unless `with_stderr` is false.
inline CommandResult run_shell(const std::string& command_line, bool with_stderr = true) {
  const std::string command = command_line + (with_stderr ? " 2>&1" : " 2>/dev/null");
  CommandResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) {
    result.output.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

/// The searchgrader binary of this build.
inline std::string searchgrader() { return std::string(SG_BINARY_DIR) + "/searchgrader"; }

/// A new empty folder under the system's temporary folder, named after `tag` and this process.
inline std::filesystem::path fresh_temp_dir(const std::string& tag) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sg-" + tag + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace sg::test_util
