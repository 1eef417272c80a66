#include "batch/canvas_filename.h"

#include <regex>

namespace sg {

std::optional<CanvasFileName> parse_canvas_file_name(const std::string& file_name) {
  // name [_LATE] _userid [_submissionid] _original
  static const std::regex pattern(R"(^([^_]+)_(?:(LATE|late)_)?(\d+)_(?:(\d+)_)?(.+)$)");
  std::smatch match;
  if (!std::regex_match(file_name, match, pattern)) return std::nullopt;
  CanvasFileName parsed;
  parsed.name = match[1];
  parsed.late = match[2].matched;
  parsed.user_id = match[3];
  parsed.submission_id = match[4].matched ? std::string(match[4]) : std::string();
  parsed.original = match[5];
  // Canvas appends "-N" before the extension of a re-uploaded file: torus_puzzle-1.py.
  static const std::regex reupload(R"(^(.+)-\d+(\.[A-Za-z0-9]+)$)");
  std::smatch suffix;
  if (std::regex_match(parsed.original, suffix, reupload))
    parsed.original = std::string(suffix[1]) + std::string(suffix[2]);
  return parsed;
}

}  // namespace sg
