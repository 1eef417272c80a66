#include "cli/install_paths.h"

#include <cstdlib>

namespace sg {

namespace fs = std::filesystem;

std::optional<fs::path> executable_path() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) return std::nullopt;
  return self;
}

std::optional<fs::path> data_dir() {
  const auto self = executable_path();
  if (!self) return std::nullopt;
  const fs::path bin = self->parent_path();
  for (const fs::path& candidate :
       {bin / "share" / "searchgrader", bin.parent_path() / "share" / "searchgrader"}) {
    std::error_code error;
    if (fs::is_directory(candidate, error)) return candidate.lexically_normal();
  }
  return std::nullopt;
}

fs::path default_driver_dir() {
  if (const char* dir = std::getenv("SEARCHGRADER_DRIVER_DIR")) return dir;
  if (const auto data = data_dir()) return *data / "drivers";
  return {};
}

fs::path default_source_dir() {
  if (const char* dir = std::getenv("SEARCHGRADER_SOURCE_DIR")) return dir;
  if (const auto data = data_dir()) return *data / "source";
  return {};
}

}  // namespace sg
