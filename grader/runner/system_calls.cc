#include "runner/system_calls.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace sg {

std::string errno_text(int error) {
  return std::error_code(error, std::system_category()).message();
}

void throw_errno(const std::string& what, int error) {
  throw std::runtime_error(fmt::format("{}: {}", what, errno_text(error)));
}

pid_t raw_fork() {
  return static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr, nullptr));
}

double timeval_seconds(const timeval& tv) {
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
}

int pidfd_open(pid_t pid) { return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0u)); }

void set_nonblocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0)
    throw_errno("cannot make a pipe non-blocking", errno);
}

UniqueFd above_stdio(int fd) {
  if (fd < 0 || fd > 2) return UniqueFd(fd);
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  const int error = errno;
  ::close(fd);
  if (moved < 0) throw_errno("cannot move a descriptor above 2", error);
  return UniqueFd(moved);
}

}  // namespace sg
