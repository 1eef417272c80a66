#include "batch/submission_hash.h"

#include <fmt/format.h>
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>

#include "spec/sha256.h"

namespace sg {

namespace fs = std::filesystem;

namespace {

// SHA-256 of a file's bytes, read in 64 KiB blocks (a hostile submission may hold huge files).
std::string file_sha256_hex(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot read", file.string()));
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  &EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 computation failed (OpenSSL)");
  std::array<char, 64 * 1024> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    const auto n = static_cast<std::size_t>(in.gcount());
    if (n > 0 && EVP_DigestUpdate(context.get(), buffer.data(), n) != 1)
      throw std::runtime_error("SHA-256 computation failed (OpenSSL)");
  }
  if (in.bad()) throw std::runtime_error(fmt::format("{}: cannot read", file.string()));
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1)
    throw std::runtime_error("SHA-256 computation failed (OpenSSL)");
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
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
    lines.push_back(hash_line("file", submission.filename().string(), file_sha256_hex(submission)));
  } else if (fs::is_directory(submission)) {
    for (auto it = fs::recursive_directory_iterator(submission);
         it != fs::recursive_directory_iterator(); ++it) {
      const fs::path relative = it->path().lexically_relative(submission);
      const auto status = it->symlink_status();
      if (fs::is_symlink(status)) {
        lines.push_back(hash_line("link", relative.generic_string(),
                                  fs::read_symlink(it->path()).generic_string()));
      } else if (fs::is_regular_file(status)) {
        lines.push_back(hash_line("file", relative.generic_string(), file_sha256_hex(it->path())));
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
