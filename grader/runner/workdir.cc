#include "runner/workdir.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "runner/resource_names.h"
#include "runner/system_calls.h"
#include "runner/unique_fd.h"

namespace sg {
namespace fs = std::filesystem;

namespace {

// Directories nested deeper than this are not removed (each level holds one open fd).
constexpr int kMaxRemoveDepth = 512;

void make_private_dir(const fs::path& path) {
  if (::mkdir(path.c_str(), 0700) != 0)
    throw_errno(fmt::format("cannot create {}", path.string()), errno);
}

// Copies one regular file; `follow` says whether `source` itself may be a symlink. Returns the
// bytes copied, or 0 without creating anything when `source` is not a regular file. Throws when
// the copy would take the total past `max_bytes` (given what was `used` before).
std::uint64_t copy_regular_file(const fs::path& source, const fs::path& destination, bool follow,
                                std::uint64_t used, std::uint64_t max_bytes) {
  UniqueFd in(
      ::open(source.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW)));
  if (!in) {
    if (!follow && errno == ELOOP) return 0;  // a symlink: skipped
    throw_errno(fmt::format("cannot read {}", source.string()), errno);
  }
  struct stat st {};
  if (::fstat(in.get(), &st) != 0)
    throw_errno(fmt::format("cannot stat {}", source.string()), errno);
  if (!S_ISREG(st.st_mode)) return 0;
  const auto too_big = [&] {
    return std::runtime_error(fmt::format(
        "the submission is larger than the limit of {} bytes (at {})", max_bytes, source.string()));
  };
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes - used) throw too_big();

  const mode_t mode = (st.st_mode & 0777) | 0600;
  UniqueFd out(
      ::open(destination.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (!out) throw_errno(fmt::format("cannot create {}", destination.string()), errno);
  std::vector<char> buffer(1 << 16);
  std::uint64_t copied = 0;
  for (;;) {
    const ssize_t n = ::read(in.get(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_errno(fmt::format("cannot read {}", source.string()), errno);
    if (n == 0) break;
    copied += static_cast<std::uint64_t>(n);
    if (copied > max_bytes - used) throw too_big();
    for (ssize_t written = 0; written < n;) {
      const ssize_t w =
          ::write(out.get(), buffer.data() + written, static_cast<std::size_t>(n - written));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) throw_errno(fmt::format("cannot write {}", destination.string()), errno);
      written += w;
    }
  }
  if (::fchmod(out.get(), mode) != 0) {
    throw_errno(fmt::format("cannot chmod {}", destination.string()), errno);
  }
  return copied;
}

// Copies the contents of directory `source` into the existing directory `destination`, regular
// files and directories only. Returns the bytes copied; `used` is the running total.
std::uint64_t copy_tree(const fs::path& source, const fs::path& destination, std::uint64_t used,
                        std::uint64_t max_bytes) {
  std::uint64_t copied = 0;
  std::error_code ec;
  fs::directory_iterator it(source, ec);
  if (ec)
    throw std::runtime_error(fmt::format("cannot list {}: {}", source.string(), ec.message()));
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    const fs::file_status status = entry.symlink_status(ec);
    if (ec)
      throw std::runtime_error(
          fmt::format("cannot stat {}: {}", entry.path().string(), ec.message()));
    const fs::path target = destination / entry.path().filename();
    if (fs::is_directory(status)) {
      make_private_dir(target);
      if (::chmod(target.c_str(), 0755) != 0)
        throw_errno(fmt::format("cannot chmod {}", target.string()), errno);
      copied += copy_tree(entry.path(), target, used + copied, max_bytes);
    } else if (fs::is_regular_file(status)) {
      copied += copy_regular_file(entry.path(), target, /*follow=*/false, used + copied, max_bytes);
    }
    // Symlinks, FIFOs, sockets, devices: skipped.
  }
  if (ec)
    throw std::runtime_error(fmt::format("cannot list {}: {}", source.string(), ec.message()));
  return copied;
}

// Removes the entry `name` of the directory open as `parent`; appends failures to `error`.
void remove_entry(int parent, const char* name, const fs::path& shown, int depth,
                  std::string& error) {
  const auto fail = [&](const char* what, int err) {
    if (error.empty())
      error = fmt::format("cannot {} {}: {}", what, shown.string(), errno_text(err));
  };
  struct stat st {};
  if (::fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno != ENOENT) fail("stat", errno);
    return;
  }
  if (!S_ISDIR(st.st_mode)) {
    if (::unlinkat(parent, name, 0) != 0 && errno != ENOENT) fail("remove", errno);
    return;
  }
  if (depth > kMaxRemoveDepth) {
    fail("descend into", ELOOP);
    return;
  }
  // Give the directory back owner rwx (without following a symlink swapped in meanwhile:
  // glibc does this through an O_PATH descriptor), then open it without following either.
  if ((st.st_mode & 0700) != 0700) ::fchmodat(parent, name, 0700, AT_SYMLINK_NOFOLLOW);
  UniqueFd fd(::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    if (errno != ENOENT) fail("open", errno);  // ENOENT: another sweep removed it first
    return;
  }
  std::vector<std::string> names;
  {
    const int listing = ::dup(fd.get());
    DIR* dir = listing >= 0 ? ::fdopendir(listing) : nullptr;
    if (dir == nullptr) {
      if (listing >= 0) ::close(listing);
      fail("list", errno);
      return;
    }
    while (const dirent* entry = ::readdir(dir)) {
      const std::string_view entry_name = entry->d_name;
      if (entry_name != "." && entry_name != "..") names.emplace_back(entry_name);
    }
    ::closedir(dir);
  }
  for (const std::string& child : names) {
    remove_entry(fd.get(), child.c_str(), shown / child, depth + 1, error);
  }
  fd.reset();
  if (::unlinkat(parent, name, AT_REMOVEDIR) != 0 && errno != ENOENT) fail("remove", errno);
}

}  // namespace

