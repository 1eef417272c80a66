// Box uids: each concurrent run of a degraded or full tier gets a uid (and gid) of its own from a
// fixed pool, so the kernel's per-uid accounting (RLIMIT_NPROC, kill(-1)) sees exactly one run,
// and no student process is ever root.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

namespace sg {

/// Every uid of the pool, ascending: the site configuration's first_box_uid and box_slots
/// (site_config.h; by default 32 uids from 1879048192).
std::vector<uid_t> box_uid_pool();

/// Where the slot lock files live (mode 0700, root only).
inline constexpr const char* kBoxUidLockDir = "/run/searchgrader-uids";

/// One slot taken from the pool, returned on destruction. A slot is held as an exclusive flock on
/// `<kBoxUidLockDir>/uid-<uid>.lock`, so threads and separate grader processes on one host never
/// share a uid, even when their site configurations give overlapping ranges. Blocks (polling every
/// 50 ms) while every slot is taken. Throws std::runtime_error when the lock directory cannot be
/// created or opened (needs root).
class BoxUidLease {
 public:
  BoxUidLease();
  ~BoxUidLease();
  BoxUidLease(const BoxUidLease&) = delete;
  BoxUidLease& operator=(const BoxUidLease&) = delete;

  uid_t uid() const { return uid_; }
  /// True when this process leases this uid for the first time: a process of the uid may then be
  /// left from a grader that crashed, and the caller should check for leftovers.
  bool first_lease() const { return first_lease_; }

 private:
  int lock_fd_ = -1;
  uid_t uid_ = 0;
  bool first_lease_ = false;
};

/// SIGKILLs every process whose real or saved uid is `uid`, from a short-lived helper process
/// that takes that uid (kill(-1) then reaches exactly those processes), repeating until none is
/// left or ~1 s passed. Needs root. Returns true when no process of `uid` was left. Async-signal-
/// unsafe (forks); call from the supervisor only. `uid` must be a box uid (never 0).
bool kill_uid_processes(uid_t uid) noexcept;

/// After a run (its processes gone): removes what the box uid left outside its working
/// directory where every uid may write: SysV shared memory, semaphores and message queues owned
/// or created by `uid` (from /proc/sysvipc), and top-level entries of /tmp, /var/tmp and /dev/shm
/// owned by `uid` (removed without following symlinks). Returns what could not be removed ("" if
/// all went). Matters in the degraded tier; in the full tier the box has its own IPC namespace and
/// /tmp. `uid` must be a box uid.
std::string remove_uid_leftovers(uid_t uid);

}  // namespace sg
