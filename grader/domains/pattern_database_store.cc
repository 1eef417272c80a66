#include "domains/pattern_database_store.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>

#include "domains/cache_folder.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The eight symmetries of a 4x4 square, as cell maps.
std::array<std::array<int, 16>, 8> square_symmetries() {
  std::array<std::array<int, 16>, 8> maps{};
  for (int s = 0; s < 8; ++s) {
    for (int cell = 0; cell < 16; ++cell) {
      int r = cell / 4, c = cell % 4;
      if (s & 1) std::swap(r, c);
      if (s & 2) r = 3 - r;
      if (s & 4) c = 3 - c;
      maps[s][cell] = r * 4 + c;
    }
  }
  return maps;
}

}  // namespace

fs::path default_pattern_database_dir() { return cache_folder("pattern-databases"); }

std::vector<std::vector<int>> groups_for_four_by_four(const ref::TilePuzzle& puzzle) {
  const ref::Tiles& goal = puzzle.goal();
  const int blank = static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  // The groups by goal cell for the blank in cell 0 (the 15-puzzle's).
  const std::vector<std::vector<int>> cells = ref::fifteen_puzzle_groups();
  for (const auto& map : square_symmetries()) {
    if (map[0] != blank) continue;
    std::vector<std::vector<int>> groups;
    for (const auto& group : cells) {
      std::vector<int> tiles;
      for (const int cell : group) tiles.push_back(goal[static_cast<std::size_t>(map[cell])]);
      groups.push_back(tiles);
    }
    return groups;
  }
  std::vector<std::vector<int>> groups(3);
  int placed = 0;
  for (const int tile : goal) {
    if (tile == 0) continue;
    groups[placed < 6 ? 0 : placed < 12 ? 1 : 2].push_back(tile);
    ++placed;
  }
  return groups;
}

PatternDatabaseStore::PatternDatabaseStore(fs::path directory, std::ostream* progress)
    : directory_(std::move(directory)), progress_(progress) {}

fs::path PatternDatabaseStore::file_of(const ref::TilePuzzle& puzzle,
                                       const std::vector<std::vector<int>>& groups) const {
  return directory_ /
         fmt::format("pdb-{:016x}.bin",
                     ref::PatternDatabase::checksum(ref::PatternDatabase::header(puzzle, groups)));
}

std::shared_ptr<const ref::PatternDatabase> PatternDatabaseStore::get(
    const ref::TilePuzzle& puzzle, const std::vector<std::vector<int>>& groups) {
  const std::string key = ref::PatternDatabase::header(puzzle, groups);
  const std::lock_guard lock(mutex_);  // one build at a time: each takes the memory of many
  if (const auto found = loaded_.find(key); found != loaded_.end()) return found->second;

  const fs::path file = file_of(puzzle, groups);
  const std::string bytes = read_file(file);
  if (!bytes.empty()) {
    if (auto database = ref::PatternDatabase::deserialize(bytes, puzzle, groups)) {
      auto shared = std::make_shared<const ref::PatternDatabase>(std::move(*database));
      loaded_.emplace(key, shared);
      return shared;
    }
    if (progress_ != nullptr)
      *progress_ << fmt::format(
          "searchgrader: {} is damaged or from another build; rebuilding it\n", file.string());
  }
  const auto started = std::chrono::steady_clock::now();
  if (progress_ != nullptr) {
    *progress_ << fmt::format(
                      "searchgrader: building pattern databases for the {}x{} puzzle (tile groups "
                      "{}), once for this machine, into {}\n",
                      puzzle.rows(), puzzle.cols(), fmt::join(groups, " "), directory_.string())
               << std::flush;
  }
  std::ostream* progress = progress_;
  auto shared = std::make_shared<const ref::PatternDatabase>(
      puzzle, groups, [progress](const std::vector<int>& group) {
        if (progress != nullptr)
          *progress << fmt::format("searchgrader:   tiles {}\n", fmt::join(group, " "))
                    << std::flush;
      });
  if (progress_ != nullptr) {
    *progress_ << fmt::format(
        "searchgrader: built in {:.1f} s ({} MiB)\n",
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
        shared->table_bytes() >> 20);
  }
  std::error_code error;
  fs::create_directories(directory_, error);
  const fs::path temporary = file.string() + fmt::format(".{}.tmp", ::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    const std::string serialized = shared->serialize();
    out.write(serialized.data(), static_cast<std::streamsize>(serialized.size()));
  }
  fs::rename(temporary, file, error);
  if (error) {
    fs::remove(temporary, error);
    if (progress_ != nullptr)
      *progress_ << fmt::format(
          "searchgrader: could not keep {} ({}); the next run builds it again\n", file.string(),
          error.message());
  }
  loaded_.emplace(key, shared);
  return shared;
}

PatternDatabaseStore& default_pattern_database_store() {
  static PatternDatabaseStore store(default_pattern_database_dir(), &std::cerr);
  return store;
}

}  // namespace sg
