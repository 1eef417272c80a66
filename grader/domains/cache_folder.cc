#include "domains/cache_folder.h"

#include <cstdlib>

namespace sg {

std::filesystem::path cache_folder(std::string_view what) {
  namespace fs = std::filesystem;
  if (const char* dir = std::getenv("SEARCHGRADER_CACHE_DIR"); dir != nullptr && *dir != '\0')
    return fs::path(dir) / what;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
    return fs::path(xdg) / "searchgrader" / what;
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return fs::path(home) / ".cache" / "searchgrader" / what;
  return fs::path("/tmp/searchgrader-cache") / what;
}

}  // namespace sg
