// Additive disjoint pattern databases (Korf and Felner 2002; Felner, Korf and Hanan 2004) for
// bounded sliding-tile puzzles with one blank and distinct tiles: the tiles are split into
// disjoint groups (patterns); for each group a table holds, for every placement of the group's
// tiles, the fewest moves OF THOSE TILES that bring them to their goal cells while the other
// tiles are indistinguishable and their moves are free. A move moves one tile, so it counts in at
// most one group: the groups' values add up to an admissible heuristic, far stronger than the
// Manhattan distance (on Korf's 15-puzzles, 6-6-3 groups cut the nodes IDA* expands some 300-fold).
//
// A table is built by one breadth-first search from the goal over (group placement, blank cell),
// where a move of a group tile costs 1 and any other move 0 (a 0-1 BFS), then minimised over the
// blank's cell. Building the 6-tile tables of the 4x4 puzzle takes about a minute; they are kept as
// bytes (serialize/deserialize, with a checksum) by whoever stores them. No I/O here.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/huge_page_allocator.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// The largest group a table may hold (its table has cells!/(cells-k)! bytes). Its build keeps a
/// byte per (placement, blank cell) and may take at most 2 GiB: on 16 cells, 7 tiles.
inline constexpr int kMaxPatternTiles = 8;

/// Disjoint pattern databases for one puzzle and one partition of its tiles.
class PatternDatabase {
 public:
  /// Builds the tables. `groups`: disjoint sets of tile values that together hold every tile of
  /// the goal (not the blank). `progress` (may be empty) is told each group's tiles before its
  /// table is built, e.g. to say that a build is under way. Errors: std::invalid_argument unless
  /// the puzzle is bounded with one blank and distinct tiles, at most 16 cells, and the groups
  /// are such a partition of at most kMaxPatternTiles tiles each, each built in at most 2 GiB.
  PatternDatabase(const TilePuzzle& puzzle, std::vector<std::vector<int>> groups,
                  const std::function<void(const std::vector<int>& group)>& progress = {});

  /// The sum of the groups' values for `state` (a valid board of the puzzle): an admissible
  /// estimate of the moves to the goal. Not always consistent: a table forgets where the blank is,
  /// and one move can wall it in (pattern_database_test.cc shows a move that drops h by 5).
  int evaluate(const Tiles& state) const;

  /// The puzzle's shape and the groups, as built.
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const Tiles& goal() const { return goal_; }
  const std::vector<std::vector<int>>& groups() const { return groups_; }

  /// The table of group `g`, indexed by rank_placement() of its tiles' cells (in the group's
  /// order).
  using Table = std::vector<std::uint8_t, HugePageAllocator<std::uint8_t>>;
  const Table& table(std::size_t g) const { return tables_[g]; }

  /// The rank of a placement of k distinct cells out of `cells` (in order): a number below
  /// cells!/(cells-k)!, k at most kMaxPatternTiles + 1. Inline and unrolled per k: IDA* ranks
  /// a placement for every node it generates.
  static std::uint32_t rank_placement(const int* placement, int k, int cells) {
    switch (k) {
      case 1:
        return rank_fixed<1>(placement, cells);
      case 2:
        return rank_fixed<2>(placement, cells);
      case 3:
        return rank_fixed<3>(placement, cells);
      case 4:
        return rank_fixed<4>(placement, cells);
      case 5:
        return rank_fixed<5>(placement, cells);
      case 6:
        return rank_fixed<6>(placement, cells);
      case 7:
        return rank_fixed<7>(placement, cells);
      case 8:
        return rank_fixed<8>(placement, cells);
      default:
        return rank_fixed<kMaxPatternTiles + 1>(placement, cells);
    }
  }

  /// rank_placement for a k known at compile time: each cell counts the earlier cells below it
  /// (k(k-1)/2 comparisons, no loop-carried bit counting).
  template <int K>
  static std::uint32_t rank_fixed(const int* placement, int cells) {
    std::uint32_t rank = 0;
    for (int i = 0; i < K; ++i) {
      std::uint32_t below = 0;
      for (int j = 0; j < i; ++j) below += placement[j] < placement[i] ? 1u : 0u;
      rank = rank * static_cast<std::uint32_t>(cells - i) +
             (static_cast<std::uint32_t>(placement[i]) - below);
    }
    return rank;
  }

  /// The tables and what they were built for, as bytes: a header, the tables, and a 64-bit
  /// checksum (FNV-1a) of everything before it.
  std::string serialize() const;
  /// The inverse of serialize(); nullopt when the bytes are damaged (checksum, length, header)
  /// or were built for another puzzle or partition than `puzzle` and `groups`.
  static std::optional<PatternDatabase> deserialize(std::string_view bytes,
                                                    const TilePuzzle& puzzle,
                                                    const std::vector<std::vector<int>>& groups);

  /// The first line of serialize()'s bytes: the format, the puzzle and the partition. Two sets
  /// with the same header hold the same tables (a store may key files by it).
  static std::string header(const TilePuzzle& puzzle, const std::vector<std::vector<int>>& groups);
  /// The 64-bit FNV-1a hash serialize() uses as its checksum.
  static std::uint64_t checksum(std::string_view bytes);

  /// Bytes of all tables together.
  std::uint64_t table_bytes() const;

 private:
  PatternDatabase() = default;
  void build_group(std::size_t g);

  int rows_ = 0;
  int cols_ = 0;
  Tiles goal_;
  std::vector<std::vector<int>> groups_;
  std::vector<int> goal_cell_of_;  // by tile value
  std::vector<Table> tables_;
};

/// The 6-6-3 partition of the 15-puzzle with its blank in the top-left corner (goal 0 1 ... 15)
/// that this project uses: {1, 2, 3}, {4, 5, 8, 9, 12, 13}, {6, 7, 10, 11, 14, 15}.
std::vector<std::vector<int>> fifteen_puzzle_groups();

}  // namespace sg::ref
