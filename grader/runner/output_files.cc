#include "runner/output_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>

#include "runner/system_calls.h"
#include "runner/unique_fd.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// What stands at a path that is not a regular file, in feedback's words.
std::string kind_text(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "not a regular file";
}

OutputFile read_one(const fs::path& relative, const fs::path& workdir, std::uint64_t limit) {
  OutputFile file;
  file.path = relative.string();
  UniqueFd dir(::open(workdir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dir) {
    file.kind = OutputFile::Kind::other;
    file.other = fmt::format("the working directory could not be opened: {}", errno_text(errno));
    return file;
  }
  const fs::path normal = relative.lexically_normal();
  const fs::path name = normal.filename();
  // Each folder on the way opened without following a link the student may have put there.
  for (const fs::path& part : normal.parent_path()) {
    UniqueFd next(::openat(dir.get(), part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!next) {
      const int error = errno;
      if (error == ENOENT) return file;  // absent
      file.kind = OutputFile::Kind::other;
      file.other = error == ENOTDIR || error == ELOOP
                       ? fmt::format("its folder {} is not a directory", part.string())
                       : fmt::format("its folder {} could not be opened: {}", part.string(),
                                     errno_text(error));
      return file;
    }
    dir = std::move(next);
  }
  struct stat status {};
  if (::fstatat(dir.get(), name.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return file;
    file.kind = OutputFile::Kind::other;
    file.other = fmt::format("it could not be examined: {}", errno_text(errno));
    return file;
  }
  file.kind = OutputFile::Kind::other;
  if (!S_ISREG(status.st_mode)) {
    file.other = kind_text(status.st_mode);
    return file;
  }
  // O_NONBLOCK and the check after opening: what was swapped in meanwhile is not waited on.
  UniqueFd fd(::openat(dir.get(), name.c_str(),
                       O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!fd || ::fstat(fd.get(), &status) != 0 || !S_ISREG(status.st_mode)) {
    file.other = fd ? kind_text(status.st_mode)
                    : fmt::format("it could not be opened: {}", errno_text(errno));
    return file;
  }
  file.kind = OutputFile::Kind::regular;
  file.content.total_bytes = static_cast<std::uint64_t>(status.st_size);
  file.content.truncated = file.content.total_bytes > limit;
  const std::uint64_t wanted = std::min(file.content.total_bytes, limit);
  file.content.data.resize(wanted);
  std::uint64_t got = 0;
  while (got < wanted) {
    const ssize_t n = ::read(fd.get(), file.content.data.data() + got, wanted - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::uint64_t>(n);
  }
  file.content.data.resize(got);
  return file;
}

}  // namespace

void check_output_file_path(const fs::path& path) {
  const fs::path normal = path.lexically_normal();
  if (normal.empty() || normal.is_absolute() || normal == "." || !normal.has_filename() ||
      *normal.begin() == "..")
    throw std::invalid_argument(fmt::format(
        "output file {} must be a relative path inside the working directory", path.string()));
}

void clear_output_files(const std::vector<fs::path>& files, const fs::path& workdir) {
  for (const fs::path& path : files) {
    check_output_file_path(path);
    const fs::path target = workdir / path.lexically_normal();
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(target, ec))) continue;
    const std::string error = remove_tree(target);
    if (!error.empty())
      throw std::runtime_error(
          fmt::format("cannot clear the output file {}: {}", path.string(), error));
  }
}

std::vector<OutputFile> read_output_files(const std::vector<fs::path>& files,
                                          const fs::path& workdir, std::uint64_t limit) {
  std::vector<OutputFile> read;
  for (const fs::path& path : files) read.push_back(read_one(path, workdir, limit));
  return read;
}

}  // namespace sg