std::string empty_directory(const fs::path& dir, mode_t mode, uid_t uid) {
  std::string error;
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) return fmt::format("cannot open {}: {}", dir.string(), errno_text(errno));
  // The student may have made it unreadable or unwritable (chmod 000 .).
  if (::fchmod(fd.get(), 0700) != 0) {
    return fmt::format("cannot chmod {}: {}", dir.string(), errno_text(errno));
  }
  std::vector<std::string> names;
  {
    const int listing = ::dup(fd.get());
    DIR* listed = listing >= 0 ? ::fdopendir(listing) : nullptr;
    if (listed == nullptr) {
      if (listing >= 0) ::close(listing);
      return fmt::format("cannot list {}: {}", dir.string(), errno_text(errno));
    }
    while (const dirent* entry = ::readdir(listed)) {
      const std::string_view name = entry->d_name;
      if (name != "." && name != "..") names.emplace_back(name);
    }
    ::closedir(listed);
  }
  for (const std::string& name : names) remove_entry(fd.get(), name.c_str(), dir / name, 1, error);
  if (::fchown(fd.get(), uid, uid) != 0 && error.empty()) {
    error = fmt::format("cannot chown {}: {}", dir.string(), errno_text(errno));
  }
  if (::fchmod(fd.get(), mode) != 0 && error.empty()) {
    error = fmt::format("cannot chmod {}: {}", dir.string(), errno_text(errno));
  }
  return error;
}

RunDirectory::RunDirectory(const fs::path& scratch_root, const std::string& tmpfs_options) {
  // The grader's pid in the name: a later grader removes the folder if this one was killed.
  std::string pattern = (scratch_root / run_folder_pattern()).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw_errno(fmt::format("cannot create a run directory under {}", scratch_root.string()),
                errno);
  }
  root_ = pattern;
  if (!tmpfs_options.empty()) {
    tmpfs_mounted_ =
        ::mount("tmpfs", root_.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, tmpfs_options.c_str()) == 0;
  }
  workdir_ = root_ / "box";
  io_dir_ = root_ / "io";
  try {
    make_private_dir(workdir_);
    make_private_dir(io_dir_);
  } catch (...) {
    remove_tree(root_);
    throw;
  }
}

RunDirectory::~RunDirectory() {
  if (!keep_) remove();
}

std::string RunDirectory::remove() {
  if (removed_) return "";
  removed_ = true;
  std::string problem;
  if (tmpfs_mounted_ && ::umount2(root_.c_str(), MNT_DETACH) != 0) {
    problem = fmt::format("could not unmount the run directory: {}",
                          std::error_code(errno, std::system_category()).message());
  }
  const std::string left = remove_tree(root_);
  return problem.empty() ? left : left.empty() ? problem : problem + "; " + left;
}

std::uint64_t copy_submission(const fs::path& submission, const fs::path& workdir,
                              std::uint64_t max_bytes) {
  if (submission.empty()) return 0;
  std::error_code ec;
  const fs::file_status status = fs::status(submission, ec);  // the top level may be a symlink
  if (ec || !fs::exists(status)) {
    throw std::runtime_error(fmt::format("cannot read the submission {}: {}", submission.string(),
                                         ec ? ec.message() : "No such file or directory"));
  }
  if (fs::is_directory(status)) return copy_tree(submission, workdir, 0, max_bytes);
  if (fs::is_regular_file(status)) {
    return copy_regular_file(submission, workdir / submission.filename(), /*follow=*/true, 0,
                             max_bytes);
  }
  throw std::runtime_error(
      fmt::format("the submission {} is neither a file nor a directory", submission.string()));
}

