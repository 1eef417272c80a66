// Pattern databases kept on disk (reference/pattern_database.h): building the 15-puzzle's 6-6-3
// tables takes tens of seconds, so each set is built once per machine and goal, stored with its
// checksum in a cache folder, and loaded from there afterwards; a missing or damaged file (a
// checksum or header that does not match) is rebuilt, saying so while it builds. Loaded sets are
// kept for the life of the process and shared between threads.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "reference/pattern_database.h"

namespace sg {

/// Where pattern databases are cached: $SEARCHGRADER_CACHE_DIR/pattern-databases, else
/// $XDG_CACHE_HOME/searchgrader/pattern-databases, else ~/.cache/searchgrader/pattern-databases,
/// else /tmp/searchgrader-cache/pattern-databases.
std::filesystem::path default_pattern_database_dir();

/// The 6-6-3 groups for a bounded 4x4 puzzle with one blank and distinct tiles: the 15-puzzle
/// partition of reference/pattern_database.h turned (by a symmetry of the square) so the blank's
/// goal cell takes the corner's place, or, with the blank's goal cell not in a corner, the tiles
/// in goal-cell order cut into 6, 6 and 3.
std::vector<std::vector<int>> groups_for_four_by_four(const ref::TilePuzzle& puzzle);

/// Pattern databases in one cache folder. Thread-safe: one build at a time.
class PatternDatabaseStore {
 public:
  /// `progress` (may be null) is told when a set is built (which groups, how long) or rebuilt.
  PatternDatabaseStore(std::filesystem::path directory, std::ostream* progress);

  /// The databases of `puzzle` with `groups`: from this store's memory, else from its folder
  /// (created if missing), else built and written there atomically. A file that cannot be
  /// written costs only the next process a rebuild (said to `progress`). Throws
  /// std::invalid_argument as PatternDatabase's constructor.
  std::shared_ptr<const ref::PatternDatabase> get(const ref::TilePuzzle& puzzle,
                                                  const std::vector<std::vector<int>>& groups);

  /// The file a set is kept in.
  std::filesystem::path file_of(const ref::TilePuzzle& puzzle,
                                const std::vector<std::vector<int>>& groups) const;

 private:
  std::filesystem::path directory_;
  std::ostream* progress_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const ref::PatternDatabase>> loaded_;
};

/// The process's store in default_pattern_database_dir(), telling builds on stderr.
PatternDatabaseStore& default_pattern_database_store();

}  // namespace sg
