#include "cli/grader_build.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli/install_paths.h"
#include "spec/sha256.h"

namespace sg {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

std::string grader_build_version(const fs::path& driver_dir) {
  const auto self = executable_path();
  const auto binary = self ? read_bytes(*self) : std::nullopt;
  if (!binary) return SG_VERSION;
  std::string digest = sha256_hex(*binary);
  std::vector<fs::path> drivers;
  std::error_code error;
  for (fs::directory_iterator it(driver_dir, error), end; !error && it != end; it.increment(error))
    if (it->is_regular_file(error)) drivers.push_back(it->path());
  std::sort(drivers.begin(), drivers.end());
  for (const fs::path& driver : drivers) {
    const auto bytes = read_bytes(driver);
    digest.append("\n").append(driver.filename().string()).append("\n");
    if (bytes) digest.append(sha256_hex(*bytes));
  }
  return fmt::format("{}+{}", SG_VERSION, sha256_hex(digest).substr(0, 12));
}

}  // namespace sg
