#include "runner/seccomp_layer.h"

#include <fmt/format.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <stdexcept>
#include <system_error>

#include "runner/system_calls.h"
#include "runner/unique_fd.h"

namespace sg {
namespace {

// Every namespace flag of clone()/unshare(). CLONE_NEWTIME (0x80) only for unshare: in clone's
// flags that bit is part of the exit signal.
constexpr unsigned long kCloneNamespaceFlags[] = {CLONE_NEWNS,  CLONE_NEWCGROUP, CLONE_NEWUTS,
                                                  CLONE_NEWIPC, CLONE_NEWUSER,   CLONE_NEWPID,
                                                  CLONE_NEWNET};
constexpr unsigned long kCloneNewTime = 0x00000080;

constexpr const char* kKilled[] = {
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "mount",
    "umount2",
    "pivot_root",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsmount",
    "fsconfig",
    "fspick",
    "mount_setattr",
    "chroot",
    "setns",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "iopl",
    "ioperm",
    "open_by_handle_at",
    "quotactl",
    "syslog",
};

struct Errno {
  const char* name;
  int error;
};
// POSIX message queues live in the IPC namespace, which a box keeps between runs (box.h) and
// cannot list without mounting mqueue: refused as on a kernel built without them.
constexpr Errno kFailed[] = {
    {"clone3", ENOSYS},         {"io_uring_setup", ENOSYS},
    {"io_uring_enter", ENOSYS}, {"io_uring_register", ENOSYS},
    {"userfaultfd", EPERM},     {"perf_event_open", EPERM},
    {"mq_open", ENOSYS},
};

struct FilterContext {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  ~FilterContext() {
    if (ctx != nullptr) seccomp_release(ctx);
  }
};

void check(int rc, const std::string& what) {
  if (rc < 0) throw std::runtime_error(fmt::format("seccomp: {}: {}", what, errno_text(-rc)));
}

}  // namespace

SeccompProgram build_seccomp_program(bool deny_sockets) {
  FilterContext filter;
  if (filter.ctx == nullptr) throw std::runtime_error("seccomp: seccomp_init failed");
  scmp_filter_ctx ctx = filter.ctx;
  // Only the native ABI: a 32-bit or x32 system call kills the process.
  check(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS), "bad-arch action");
  // A binary search over system call numbers instead of a linear scan: every system call the
  // student makes runs the filter.
  check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2), "optimize");
  for (const char* name : kKilled) {
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) continue;  // unknown to this libseccomp: nothing to filter
    check(seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, nr, 0), name);
  }
  for (const Errno& entry : kFailed) {
    const int nr = seccomp_syscall_resolve_name(entry.name);
    if (nr == __NR_SCMP_ERROR) continue;
    check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(entry.error), nr, 0), entry.name);
  }
  for (unsigned long flag : kCloneNamespaceFlags) {
    check(seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)),
          "clone");
    check(seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, SCMP_SYS(unshare), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)),
          "unshare");
  }
  check(seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, SCMP_SYS(unshare), 1,
                         SCMP_A0(SCMP_CMP_MASKED_EQ, kCloneNewTime, kCloneNewTime)),
        "unshare");

  if (deny_sockets) {
    check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 0), "socket");
  } else {
    // Only local and (namespaced, loopback-only) IP sockets: AF_VSOCK, AF_NETLINK, AF_PACKET,
    // AF_BLUETOOTH, AF_ALG and the others are not namespaced or are kernel surface a search
    // assignment never needs.
    const auto refuse_family = [ctx](scmp_datum_t family, scmp_compare op) {
      for (const int call : {SCMP_SYS(socket), SCMP_SYS(socketpair)}) {
        check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EAFNOSUPPORT), call, 1, SCMP_A0_32(op, family)),
              "socket family");
      }
    };
    static_assert(AF_UNIX == 1 && AF_INET == 2 && AF_INET6 == 10, "Linux's family numbers");
    for (scmp_datum_t family : {0, 3, 4, 5, 6, 7, 8, 9}) refuse_family(family, SCMP_CMP_EQ);
    refuse_family(AF_INET6, SCMP_CMP_GT);
  }

  // Export the BPF through a memory file, then keep it as instructions the child can load
  // without allocating.
  UniqueFd memory(static_cast<int>(::memfd_create("sg-seccomp", MFD_CLOEXEC)));
  if (!memory)
    throw std::runtime_error(fmt::format("seccomp: memfd_create: {}", errno_text(errno)));
  check(seccomp_export_bpf(ctx, memory.get()), "export");
  const off_t size = ::lseek(memory.get(), 0, SEEK_END);
  if (size <= 0 || size % static_cast<off_t>(sizeof(sock_filter)) != 0) {
    throw std::runtime_error("seccomp: the exported program has an unexpected size");
  }
  SeccompProgram program;
  program.instructions.resize(static_cast<std::size_t>(size) / sizeof(sock_filter));
  if (::pread(memory.get(), program.instructions.data(), static_cast<std::size_t>(size), 0) !=
      size) {
    throw std::runtime_error("seccomp: cannot read the exported program");
  }
  return program;
}

namespace {

class SeccompSession final : public SandboxSession {
 public:
  explicit SeccompSession(std::shared_ptr<const SeccompProgram> program)
      : program_(std::move(program)) {
    fprog_.len = static_cast<unsigned short>(program_->instructions.size());
    fprog_.filter = const_cast<sock_filter*>(program_->instructions.data());
  }

  int child_setup() noexcept override { return install_seccomp_filter(fprog_); }

  void after_exit(RunEvidence& evidence, Observation& /*observation*/) override {
    add_seccomp_evidence(evidence);
  }

  void end_fork(const Limits& /*limits*/, RunEvidence& evidence,
                Observation& /*observation*/) override {
    add_seccomp_evidence(evidence);
  }

 private:
  std::shared_ptr<const SeccompProgram> program_;
  sock_fprog fprog_{};
};

}  // namespace

int install_seccomp_filter(const sock_fprog& program) noexcept {
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) return errno;
  return 0;
}

void add_seccomp_evidence(RunEvidence& evidence) {
  if (evidence.killed_by_supervisor || !evidence.wait_status) return;
  const int status = *evidence.wait_status;
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS && !evidence.security_violation) {
    evidence.security_violation = "killed by the seccomp filter (SIGSYS): a forbidden system call";
  }
}

SeccompLayer::SeccompLayer(bool deny_sockets)
    : program_(std::make_shared<const SeccompProgram>(build_seccomp_program(deny_sockets))) {}

std::unique_ptr<SandboxSession> SeccompLayer::prepare(const LaunchContext& /*context*/) {
  return std::make_unique<SeccompSession>(program_);
}

}  // namespace sg
