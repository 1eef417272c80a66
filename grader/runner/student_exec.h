// The last steps of every student process before exec, shared by the one-shot runner's child and
// the box server's (box_server.h): reset signals, enter the working directory, put the run's
// pipes on 0-2, keep the failure-report pipe at fd 3 (close-on-exec), close everything else,
// exec. Child side only: async-signal-safe, no allocation. A child that cannot get as far as exec
// writes a LaunchFailure to its report pipe; the supervisor turns it into a runner error.
#pragma once

#include <string>
#include <vector>

namespace sg {

/// Where a child stopped before exec.
enum class LaunchStage : int {
  barrier = 1,  ///< Lost the supervisor while waiting to be released.
  layer,        ///< A sandbox layer's (or the box's) setup step failed.
  signals,
  chdir,
  stdio,
  close_fds,
  exec,
};

/// What a child that could not exec writes to the report pipe (fixed size: one write).
struct LaunchFailure {
  LaunchStage stage = LaunchStage::exec;
  int layer = -1;  ///< Index into the setup steps' names for LaunchStage::layer, else -1.
  int error = 0;   ///< errno value.
};

/// Everything exec_student needs, prepared before fork so the child never allocates.
struct ExecPlan {
  const char* exec_path = nullptr;
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  const char* workdir = nullptr;
  int stdin_fd = -1;
  int stdout_fd = -1;
  int stderr_fd = -1;
  int report_fd = -1;
  int close_fallback_limit = 65536;  ///< Highest fd + 1 to close when close_range() is missing.
};

/// Child side: the steps above, then execve (retried briefly on ETXTBSY, a known fork/exec race
/// with another thread's copy of the program). Never returns: a step that fails is reported on
/// the report pipe (wherever it is by then) and the child exits 127.
[[noreturn]] void exec_student(const ExecPlan& plan) noexcept;

/// Child side: writes `failure` to `report_fd` and _exit(127)s.
[[noreturn]] void report_launch_failure(int report_fd, const LaunchFailure& failure) noexcept;

/// Parent side: "could not start python3: the seccomp layer's setup failed: ..." for a failure a
/// child reported; `step_names` names the LaunchStage::layer indices.
std::string launch_failure_message(const LaunchFailure& failure, const std::string& argv0,
                                   const std::vector<std::string>& step_names);

}  // namespace sg
