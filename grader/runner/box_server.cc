#include "runner/box_server.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "runner/box_uid_layer.h"
#include "runner/seccomp_layer.h"
#include "runner/student_exec.h"
#include "runner/system_calls.h"

namespace sg {
namespace {

constexpr int kRequestFds = 4;  // stdin, stdout, stderr, launch report

std::int64_t monotonic_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

bool send_message(int fd, const void* data, std::size_t size) {
  ssize_t n;
  do {
    n = ::send(fd, data, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  return n == static_cast<ssize_t>(size);
}

// Kills every other process of the box (pid 1 is spared by kill(-1)) and reaps until none is
// left: orphans are reparented to pid 1, so ECHILD means the box is empty.
void kill_and_reap_all(BoxInitReport& report) {
  ::kill(-1, SIGKILL);
  for (;;) {
    int status = 0;
    const pid_t pid = ::wait4(-1, &status, __WALL, nullptr);
    if (pid > 0) {
      ++report.reaped;
      if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) ++report.sigsys_deaths;
      continue;
    }
    if (errno == EINTR) continue;
    break;  // ECHILD
  }
}

[[noreturn]] void shut_down() {
  BoxInitReport ignored{};
  kill_and_reap_all(ignored);
  ::_exit(0);
}

// A request as received: the header in the buffer, the strings parsed into the pointer buffer.
struct Request {
  const BoxRunRequest* header = nullptr;
  char* exec_path = nullptr;
  char* workdir = nullptr;
  char** argv = nullptr;
  char** envp = nullptr;
  int fds[kRequestFds] = {-1, -1, -1, -1};
};

void close_fds(Request& request) {
  for (int& fd : request.fds) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

// Receives one request. Returns 0, or an errno for a malformed one (its descriptors closed); a
// closed control socket shuts the box down.
int receive_request(const BoxServerConfig& config, Request& request) {
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kRequestFds)];
  iovec data{config.request_buffer, sizeof(BoxRunRequest) + kBoxRequestStringBytes};
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t n;
  do {
    n = ::recvmsg(config.control_fd, &message, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) shut_down();  // the supervisor is gone

  int received = 0;
  for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    const std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t i = 0; i < count; ++i) {
      int fd = -1;
      std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
      if (received < kRequestFds) {
        request.fds[received++] = fd;
      } else {
        ::close(fd);
      }
    }
  }
  if ((message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0) return E2BIG;
  if (received != kRequestFds || static_cast<std::size_t>(n) < sizeof(BoxRunRequest)) return EPROTO;

  const auto* header = reinterpret_cast<const BoxRunRequest*>(config.request_buffer);
  if (header->magic != kBoxRequestMagic || header->rlimit_count > std::size(header->rlimits) ||
      header->string_bytes > kBoxRequestStringBytes ||
      static_cast<std::size_t>(n) != sizeof(BoxRunRequest) + header->string_bytes ||
      static_cast<std::size_t>(header->argc) + header->envc > kBoxRequestPointers ||
      header->argc == 0) {
    return EPROTO;
  }
  // The strings: path, working directory, argv..., envp..., each NUL-ended, nothing after.
  char* cursor = config.request_buffer + sizeof(BoxRunRequest);
  char* const end = cursor + header->string_bytes;
  const auto next = [&cursor, end]() -> char* {
    char* start = cursor;
    while (cursor < end && *cursor != '\0') ++cursor;
    if (cursor == end) return nullptr;
    ++cursor;
    return start;
  };
  request.header = header;
  request.exec_path = next();
  request.workdir = next();
  if (request.exec_path == nullptr || request.workdir == nullptr) return EPROTO;
  request.argv = config.pointer_buffer;
  for (std::uint32_t i = 0; i < header->argc; ++i) {
    if ((request.argv[i] = next()) == nullptr) return EPROTO;
  }
  request.argv[header->argc] = nullptr;
  request.envp = request.argv + header->argc + 1;
  for (std::uint32_t i = 0; i < header->envc; ++i) {
    if ((request.envp[i] = next()) == nullptr) return EPROTO;
  }
  request.envp[header->envc] = nullptr;
  if (cursor != end) return EPROTO;
  return 0;
}

// The student's process: the same steps, in the same order, as the one-shot full tier's layers.
[[noreturn]] void become_student(const BoxServerConfig& config, const Request& request,
                                 int signal_fd) {
  ::close(config.control_fd);
  ::close(signal_fd);
  const int report_fd = request.fds[3];
  const auto fail = [report_fd](int step, int error) {
    report_launch_failure(report_fd, {LaunchStage::layer, step, error});
  };
  if (::setsid() < 0) fail(0, errno);
  // The OOM killer's choice again: the server made itself unkillable (-1000) and a fork inherits
  // that. Left so, the cgroup's OOM killer finds no victim when the student reaches the memory
  // limit, and on cgroup v2 the student then spins in reclaim until its CPU limit (found by
  // scripts/cgroup-v2-vm.sh: alloc-10g in a kept box, SIGKILL after 21 s of CPU).
  if (const int adj = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC); adj >= 0) {
    const bool reset = ::write(adj, "0", 1) == 1;
    const int error = errno;
    ::close(adj);
    if (!reset) fail(0, error);
  } else {
    fail(0, errno);
  }
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail(0, errno);
  if (::getppid() != 1) fail(0, ESRCH);
  if (const int error = drop_to_box_uid(config.box_uid); error != 0) fail(0, error);
  if (const int error = apply_rlimits(request.header->rlimits, request.header->rlimit_count);
      error != 0) {
    fail(1, error);
  }
  if (const int error = install_seccomp_filter(*config.seccomp); error != 0) fail(2, error);
  ExecPlan plan;
  plan.exec_path = request.exec_path;
  plan.argv = request.argv;
  plan.envp = request.envp;
  plan.workdir = request.workdir;
  plan.stdin_fd = request.fds[0];
  plan.stdout_fd = request.fds[1];
  plan.stderr_fd = request.fds[2];
  plan.report_fd = report_fd;
  plan.close_fallback_limit = config.close_fallback_limit;
  exec_student(plan);
}

// Reaps until `student` has ended (recording it in `reply`), watching the control socket: the
// supervisor never writes during a run, so anything there means it is gone.
void wait_for_student(const BoxServerConfig& config, int signal_fd, pid_t student,
                      BoxRunReply& reply) {
  for (;;) {
    int status = 0;
    struct rusage usage {};
    pid_t pid;
    while ((pid = ::wait4(-1, &status, __WALL | WNOHANG, &usage)) > 0) {
      ++reply.run.reaped;
      if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) ++reply.run.sigsys_deaths;
      if (pid == student) {
        reply.run.status = status;
        reply.run.cpu_seconds = timeval_seconds(usage.ru_utime) + timeval_seconds(usage.ru_stime);
        reply.ended_ns = monotonic_ns();
        return;
      }
    }
    pollfd fds[2] = {{signal_fd, POLLIN, 0}, {config.control_fd, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0 && errno != EINTR) shut_down();
    if (fds[1].revents != 0) shut_down();
    signalfd_siginfo info[16];
    while (::read(signal_fd, info, sizeof info) > 0) {
    }
  }
}

// Removes every SysV IPC object of the box's namespace; returns how many, or -1 when one stays.
int remove_ipc_objects() {
  int removed = 0;
  bool left = false;
  shm_info shm{};
  const int shm_last = ::shmctl(0, SHM_INFO, reinterpret_cast<shmid_ds*>(&shm));
  for (int index = 0; index <= shm_last; ++index) {
    shmid_ds ds{};
    const int id = ::shmctl(index, SHM_STAT, &ds);
    if (id < 0) continue;
    if (::shmctl(id, IPC_RMID, nullptr) == 0)
      ++removed;
    else
      left = true;
  }
  seminfo sem{};
  union {
    int value;
    semid_ds* buffer;
    unsigned short* array;
    seminfo* info;
  } argument{};
  argument.info = &sem;
  const int sem_last = ::semctl(0, 0, SEM_INFO, argument);
  for (int index = 0; index <= sem_last; ++index) {
    semid_ds ds{};
    argument.buffer = &ds;
    const int id = ::semctl(index, 0, SEM_STAT, argument);
    if (id < 0) continue;
    if (::semctl(id, 0, IPC_RMID) == 0)
      ++removed;
    else
      left = true;
  }
  msginfo msg{};
  const int msg_last = ::msgctl(0, MSG_INFO, reinterpret_cast<msqid_ds*>(&msg));
  for (int index = 0; index <= msg_last; ++index) {
    msqid_ds ds{};
    const int id = ::msgctl(index, MSG_STAT, &ds);
    if (id < 0) continue;
    if (::msgctl(id, IPC_RMID, nullptr) == 0)
      ++removed;
    else
      left = true;
  }
  return left ? -1 : removed;
}

int fresh_tmpfs(const char* where, const char* options) {
  if (::umount2(where, MNT_DETACH) != 0) return errno;
  if (::mount("tmpfs", where, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) return errno;
  return 0;
}

// The next run's first process gets pid 2, as in a new box (CAP_SYS_ADMIN over the box's pid
// namespace: pid 1 as root has it).
int reset_pid_counter() {
  const int fd = ::open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  const int error = ::write(fd, "1", 1) == 1 ? 0 : errno;
  ::close(fd);
  return error;
}

// Makes the box as a new one would be; records the first failure in `reply`.
void clean_box(const BoxServerConfig& config, BoxRunReply& reply) {
  const auto failed = [&reply](BoxCleanupStep step, int error) {
    if (reply.cleanup_error != 0 || error == 0) return;
    reply.cleanup_step = step;
    reply.cleanup_error = error;
  };
  kill_and_reap_all(reply.run);
  if (::wait4(-1, nullptr, __WALL | WNOHANG, nullptr) != -1 || errno != ECHILD) {
    failed(BoxCleanupStep::kill_processes, EBUSY);
  }
  const int removed = remove_ipc_objects();
  if (removed < 0) {
    failed(BoxCleanupStep::remove_ipc, EBUSY);
  } else {
    reply.ipc_objects_removed = removed;
  }
  failed(BoxCleanupStep::fresh_tmp, fresh_tmpfs("/tmp", config.tmp_options));
  failed(BoxCleanupStep::fresh_shm, fresh_tmpfs("/dev/shm", config.shm_options));
  failed(BoxCleanupStep::reset_pids, reset_pid_counter());
}

}  // namespace

void run_box_server(const BoxServerConfig& config) noexcept {
  ::setsid();
  // Never the OOM killer's choice: the student's processes are.
  if (const int adj = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC); adj >= 0) {
    const ssize_t ignored = ::write(adj, "-1000", 5);
    (void)ignored;
    ::close(adj);
  }
  sigset_t child_signal;
  ::sigemptyset(&child_signal);
  ::sigaddset(&child_signal, SIGCHLD);
  ::sigprocmask(SIG_BLOCK, &child_signal, nullptr);
  const int signal_fd = ::signalfd(-1, &child_signal, SFD_CLOEXEC | SFD_NONBLOCK);
  BoxHello hello{kBoxHelloMagic, 0, 0};
  if (signal_fd < 0) hello.error = errno;
  if (!send_message(config.control_fd, &hello, sizeof hello) || hello.error != 0) ::_exit(1);

  for (;;) {
    Request request;
    BoxRunReply reply{};
    reply.run.magic = kBoxInitMagic;
    if (const int error = receive_request(config, request); error != 0) {
      close_fds(request);
      reply.request_error = error;
      if (!send_message(config.control_fd, &reply, sizeof reply)) shut_down();
      continue;
    }
    const pid_t student = raw_fork();
    if (student == 0) become_student(config, request, signal_fd);
    const int fork_error = student < 0 ? errno : 0;
    close_fds(request);
    if (fork_error != 0) {
      reply.fork_error = fork_error;
    } else {
      wait_for_student(config, signal_fd, student, reply);
    }
    clean_box(config, reply);
    if (!send_message(config.control_fd, &reply, sizeof reply)) shut_down();
  }
}

}  // namespace sg
