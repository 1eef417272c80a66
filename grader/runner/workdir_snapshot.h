// WorkdirSnapshot: the working directory of a fork session as the server's import left it, so
// that after each forked test the directory is put back exactly: what the test added is removed,
// what it changed or removed is restored from a copy taken at the fork point. Entries are
// compared without following symlinks by type, mode, owner, size, inode and change time (a
// change time cannot be set back by the student, so any write shows).
#pragma once

#include <sys/stat.h>
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace sg {

class WorkdirSnapshot {
 public:
  /// Records `workdir` and copies its regular files, directories and symlinks into `copy_dir`
  /// (created, mode 0700; it must not be inside `workdir`). Throws std::runtime_error naming the
  /// path when the tree cannot be read or copied, or when it holds more than `max_bytes` bytes of
  /// regular files.
  WorkdirSnapshot(std::filesystem::path workdir, std::filesystem::path copy_dir,
                  std::uint64_t max_bytes);

  /// Puts the working directory back as recorded: removes entries that were not there (never
  /// following symlinks, as remove_tree does), restores files, symlinks and directories that
  /// changed or went (with their mode and owner), and gives directories back their mode and
  /// owner. Returns how many entries were removed or restored. Throws std::runtime_error naming
  /// the path when an entry cannot be removed or restored.
  std::size_t restore();

  /// Entries recorded (the working directory itself not counted).
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    mode_t mode = 0;  ///< Type and permission bits (st_mode).
    uid_t uid = 0;
    gid_t gid = 0;
    std::uint64_t size = 0;
    ino_t inode = 0;
    std::int64_t ctime_ns = 0;
  };
  static Entry entry_of(const struct stat& st);
  bool unchanged(const Entry& recorded, const struct stat& now) const;
  void record(const std::filesystem::path& relative, std::uint64_t& bytes, std::uint64_t max_bytes);
  std::size_t visit(const std::filesystem::path& relative, std::map<std::string, bool>& seen);
  void put_back(const std::filesystem::path& relative);

  std::filesystem::path workdir_;
  std::filesystem::path copy_dir_;
  Entry root_;
  std::map<std::string, Entry> entries_;  ///< By path relative to the working directory.
};

}  // namespace sg
