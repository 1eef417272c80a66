// SeccompLayer: a system-call filter (libseccomp, compiled to BPF once in the supervisor) loaded
// last before exec, with no_new_privs. Default allow; calls that only an escape attempt makes
// kill the whole process (SIGSYS); calls runtimes merely probe for fail with an error instead.
#pragma once

#include <linux/filter.h>

#include <memory>
#include <string>
#include <vector>

#include "runner/sandbox_layer.h"

namespace sg {

/// The compiled filter: a BPF program for SECCOMP_SET_MODE_FILTER.
struct SeccompProgram {
  std::vector<sock_filter> instructions;
};

/// Builds the filter (see docs/sandbox.md for the list). Killed (SCMP_ACT_KILL_PROCESS, SIGSYS):
/// ptrace, process_vm_readv/writev, the mount family (mount, umount2, pivot_root, move_mount,
/// open_tree, fsopen, fsmount, fsconfig, fspick, mount_setattr), chroot, setns, unshare and clone
/// with any namespace flag, keyctl/add_key/request_key, bpf, kexec_*, *_module, reboot, swapon/off,
/// acct, iopl/ioperm, open_by_handle_at, quotactl, syslog; any non-native ABI (32-bit int 0x80,
/// x32). Failed with an errno: clone3 (ENOSYS, so libc falls back to clone, whose flags the
/// filter can inspect), io_uring_* and mq_open (ENOSYS), userfaultfd and perf_event_open (EPERM).
/// With `deny_sockets` (the degraded tier, which has no network namespace) socket() fails with
/// EACCES for every address family, so neither the network nor the host's unix sockets (abstract
/// ones ignore file permissions) are reachable; socketpair() still works. Without it (the full
/// tier, whose network namespace has only a loopback), socket() and socketpair() accept only
/// AF_UNIX, AF_INET and AF_INET6 and fail with EAFNOSUPPORT for every other family (AF_VSOCK
/// reaches the hypervisor whatever the namespace; AF_NETLINK, AF_PACKET, AF_ALG, ... are kernel
/// surface). Throws std::runtime_error when libseccomp fails.
SeccompProgram build_seccomp_program(bool deny_sockets = false);

/// Child side (async-signal-safe): PR_SET_NO_NEW_PRIVS, then loads `program`. Returns 0 or errno.
/// Nothing but the exec may follow: the filter applies to everything after it.
int install_seccomp_filter(const sock_fprog& program) noexcept;

/// The evidence the layer adds after a run: security_violation when the main process died of
/// SIGSYS and the supervisor did not kill it.
void add_seccomp_evidence(RunEvidence& evidence);

/// Layer "seccomp": in the child, PR_SET_NO_NEW_PRIVS then the filter (nothing else may run after
/// it but the runner's exec). after_exit(): evidence security_violation when the main process
/// died of SIGSYS ("killed by the seccomp filter (SIGSYS): a forbidden system call"). A SIGSYS
/// death of another process of the box is reported by the box layer, which reaps it.
class SeccompLayer final : public SandboxLayer {
 public:
  /// Builds the program once; throws like build_seccomp_program().
  explicit SeccompLayer(bool deny_sockets = false);
  /// Uses a program built already (shared with the tier's boxes).
  explicit SeccompLayer(std::shared_ptr<const SeccompProgram> program)
      : program_(std::move(program)) {}
  const std::shared_ptr<const SeccompProgram>& program() const { return program_; }
  std::string name() const override { return "seccomp"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override;

 private:
  std::shared_ptr<const SeccompProgram> program_;
};

}  // namespace sg
