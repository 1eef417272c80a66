#include "cli/progress_line.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace sg {

ProgressLine::ProgressLine(std::FILE* stream, Mode mode) : stream_(stream) {
  const int fd = fileno(stream);
  terminal_ = mode == Mode::automatic && isatty(fd) == 1;
  lines_ = mode == Mode::lines;
  winsize size{};
  if (terminal_ && ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 10) width_ = size.ws_col;
}

void ProgressLine::update(const std::string& text) {
  if (lines_) {
    fmt::print(stream_, "{}\n", text);
    std::fflush(stream_);
    return;
  }
  if (!terminal_) return;
  // Elide the middle so the line never wraps (a wrapped line cannot be rewritten in place).
  std::string shown = text;
  if (shown.size() >= width_) {
    const std::size_t keep = width_ - 4;
    shown = shown.substr(0, keep / 2) + "..." + shown.substr(shown.size() - (keep - keep / 2));
  }
  fmt::print(stream_, "\r\033[K{}", shown);
  std::fflush(stream_);
  dirty_ = true;
}

void ProgressLine::finish() {
  if (terminal_ && dirty_) {
    fmt::print(stream_, "\r\033[K");
    std::fflush(stream_);
    dirty_ = false;
  }
}

}  // namespace sg
