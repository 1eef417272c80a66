#include "runner/workdir_snapshot.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "runner/unique_fd.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& what, const fs::path& path, int error) {
  throw std::runtime_error(fmt::format("{} {}: {}", what, path.string(),
                                       std::error_code(error, std::system_category()).message()));
}

struct stat lstat_or_throw(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) fail("cannot stat", path, errno);
  return st;
}

std::vector<std::string> names_in(const fs::path& dir) {
  DIR* handle = ::opendir(dir.c_str());
  if (handle == nullptr) fail("cannot read", dir, errno);
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(handle)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  ::closedir(handle);
  return names;
}

// Copies the regular file `from` to the new file `to` (which must not exist) with `mode`.
void copy_file(const fs::path& from, const fs::path& to, mode_t mode) {
  const UniqueFd in(::open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!in) fail("cannot read", from, errno);
  const UniqueFd out(
      ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode & 07777));
  if (!out) fail("cannot create", to, errno);
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t n = ::read(in.get(), buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot read", from, errno);
    }
    for (ssize_t written = 0; written < n;) {
      const ssize_t w = ::write(out.get(), buffer + written, static_cast<std::size_t>(n - written));
      if (w < 0) {
        if (errno == EINTR) continue;
        fail("cannot write", to, errno);
      }
      written += w;
    }
  }
  if (::fchmod(out.get(), mode & 07777) != 0) fail("cannot chmod", to, errno);
}

std::string read_link(const fs::path& path) {
  std::vector<char> buffer(PATH_MAX + 1);
  const ssize_t n = ::readlink(path.c_str(), buffer.data(), buffer.size());
  if (n < 0) fail("cannot read the link", path, errno);
  return std::string(buffer.data(), static_cast<std::size_t>(n));
}

void set_owner(const fs::path& path, uid_t uid, gid_t gid) {
  if (::lchown(path.c_str(), uid, gid) != 0 && errno != EPERM) fail("cannot chown", path, errno);
}

}  // namespace

WorkdirSnapshot::Entry WorkdirSnapshot::entry_of(const struct stat& st) {
  Entry entry;
  entry.mode = st.st_mode;
  entry.uid = st.st_uid;
  entry.gid = st.st_gid;
  entry.size = static_cast<std::uint64_t>(st.st_size);
  entry.inode = st.st_ino;
  entry.ctime_ns =
      static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
  return entry;
}

bool WorkdirSnapshot::unchanged(const Entry& recorded, const struct stat& now) const {
  const Entry current = entry_of(now);
  if (current.mode != recorded.mode || current.uid != recorded.uid || current.gid != recorded.gid)
    return false;
  // A directory's own times change with its entries, which are compared one by one.
  if (S_ISDIR(now.st_mode)) return true;
  return current.size == recorded.size && current.inode == recorded.inode &&
         current.ctime_ns == recorded.ctime_ns;
}

WorkdirSnapshot::WorkdirSnapshot(fs::path workdir, fs::path copy_dir, std::uint64_t max_bytes)
    : workdir_(std::move(workdir)), copy_dir_(std::move(copy_dir)) {
  if (::mkdir(copy_dir_.c_str(), 0700) != 0) fail("cannot create", copy_dir_, errno);
  root_ = entry_of(lstat_or_throw(workdir_));
  std::uint64_t bytes = 0;
  for (const std::string& name : names_in(workdir_)) record(name, bytes, max_bytes);
}

