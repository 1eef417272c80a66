#include "runner/in_process_streams.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

#include "runner/system_calls.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

void give(const fs::path& path, std::optional<uid_t> box_uid) {
  if (box_uid && ::lchown(path.c_str(), *box_uid, *box_uid) != 0)
    throw std::runtime_error(
        fmt::format("cannot give {} to the box's user: {}", path.string(), errno_text(errno)));
}

UniqueFd fifo(const fs::path& path, std::optional<uid_t> box_uid) {
  ::unlink(path.c_str());
  if (::mkfifo(path.c_str(), 0600) != 0)
    throw std::runtime_error(
        fmt::format("cannot make the FIFO {}: {}", path.string(), errno_text(errno)));
  give(path, box_uid);
  // Opened before the server opens it for writing, so its open never waits; reads see no end of
  // file until a writer has come and gone.
  UniqueFd read(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (!read)
    throw std::runtime_error(
        fmt::format("cannot open the FIFO {}: {}", path.string(), errno_text(errno)));
  return above_stdio(read.release());
}

}  // namespace

InProcessStreams make_in_process_streams(const fs::path& workdir, const std::string& request,
                                         std::optional<uid_t> box_uid) {
  write_support_text({InProcessStreams::kStdin, request}, workdir);
  give(workdir / InProcessStreams::kStdin, box_uid);
  InProcessStreams streams;
  streams.stdout_read = fifo(workdir / InProcessStreams::kStdout, box_uid);
  streams.stderr_read = fifo(workdir / InProcessStreams::kStderr, box_uid);
  return streams;
}

}  // namespace sg
