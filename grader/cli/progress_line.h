// A one-line progress display for long runs: on a terminal it rewrites itself in place
// ("[12/37] solve([8, 7, 6, ...]) accepted 1.9 s"); elsewhere it stays silent unless asked to
// print plain lines, so logs and CI output stay clean.
#pragma once

#include <cstdio>
#include <string>

namespace sg {

class ProgressLine {
 public:
  enum class Mode { automatic, lines, off };

  /// Writes to `stream` (usually stderr). `automatic` = rewrite in place on a terminal, off
  /// otherwise.
  explicit ProgressLine(std::FILE* stream, Mode mode = Mode::automatic);

  /// Shows `text` as the current status.
  void update(const std::string& text);

  /// Clears the status line (terminal mode) before other output is printed.
  void finish();

 private:
  std::FILE* stream_;
  bool terminal_ = false;
  bool lines_ = false;
  std::size_t width_ = 80;
  bool dirty_ = false;
};

}  // namespace sg
