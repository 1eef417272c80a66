// RunDirectory and the copy/removal helpers: the private scratch area of one run. The submission
// and support files are copied in (never following the submission's symlinks) before the process
// starts; afterwards the whole area is removed without following anything the student left
// behind, even directories the student made unreadable.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "model/invocation.h"

namespace sg {

/// The scratch area of one run: `<scratch_root>/sg-run-<pid>-XXXXXX/` (mkdtemp, mode 0700) holding
/// `box/` (mode 0700), the student's working directory, and `io/` (mode 0700), a sibling for
/// files that must not appear in the working directory (the stdin file). Removed on destruction
/// unless keep() was called.
class RunDirectory {
 public:
  /// Creates the directories under `scratch_root` (which must exist). With `tmpfs_options`
  /// ("size=...,nr_inodes=...,mode=0700"), the area is first made a private tmpfs with those
  /// options (nosuid, nodev), so the run cannot fill the host's disk and creating and removing it
  /// costs no disk I/O; where the mount is refused (no CAP_SYS_ADMIN) it stays on the scratch
  /// root's file system (tmpfs_mounted() tells). Throws std::runtime_error with the path and the
  /// system error on failure.
  explicit RunDirectory(const std::filesystem::path& scratch_root,
                        const std::string& tmpfs_options = {});
  ~RunDirectory();
  RunDirectory(const RunDirectory&) = delete;
  RunDirectory& operator=(const RunDirectory&) = delete;

  const std::filesystem::path& root() const { return root_; }
  /// The working directory of the student process (`root()/box`).
  const std::filesystem::path& workdir() const { return workdir_; }
  /// The private sibling directory for the runner's own files (`root()/io`).
  const std::filesystem::path& io_dir() const { return io_dir_; }

  /// Whether the area is a tmpfs of its own (see the constructor).
  bool tmpfs_mounted() const { return tmpfs_mounted_; }

  /// Leave the directory in place when destroyed (for debugging).
  void keep() { keep_ = true; }
  /// Removes the area now (unmounts its tmpfs, then remove_tree()); returns "" or an error
  /// message. Idempotent.
  std::string remove();

 private:
  std::filesystem::path root_;
  std::filesystem::path workdir_;
  std::filesystem::path io_dir_;
  bool keep_ = false;
  bool removed_ = false;
  bool tmpfs_mounted_ = false;
};

/// Copies `submission` into `workdir`: a directory's contents land at the top level (recursively),
/// a single file keeps its file name; an empty path copies nothing. `submission` itself may be a
/// symlink; below it only regular files and directories are copied (symlinks, FIFOs, sockets and
/// devices are skipped, never followed). Files keep their permission bits (without set-id/sticky,
/// plus owner read/write). Returns the number of bytes copied. Throws std::runtime_error when the
/// submission does not exist, cannot be read, or holds more than `max_bytes` bytes of files.
std::uint64_t copy_submission(const std::filesystem::path& submission,
                              const std::filesystem::path& workdir, std::uint64_t max_bytes);

/// Copies one support file (or directory, recursively) to `workdir / file.destination`, creating
/// parent directories and replacing whatever the submission put there. Throws std::runtime_error
/// when the destination is absolute, empty or leaves the working directory ("..") or when the
/// copy fails.
void place_support_file(const PlacedFile& file, const std::filesystem::path& workdir);

/// Writes `file.content` to `workdir / file.destination` (mode 0644), creating parent
/// directories and replacing whatever the submission put there. Throws std::runtime_error under
/// the same conditions as place_support_file.
void write_support_text(const WrittenFile& file, const std::filesystem::path& workdir);

/// Removes `path` and everything below it. Never follows symlinks; gives each directory back
/// owner rwx before entering it, so trees the student made unreadable (chmod 000) go too, also
/// when the runner is not root. Returns "" on success, else what could not be removed and why.
std::string remove_tree(const std::filesystem::path& path);

/// Removes everything inside the directory `dir` (as remove_tree does) and gives `dir` itself
/// back mode `mode` and owner `uid`:`uid`, keeping the directory: a box's working directory is
/// bind-mounted into the box, so it must stay the same directory. Returns "" or what could not be
/// removed or restored.
std::string empty_directory(const std::filesystem::path& dir, mode_t mode, uid_t uid);

/// Clears a scratch root left behind by a grader that was killed (kill -9) mid-run: detaches
/// every mount on or below it (the box tiers' working-directory tmpfs, deepest first), then
/// removes it with remove_tree. Returns "" on success, else what could not be removed and why.
std::string remove_stale_scratch(const std::filesystem::path& scratch_root);

/// The mount points on `path` or below it (this process's mount table), deepest first.
std::vector<std::string> mounts_at_or_below(const std::filesystem::path& path);

}  // namespace sg
