#include "runner/uid_slots.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <grp.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "runner/proc_stat.h"
#include "runner/site_config.h"
#include "runner/workdir.h"

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
  const SiteConfig& site = site_config();
  std::vector<uid_t> uids;
  for (std::size_t i = 0; i < site.box_slots; ++i)
    uids.push_back(site.first_box_uid + static_cast<uid_t>(i));
  return uids;
}

namespace {

// The uids this process has leased before (guarded by its mutex).
std::mutex leased_before_mutex;
std::set<uid_t> leased_before;

}  // namespace

BoxUidLease::BoxUidLease() {
  if (::mkdir(kBoxUidLockDir, 0700) != 0 && errno != EEXIST) {
    throw std::runtime_error(fmt::format("cannot create {}: {}", kBoxUidLockDir,
                                         std::error_code(errno, std::system_category()).message()));
  }
  const std::vector<uid_t> pool = box_uid_pool();
  for (;;) {
    for (const uid_t uid : pool) {
      const std::string path = fmt::format("{}/uid-{}.lock", kBoxUidLockDir, uid);
      const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
      if (fd < 0) {
        throw std::runtime_error(fmt::format(
            "cannot open {}: {}", path, std::error_code(errno, std::system_category()).message()));
      }
      if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
        lock_fd_ = fd;
        uid_ = uid;
        const std::lock_guard<std::mutex> guard(leased_before_mutex);
        first_lease_ = leased_before.insert(uid).second;
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

namespace {

// Ids of the SysV objects in /proc/sysvipc/<kind> whose uid or cuid is `uid`.
std::vector<int> sysv_ids(const char* kind, const char* id_column, uid_t uid) {
  std::vector<int> ids;
  std::ifstream in(std::string("/proc/sysvipc/") + kind);
  std::string header;
  if (!std::getline(in, header)) return ids;
  std::vector<std::string> columns;
  {
    std::istringstream words(header);
    for (std::string word; words >> word;) columns.push_back(word);
  }
  const auto index_of = [&columns](const std::string& name) {
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i] == name) return static_cast<int>(i);
    return -1;
  };
  const int id_at = index_of(id_column), uid_at = index_of("uid"), cuid_at = index_of("cuid");
  if (id_at < 0 || uid_at < 0 || cuid_at < 0) return ids;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::vector<long long> values;
    for (long long v; words >> v;) values.push_back(v);
    const auto at = [&values](int i) {
      return i < static_cast<int>(values.size()) ? values[i] : -1;
    };
    if (at(uid_at) == static_cast<long long>(uid) || at(cuid_at) == static_cast<long long>(uid)) {
      ids.push_back(static_cast<int>(at(id_at)));
    }
  }
  return ids;
}

}  // namespace

std::string remove_uid_leftovers(uid_t uid) {
  std::string problems;
  const auto note = [&problems](const std::string& problem) {
    if (!problems.empty()) problems += "; ";
    problems += problem;
  };
  if (uid == 0) return "refusing to clean up after uid 0";
  for (int id : sysv_ids("shm", "shmid", uid)) {
    if (::shmctl(id, IPC_RMID, nullptr) != 0) note(fmt::format("shared memory {} stays", id));
  }
  for (int id : sysv_ids("sem", "semid", uid)) {
    if (::semctl(id, 0, IPC_RMID) != 0) note(fmt::format("semaphore set {} stays", id));
  }
  for (int id : sysv_ids("msg", "msqid", uid)) {
    if (::msgctl(id, IPC_RMID, nullptr) != 0) note(fmt::format("message queue {} stays", id));
  }
  for (const char* dir : {"/tmp", "/var/tmp", "/dev/shm"}) {
    std::error_code error;
    for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end;
         it.increment(error)) {
      struct stat st {};
      if (::lstat(it->path().c_str(), &st) != 0 || st.st_uid != uid) continue;
      const std::string problem = remove_tree(it->path());
      if (!problem.empty()) note(problem);
    }
  }
  return problems;
}

}  // namespace sg