namespace {

// The place inside `workdir` where a support or written file goes: `destination` must be a
// relative path that stays inside; whatever is there already is removed (without following links)
// and the parent directories are created. `what` names the file's role in error messages.
fs::path prepare_destination(const fs::path& destination, const fs::path& workdir,
                             std::string_view what) {
  const fs::path relative = destination.lexically_normal();
  if (relative.empty() || relative.is_absolute() || relative == "." || *relative.begin() == "..") {
    throw std::runtime_error(
        fmt::format("{} destination {} must be a relative path inside the working directory", what,
                    destination.string()));
  }
  const fs::path target = workdir / relative;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(target, ec))) {
    const std::string error = remove_tree(target);
    if (!error.empty())
      throw std::runtime_error(fmt::format("cannot replace {}: {}", target.string(), error));
  }
  fs::create_directories(target.parent_path(), ec);
  if (ec) {
    throw std::runtime_error(
        fmt::format("cannot create {}: {}", target.parent_path().string(), ec.message()));
  }
  return target;
}

}  // namespace

void place_support_file(const PlacedFile& file, const fs::path& workdir) {
  const fs::path target = prepare_destination(file.destination, workdir, "support file");
  std::error_code ec;
  const fs::file_status status = fs::status(file.source, ec);
  if (ec || !fs::exists(status)) {
    throw std::runtime_error(fmt::format("cannot read the support file {}: {}",
                                         file.source.string(),
                                         ec ? ec.message() : "No such file or directory"));
  }
  constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();
  if (fs::is_directory(status)) {
    make_private_dir(target);
    if (::chmod(target.c_str(), 0755) != 0)
      throw_errno(fmt::format("cannot chmod {}", target.string()), errno);
    copy_tree(file.source, target, 0, kUnlimited);
  } else if (fs::is_regular_file(status)) {
    copy_regular_file(file.source, target, /*follow=*/true, 0, kUnlimited);
  } else {
    throw std::runtime_error(
        fmt::format("the support file {} is neither a file nor a directory", file.source.string()));
  }
}

void write_support_text(const WrittenFile& file, const fs::path& workdir) {
  const fs::path target = prepare_destination(file.destination, workdir, "written file");
  UniqueFd fd(::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!fd) throw_errno(fmt::format("cannot create {}", target.string()), errno);
  std::string_view rest = file.content;
  while (!rest.empty()) {
    const ssize_t written = ::write(fd.get(), rest.data(), rest.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) throw_errno(fmt::format("cannot write {}", target.string()), errno);
    rest.remove_prefix(static_cast<std::size_t>(written));
  }
}

std::string remove_tree(const fs::path& given) {
  const fs::path path = given.has_filename() ? given : given.parent_path();
  const fs::path parent_path = path.has_parent_path() ? path.parent_path() : fs::path(".");
  UniqueFd parent(::open(parent_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!parent) return fmt::format("cannot open {}: {}", parent_path.string(), errno_text(errno));
  std::string error;
  remove_entry(parent.get(), path.filename().c_str(), path, 0, error);
  return error;
}

std::vector<std::string> mounts_at_or_below(const std::filesystem::path& path) {
  std::vector<std::string> found;
  std::error_code error;
  const std::filesystem::path root = std::filesystem::weakly_canonical(path, error);
  if (error) return found;
  // /proc/self/mountinfo: field 5 is the mount point (octal escapes for spaces and the like).
  std::ifstream mounts("/proc/self/mountinfo");
  std::string line;
  const std::string prefix = root.string() + "/";
  while (std::getline(mounts, line)) {
    std::istringstream fields(line);
    std::string point;
    for (int i = 0; i < 5 && fields >> point; ++i) {
    }
    std::string unescaped;
    for (std::size_t i = 0; i < point.size(); ++i) {
      if (point[i] == '\\' && i + 3 < point.size()) {
        unescaped += static_cast<char>(std::stoi(point.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else {
        unescaped += point[i];
      }
    }
    if (unescaped == root.string() || unescaped.starts_with(prefix)) found.push_back(unescaped);
  }
  std::sort(found.begin(), found.end(), [](const std::string& a, const std::string& b) {
    return a.size() > b.size();  // deepest first
  });
  return found;
}

std::string remove_stale_scratch(const std::filesystem::path& scratch_root) {
  std::error_code error;
  const std::filesystem::path root = std::filesystem::weakly_canonical(scratch_root, error);
  if (error || !std::filesystem::exists(root, error)) return "";
  for (const std::string& point : mounts_at_or_below(root)) ::umount2(point.c_str(), MNT_DETACH);
  return remove_tree(root);
}

}  // namespace sg
