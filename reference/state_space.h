// Whole state spaces of small sliding-tile puzzles: every board reachable from the goal, with its
// distance (the fewest moves to the goal, h*), by one breadth-first search from the goal. For the
// 8-puzzle that is 181,440 boards with a largest distance of 31; for the torus 8-puzzle all 9!
// boards; for the 3x3 puzzle with two blanks all 9!/2 boards. They serve as oracles (an optimal
// path's length, an admissible heuristic's bound) wherever a board's space is small enough.
//
// The boards may have any number of blanks (0) and repeated tile values. A move slides one tile
// into an adjacent empty cell (so every blank moves, one at a time); a blank never swaps with a
// blank (that would leave the board unchanged). On a torus, rows and columns wrap around. Every
// move is reversible, so the distances from the goal are the distances to it.
//
// Boards are stored as ranks: the index of the board among all arrangements of the goal's
// multiset of values (the multinomial number of them must fit the table: see kMaxArrangements).
// No I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "reference/admissibility.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// The largest number of arrangements of a board's values StateSpace tables (one byte each).
inline constexpr std::uint64_t kMaxArrangements = std::uint64_t{1} << 31;

/// A board shape and goal to enumerate: rows x cols, row-major; any number of blanks (0).
struct BoardSpace {
  int rows = 3;
  int cols = 3;
  Topology topology = Topology::bounded;
  Tiles goal;
};

/// Every board reachable from a goal, with its distance. Immutable once built.
class StateSpace {
 public:
  /// Enumerates `space` by breadth-first search from its goal. Errors: std::invalid_argument
  /// when the goal has no blank, rows or cols < 1, goal.size() != rows * cols, more than 16
  /// distinct values, or more arrangements than kMaxArrangements.
  explicit StateSpace(BoardSpace space);

  /// Boards reachable from the goal (the goal included).
  std::uint64_t size() const { return reachable_; }
  /// All arrangements of the goal's values (reachable or not): the table's length.
  std::uint64_t arrangements() const { return arrangements_; }
  /// The largest distance of a reachable board.
  int diameter() const { return static_cast<int>(by_distance_.size()) - 1; }
  /// How many boards lie at each distance, from 0 (the goal) to diameter().
  const std::vector<std::uint64_t>& boards_by_distance() const { return by_distance_; }

  /// The fewest moves from `board` to the goal; nullopt when the goal cannot be reached from it
  /// or it is not an arrangement of the goal's values (wrong size, other values).
  std::optional<int> distance(const Tiles& board) const;

  /// The distance of the board of rank `rank` (< arrangements()), nullopt when it is not
  /// reachable: the table read without making the board.
  std::optional<int> distance_of_rank(std::uint64_t rank) const {
    if (distance_[rank] == kUnreached) return std::nullopt;
    return distance_[rank];
  }

  /// The rank of `board` among the arrangements (the table's index); nullopt as for distance.
  std::optional<std::uint64_t> rank(const Tiles& board) const;
  /// The board of a rank (< arrangements()).
  Tiles unrank(std::uint64_t rank) const;

  const BoardSpace& space() const { return space_; }

  /// Every reachable board as a state (ref::tiles_state's text), with its successors (cost 1
  /// each) and its distance as h*: what heuristic judgements need, without a Problem's text
  /// round trips. Boards in rank order. Errors: std::invalid_argument with more than 2^26
  /// arrangements (the index is one int per arrangement).
  CostToGoal cost_to_goal() const;

 private:
  static constexpr std::uint8_t kUnreached = 0xff;
  // Boards packed as 4 bits a cell holding the value's index among the distinct values.
  using Packed = std::uint64_t;
  std::uint64_t rank_packed(Packed board) const;
  Packed pack(const Tiles& board) const;  // assumes a valid arrangement

  BoardSpace space_;
  int cells_ = 0;
  std::vector<int> values_;        // the distinct values, ascending (0 first)
  std::vector<int> value_counts_;  // how often each occurs in the goal
  std::vector<std::uint64_t> factorial_;
  std::vector<std::vector<int>> neighbours_;  // per cell: the cells a tile there can slide to
  std::uint64_t arrangements_ = 0;
  std::uint64_t reachable_ = 0;
  std::vector<std::uint8_t> distance_;  // by rank; kUnreached when not reached
  std::vector<std::uint64_t> by_distance_;
};

}  // namespace sg::ref
