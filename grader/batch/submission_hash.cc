#include "batch/submission_hash.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "spec/sha256.h"

namespace sg {

namespace fs = std::filesystem;

namespace {

std::string read_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot read", file.string()));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return std::move(bytes).str();
}

// "<kind> <name>\0<value>\n": NUL cannot occur in a file name, so lines never run together.
std::string hash_line(const char* kind, const std::string& name, const std::string& value) {
  std::string line(kind);
  line.append(" ").append(name);
  line.push_back('\0');
  line.append(value).append("\n");
  return line;
}

}  // namespace

std::string submission_content_hash(const fs::path& submission) {
  // Each file contributes "<kind> <relative path>\0<sha256 of its bytes>\n"; the list is sorted
  // so the order the file system lists entries in does not matter.
  std::vector<std::string> lines;
  if (fs::is_regular_file(fs::symlink_status(submission))) {
    lines.push_back(
        hash_line("file", submission.filename().string(), sha256_hex(read_bytes(submission))));
  } else if (fs::is_directory(submission)) {
    for (auto it = fs::recursive_directory_iterator(submission);
         it != fs::recursive_directory_iterator(); ++it) {
      const fs::path relative = it->path().lexically_relative(submission);
      const auto status = it->symlink_status();
      if (fs::is_symlink(status)) {
        lines.push_back(hash_line("link", relative.generic_string(),
                                  fs::read_symlink(it->path()).generic_string()));
      } else if (fs::is_regular_file(status)) {
        lines.push_back(
            hash_line("file", relative.generic_string(), sha256_hex(read_bytes(it->path()))));
      }
    }
  } else {
    throw std::runtime_error(fmt::format("{}: no such submission", submission.string()));
  }
  std::sort(lines.begin(), lines.end());
  std::string all;
  for (const auto& line : lines) all += line;
  return sha256_hex(all);
}

}  // namespace sg
