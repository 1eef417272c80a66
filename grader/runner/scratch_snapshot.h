// ScratchSnapshot: the shared scratch directories a forked test may write outside its working
// directory (/tmp and /dev/shm of a box; /tmp, /var/tmp and /dev/shm of the host in the degraded
// tier), as the fork server's import left them. After each forked test, every top-level entry
// that was not there then is removed, so a test's files never reach the next test.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sg {

class ScratchSnapshot {
 public:
  ScratchSnapshot() = default;
  /// Records the top-level entries (name and inode) of each of `dirs`; with `owner`, only those
  /// owned by that uid count (and only such entries are ever removed). A directory that cannot be
  /// read records nothing.
  ScratchSnapshot(std::vector<std::filesystem::path> dirs, std::optional<uid_t> owner);

  /// Removes (never following symlinks) each top-level entry that was not recorded, by name and
  /// inode, and that belongs to the owner when one was given. Returns "" or what could not be
  /// removed.
  std::string remove_new() const;

 private:
  std::vector<std::filesystem::path> dirs_;
  std::optional<uid_t> owner_;
  std::set<std::pair<std::string, ino_t>> recorded_;  ///< (path, inode)
};

}  // namespace sg
