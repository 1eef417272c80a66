#include "runner/student_exec.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <system_error>

namespace sg {

void exec_student(const ExecPlan& plan) noexcept {
  int report_fd = plan.report_fd;
  const auto fail = [&report_fd](LaunchStage stage) {
    report_launch_failure(report_fd, LaunchFailure{stage, -1, errno});
  };

  // Ignored signals survive exec; handlers do not, but reset them all anyway.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  ::sigemptyset(&default_action.sa_mask);
  for (int signal_number = 1; signal_number < NSIG; ++signal_number) {
    ::sigaction(signal_number, &default_action, nullptr);  // EINVAL for KILL/STOP/internal: fine
  }
  sigset_t none;
  ::sigemptyset(&none);
  if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0) fail(LaunchStage::signals);

  if (::chdir(plan.workdir) != 0) fail(LaunchStage::chdir);

  if (::dup2(plan.stdin_fd, 0) < 0 || ::dup2(plan.stdout_fd, 1) < 0 ||
      ::dup2(plan.stderr_fd, 2) < 0) {
    fail(LaunchStage::stdio);
  }
  // Keep only the report pipe (close-on-exec) at fd 3; close everything else above 2.
  if (report_fd != 3) {
    if (::dup3(report_fd, 3, O_CLOEXEC) < 0) fail(LaunchStage::close_fds);
    report_fd = 3;
  }
  if (::syscall(SYS_close_range, 4u, ~0u, 0u) != 0) {
    for (int fd = 4; fd < plan.close_fallback_limit; ++fd) ::close(fd);
  }

  for (int attempt = 0; attempt < 200; ++attempt) {
    ::execve(plan.exec_path, plan.argv, plan.envp);
    if (errno != ETXTBSY) break;
    const timespec pause{0, 5'000'000};
    ::nanosleep(&pause, nullptr);
  }
  fail(LaunchStage::exec);
  ::_exit(127);  // not reached
}

void report_launch_failure(int report_fd, const LaunchFailure& failure) noexcept {
  const ssize_t ignored = ::write(report_fd, &failure, sizeof failure);
  (void)ignored;
  ::_exit(127);
}

std::string launch_failure_message(const LaunchFailure& failure, const std::string& argv0,
                                   const std::vector<std::string>& step_names) {
  const std::string reason = std::error_code(failure.error, std::system_category()).message();
  switch (failure.stage) {
    case LaunchStage::exec:
      return fmt::format("could not start {}: {}", argv0, reason);
    case LaunchStage::layer: {
      const bool known =
          failure.layer >= 0 && static_cast<std::size_t>(failure.layer) < step_names.size();
      return fmt::format("could not start {}: the {} layer's setup failed: {}", argv0,
                         known ? step_names[static_cast<std::size_t>(failure.layer)] : "?", reason);
    }
    case LaunchStage::barrier:
      return fmt::format("could not start {}: the child lost the runner before exec: {}", argv0,
                         reason);
    case LaunchStage::signals:
      return fmt::format("could not start {}: cannot reset signals: {}", argv0, reason);
    case LaunchStage::chdir:
      return fmt::format("could not start {}: cannot enter the working directory: {}", argv0,
                         reason);
    case LaunchStage::stdio:
      return fmt::format("could not start {}: cannot set up stdin/stdout/stderr: {}", argv0,
                         reason);
    case LaunchStage::close_fds:
      return fmt::format("could not start {}: cannot close inherited descriptors: {}", argv0,
                         reason);
  }
  return fmt::format("could not start {}: {}", argv0, reason);
}

}  // namespace sg
