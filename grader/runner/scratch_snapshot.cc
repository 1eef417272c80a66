#include "runner/scratch_snapshot.h"

#include <sys/stat.h>

#include <system_error>

#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// Calls `visit(path, inode)` for each top-level entry of `dir` owned by `owner` (any owner
// without one).
template <typename Visit>
void for_each_entry(const fs::path& dir, const std::optional<uid_t>& owner, Visit visit) {
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0) continue;
    if (owner && st.st_uid != *owner) continue;
    visit(it->path(), st.st_ino);
  }
}

}  // namespace

ScratchSnapshot::ScratchSnapshot(std::vector<fs::path> dirs, std::optional<uid_t> owner)
    : dirs_(std::move(dirs)), owner_(owner) {
  for (const fs::path& dir : dirs_) {
    for_each_entry(dir, owner_, [this](const fs::path& path, ino_t inode) {
      recorded_.insert({path.string(), inode});
    });
  }
}

std::string ScratchSnapshot::remove_new() const {
  std::string problems;
  for (const fs::path& dir : dirs_) {
    std::vector<fs::path> added;
    for_each_entry(dir, owner_, [&](const fs::path& path, ino_t inode) {
      if (recorded_.count({path.string(), inode}) == 0) added.push_back(path);
    });
    for (const fs::path& path : added) {
      const std::string problem = remove_tree(path);
      if (problem.empty()) continue;
      if (!problems.empty()) problems += "; ";
      problems += problem;
    }
  }
  return problems;
}

}  // namespace sg