void WorkdirSnapshot::record(const fs::path& relative, std::uint64_t& bytes,
                             std::uint64_t max_bytes) {
  const fs::path path = workdir_ / relative;
  const struct stat st = lstat_or_throw(path);
  const fs::path copy = copy_dir_ / relative;
  if (S_ISREG(st.st_mode)) {
    bytes += static_cast<std::uint64_t>(st.st_size);
    if (bytes > max_bytes) {
      throw std::runtime_error(fmt::format(
          "the working directory holds more than {} bytes after the import", max_bytes));
    }
    copy_file(path, copy, st.st_mode);
  } else if (S_ISDIR(st.st_mode)) {
    if (::mkdir(copy.c_str(), 0700) != 0) fail("cannot create", copy, errno);
  } else if (S_ISLNK(st.st_mode)) {
    if (::symlink(read_link(path).c_str(), copy.c_str()) != 0) fail("cannot create", copy, errno);
  }
  // Other types (FIFOs, sockets) are recorded: kept while unchanged, never recreated.
  entries_[relative.string()] = entry_of(st);
  if (S_ISDIR(st.st_mode)) {
    for (const std::string& name : names_in(path)) record(relative / name, bytes, max_bytes);
  }
}

std::size_t WorkdirSnapshot::restore() {
  std::size_t changed = 0;
  const struct stat root = lstat_or_throw(workdir_);
  if ((root.st_mode & 07777) != (root_.mode & 07777) && ::chmod(workdir_.c_str(), root_.mode) != 0)
    fail("cannot chmod", workdir_, errno);
  if (root.st_uid != root_.uid || root.st_gid != root_.gid)
    set_owner(workdir_, root_.uid, root_.gid);
  std::map<std::string, bool> seen;
  changed += visit({}, seen);
  std::vector<std::string> missing;  // parents before children: a prefix sorts first
  for (const auto& [relative, entry] : entries_) {
    if (seen.count(relative) == 0) missing.push_back(relative);
  }
  for (const std::string& relative : missing) put_back(relative);
  return changed + missing.size();
}

std::size_t WorkdirSnapshot::visit(const fs::path& relative, std::map<std::string, bool>& seen) {
  std::size_t changed = 0;
  const fs::path dir = relative.empty() ? workdir_ : workdir_ / relative;
  for (const std::string& name : names_in(dir)) {
    const fs::path child = relative.empty() ? fs::path(name) : relative / name;
    const fs::path path = workdir_ / child;
    const auto recorded = entries_.find(child.string());
    const struct stat st = lstat_or_throw(path);
    if (recorded == entries_.end()) {
      if (const std::string error = remove_tree(path); !error.empty())
        throw std::runtime_error(error);
      ++changed;
      continue;
    }
    seen[child.string()] = true;
    if (S_ISDIR(st.st_mode) && S_ISDIR(recorded->second.mode)) {
      if (!unchanged(recorded->second, st)) {
        if (::chmod(path.c_str(), recorded->second.mode & 07777) != 0)
          fail("cannot chmod", path, errno);
        set_owner(path, recorded->second.uid, recorded->second.gid);
        ++changed;
      }
      changed += visit(child, seen);
      continue;
    }
    if (unchanged(recorded->second, st)) continue;
    if (const std::string error = remove_tree(path); !error.empty())
      throw std::runtime_error(error);
    put_back(child.string());
    ++changed;
  }
  return changed;
}

void WorkdirSnapshot::put_back(const fs::path& relative) {
  Entry& entry = entries_.at(relative.string());
  const fs::path path = workdir_ / relative;
  const fs::path copy = copy_dir_ / relative;
  if (S_ISREG(entry.mode)) {
    copy_file(copy, path, entry.mode);
  } else if (S_ISDIR(entry.mode)) {
    if (::mkdir(path.c_str(), entry.mode & 07777) != 0 && errno != EEXIST)
      fail("cannot create", path, errno);
    if (::chmod(path.c_str(), entry.mode & 07777) != 0) fail("cannot chmod", path, errno);
  } else if (S_ISLNK(entry.mode)) {
    if (::symlink(read_link(copy).c_str(), path.c_str()) != 0) fail("cannot create", path, errno);
  } else {
    entries_.erase(relative.string());  // a FIFO or socket the import made: not recreated
    return;
  }
  set_owner(path, entry.uid, entry.gid);
  entry = entry_of(lstat_or_throw(path));
}

}  // namespace sg
