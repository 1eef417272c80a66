#include "runner/box_init.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>

#include "runner/system_calls.h"

namespace sg {
namespace {

// Without a pid namespace: kill(-1, SIGKILL) as the box uid reaches exactly the box's processes.
pid_t spawn_uid_killer(uid_t uid) {
  const pid_t helper = raw_fork();
  if (helper == 0) {
    if (::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0) {
      ::_exit(2);
    }
    ::kill(-1, SIGKILL);
    ::_exit(0);
  }
  return helper;
}

[[noreturn]] void run_box_init(const BoxInitConfig& config, pid_t student) {
  // Keep only the report pipe: the student's stdout/stderr must reach end-of-file as soon as the
  // student's processes close them.
  const int report_fd = config.report_fd;
  if (report_fd > 0) ::syscall(SYS_close_range, 0u, static_cast<unsigned>(report_fd - 1), 0u);
  ::syscall(SYS_close_range, static_cast<unsigned>(report_fd + 1), ~0u, 0u);
  // Never the OOM killer's choice: the student's processes are.
  const int adj = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (adj >= 0) {
    const ssize_t ignored = ::write(adj, "-1000", 5);
    (void)ignored;
    ::close(adj);
  }

  BoxInitReport report{};
  report.magic = kBoxInitMagic;
  const auto account = [&report](pid_t pid, int status) {
    ++report.reaped;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) ++report.sigsys_deaths;
    (void)pid;
  };
  // 1. Reap everything until the student's main process ends.
  for (;;) {
    int status = 0;
    struct rusage usage {};
    const pid_t pid = ::wait4(-1, &status, __WALL, &usage);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break;  // ECHILD: cannot happen before the student is reaped
    }
    account(pid, status);
    if (pid == student) {
      report.status = status;
      report.cpu_seconds = timeval_seconds(usage.ru_utime) + timeval_seconds(usage.ru_stime);
      break;
    }
  }
  // 2. Everything the student left behind goes too.
  if (config.pid_namespace) {
    // pid 1 exiting makes the kernel SIGKILL and reap every other process of the namespace.
    ::kill(-1, SIGKILL);
  } else {
    // Every process of the box is a descendant, so ours to reap once killed (we are the child
    // subreaper). kill(-1)'s result cannot tell whether anyone was left (it counts processes it
    // may not signal too), so: kill as the box uid, reap, and repeat while a child is alive (one
    // forked during a round survives it).
    for (int round = 0;; ++round) {
      const pid_t killer = spawn_uid_killer(config.box_uid);
      if (killer > 0) {
        int ignored = 0;
        while (::wait4(killer, &ignored, __WALL, nullptr) < 0 && errno == EINTR) {
        }
      }
      pid_t pid;
      int status = 0;
      while ((pid = ::wait4(-1, &status, __WALL | WNOHANG, nullptr)) > 0) account(pid, status);
      if (pid < 0 && errno == ECHILD) break;
      const timespec pause{0, round < 10 ? 1'000'000 : 10'000'000};
      ::nanosleep(&pause, nullptr);
    }
  }
  const ssize_t ignored = ::write(report_fd, &report, sizeof report);
  (void)ignored;
  ::_exit(0);
}

}  // namespace

int start_box_init(const BoxInitConfig& config) noexcept {
  if (!config.pid_namespace && ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) return errno;
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return errno;
  ::setsid();  // fails only if already a group leader: harmless
  const pid_t init_pid = static_cast<pid_t>(::syscall(SYS_getpid));
  const pid_t student = raw_fork();
  if (student < 0) return errno;
  if (student > 0) run_box_init(config, student);
  // The student's process.
  ::close(config.report_fd);
  if (::setsid() < 0) return errno;
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return errno;
  if (::getppid() != init_pid && !(config.pid_namespace && ::getppid() == 1)) return ESRCH;
  return 0;
}

std::optional<BoxInitReport> read_box_init_report(int fd) {
  BoxInitReport report{};
  ssize_t n;
  do {
    n = ::read(fd, &report, sizeof report);
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof report) || report.magic != kBoxInitMagic)
    return std::nullopt;
  return report;
}

}  // namespace sg
