// PrivateRoot: the file system a full-tier student process sees: a read-only tmpfs root with
// read-only nosuid/nodev binds of the system directories, a minimal /dev, a size-limited /tmp and
// /dev/shm, a fresh /proc for its own pid namespace, and its working directory at /box. Nothing
// else of the host (no /root, /home, /work, host /tmp, /sys, grader files or other runs).
// Planned in the supervisor (allocating), applied in the child (async-signal-safe).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace sg {

/// Where the working directory appears inside the private root.
inline constexpr const char* kBoxWorkdir = "/box";

/// Sizes of the private root's writable file systems (tmpfs, charged to the run's memory cgroup).
struct PrivateRootOptions {
  std::uint64_t tmp_bytes = 64ull << 20;  ///< /tmp
  std::uint64_t shm_bytes = 16ull << 20;  ///< /dev/shm
  /// Host directories bound read-only (those that do not exist are skipped; a symlink such as
  /// /bin -> usr/bin is recreated as the same symlink).
  std::vector<std::string> system_dirs = {"/usr",   "/bin",   "/sbin",   "/lib",
                                          "/lib32", "/lib64", "/libx32", "/etc"};
};

/// A prepared sequence of mount steps.
class PrivateRoot {
 public:
  /// Plans the root at `mount_point` (an empty directory that exists, e.g. `<run>/root`) with
  /// `workdir` bound read-write at /box. Throws std::runtime_error if a system directory cannot be
  /// inspected.
  PrivateRoot(const std::filesystem::path& mount_point, const std::filesystem::path& workdir,
              const PrivateRootOptions& options = {});

  /// Child side, in a new mount namespace (and pid namespace, for /proc), as root: performs the
  /// steps, pivots into the new root, detaches the old one and makes / read-only. Returns 0 or the
  /// errno of the first failed step; failed_step() then names it. Async-signal-safe.
  int apply() const noexcept;

  /// Description of the step apply() failed at ("" if none), for messages.
  const char* failed_step() const noexcept;

 private:
  enum class Op { make_private, tmpfs, mkdir, bind_ro, bind_rw, touch, symlink, proc, pivot };
  struct Step {
    Op op;
    std::string a;  // target (or source for binds)
    std::string b;  // second argument (bind target, symlink target, tmpfs options)
    std::string what;
  };
  void add(Op op, std::string a, std::string b, std::string what);

  std::vector<Step> steps_;
  mutable int failed_ = -1;  // index of the failed step (child side only)
};

}  // namespace sg
