#include "runner/uid_slots.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <grp.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>

#include "runner/proc_stat.h"

namespace sg {
namespace {

// One kill(-1, SIGKILL) as `uid` in a helper process.
void kill_round(uid_t uid) {
  const pid_t helper = ::fork();
  if (helper == 0) {
    // Drop to the box uid only: kill(-1) from it reaches the processes it may signal, i.e.
    // those of the same uid (except the helper itself).
    // Raw system calls: glibc's wrappers synchronise ids across threads, which a forked child
    // of a multithreaded process must not rely on.
    if (::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0) {
      ::_exit(2);
    }
    if (::kill(-1, SIGKILL) == 0) ::_exit(0);
    ::_exit(errno == ESRCH ? 1 : 2);
  }
  if (helper < 0) return;
  int status = 0;
  while (::waitpid(helper, &status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

std::vector<uid_t> box_uid_pool() {
  std::vector<uid_t> uids;
  for (std::size_t i = 0; i < kBoxUidSlots; ++i)
    uids.push_back(kFirstBoxUid + static_cast<uid_t>(i));
  return uids;
}

BoxUidLease::BoxUidLease() {
  if (::mkdir(kBoxUidLockDir, 0700) != 0 && errno != EEXIST) {
    throw std::runtime_error(fmt::format("cannot create {}: {}", kBoxUidLockDir,
                                         std::error_code(errno, std::system_category()).message()));
  }
  for (;;) {
    for (std::size_t i = 0; i < kBoxUidSlots; ++i) {
      const std::string path = fmt::format("{}/slot-{}.lock", kBoxUidLockDir, i);
      const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
      if (fd < 0) {
        throw std::runtime_error(fmt::format(
            "cannot open {}: {}", path, std::error_code(errno, std::system_category()).message()));
      }
      if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
        lock_fd_ = fd;
        uid_ = kFirstBoxUid + static_cast<uid_t>(i);
        return;
      }
      ::close(fd);
    }
    const timespec pause{0, 50'000'000};
    ::nanosleep(&pause, nullptr);
  }
}

BoxUidLease::~BoxUidLease() {
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the flock
}

bool kill_uid_processes(uid_t uid) noexcept {
  if (uid == 0) return false;
  // A process may be forking while we kill: repeat until no live process is left (zombies
  // count as gone). kill(-1)'s own result cannot tell: it succeeds whenever any process exists.
  if (sample_processes_of_uid(uid).processes == 0) return true;
  for (int round = 0; round < 100; ++round) {
    kill_round(uid);
    if (sample_processes_of_uid(uid).processes == 0) return true;
    const timespec pause{0, 10'000'000};
    ::nanosleep(&pause, nullptr);
  }
  return false;
}

}  // namespace sg
