// Sliding-tile puzzles: the search problem behind the 8-puzzle and its variants.
//
// A state is a rows x cols board stored row-major in a flat vector; 0 is a blank and every other
// value is a tile. Tiles form a MULTISET: values may repeat (a 3x4 puzzle may have two 9s), and a
// board has one blank or more (the "7-tile puzzle" has two). An action moves A BLANK one cell up,
// down, left or right, swapping it with the tile there (so "blank moves up" = "the tile above
// slides down"); two blanks never swap (that would change nothing). Every action costs 1.
//
// Two topologies:
//   - bounded: the classic puzzle; the blank cannot leave the board.
//   - torus:   rows and columns are rings; a blank leaving one edge re-enters on the opposite edge
//              (the "Torus 8-Puzzle" assignment). On a torus some moves coincide: with 2 rows, up
//              and down reach the same cell; with 1 row, up and down leave the blank where it is.
//              Successor generation reports each distinct successor state once.
//
// In textbook terms (AIMA's Problem): the goal is fixed per puzzle, actions(s) are the legal blank
// moves, result(s, a) is `result`, the goal test is `is_goal`, and the step cost is 1.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sg::ref {

/// A board, row-major: element r * cols + c is the cell at row r, column c (both 0-based);
/// 0 is the blank, any other value a tile. Size is rows * cols of the puzzle it belongs to.
using Tiles = std::vector<int>;

/// A hash for `Tiles`, so states can key `std::unordered_map` / `std::unordered_set`.
struct TilesHash {
  /// Mixes every cell value; equal boards hash equally.
  std::size_t operator()(const Tiles& tiles) const noexcept;
};

/// How the board's edges behave: `bounded` (the blank stops at the edge) or `torus` (rows and
/// columns wrap around).
enum class Topology { bounded, torus };

/// The direction the BLANK moves (the tile it swaps with moves the opposite way).
enum class BlankMove { up, down, left, right };

/// All four moves in the conventional order up, down, left, right.
inline constexpr BlankMove kAllBlankMoves[] = {BlankMove::up, BlankMove::down, BlankMove::left,
                                               BlankMove::right};

/// The move that undoes `move` (up <-> down, left <-> right); also the direction the tile moves.
BlankMove reverse(BlankMove move);

/// "up", "down", "left" or "right".
std::string to_string(BlankMove move);

/// Parses "up", "down", "left" or "right" (exactly, lower case); nullopt for anything else.
std::optional<BlankMove> parse_blank_move(std::string_view text);

/// One generated successor: the blank move that produced it and the resulting state.
struct Successor {
  BlankMove move;              ///< The blank move applied to the parent.
  Tiles state;                 ///< The resulting board.
  std::size_t blank_cell = 0;  ///< The cell (r * cols + c) of the blank that moved, in the parent.

  friend bool operator==(const Successor&, const Successor&) = default;
};

/// A sliding-tile puzzle of a given size, topology and goal board (the search problem; the
/// initial state is supplied per search).
///
/// Methods taking a state expect a board of this puzzle (see `validate`). They check the cheap
/// preconditions (size rows * cols and a blank present) and throw std::invalid_argument when
/// those fail; they do not re-check the multiset of tiles on every call (searches call them
/// hundreds of thousands of times), so validate untrusted states once with `validate`.
class TilePuzzle {
 public:
  /// A rows x cols puzzle with the given topology and goal board.
  /// Throws std::invalid_argument with a message naming the problem if rows < 1 or cols < 1,
  /// goal.size() != rows * cols, or the goal has no blank (0).
  TilePuzzle(int rows, int cols, Topology topology, Tiles goal);

  /// Number of rows (>= 1).
  int rows() const { return rows_; }
  /// Number of columns (>= 1).
  int cols() const { return cols_; }
  /// rows() * cols(): the length of every board of this puzzle.
  std::size_t size() const { return goal_.size(); }
  /// Bounded or torus (see the file comment).
  Topology topology() const { return topology_; }
  /// The goal board, row-major, as given to the constructor.
  const Tiles& goal() const { return goal_; }

  /// The goal test: true iff `state` equals the goal board (cell by cell).
  bool is_goal(const Tiles& state) const { return state == goal_; }

  /// Empty if `state` is a valid board of this puzzle — rows * cols cells holding the same
  /// multiset of values as the goal (hence as many blanks) — otherwise a one-line message
  /// naming the first problem found, e.g. "state has 8 tiles, expected 9",
  /// "tile 9 appears twice, expected once", "tile 4 is missing, expected once",
  /// "tile 12 is not part of this puzzle". Tile values are checked in ascending order.
  /// Never throws (beyond std::bad_alloc).
  std::string validate(const Tiles& state) const;

  /// validate(state).empty(), without building a message: allocates nothing for boards of up to
  /// 64 cells (searches ask it for every state they expand). Never throws (beyond
  /// std::bad_alloc).
  bool is_board(const Tiles& state) const;

  /// result(s, a) on a board with one blank: the board after the blank makes `move`, or nullopt
  /// if the move is illegal: off the board in the bounded topology, or (on a torus with one row
  /// or one column) a move whose wrapped target is the blank's own cell, which would leave the
  /// board unchanged. Throws std::invalid_argument if `state` has the wrong size, no blank, or
  /// more than one (name the blank: the overload below).
  std::optional<Tiles> result(const Tiles& state, BlankMove move) const;

  /// The board after the blank on `blank_cell` makes `move`, or nullopt if the move is illegal
  /// (as above, or its target is another blank). Throws std::invalid_argument if `state` has the
  /// wrong size or no blank on `blank_cell`.
  std::optional<Tiles> result(const Tiles& state, std::size_t blank_cell, BlankMove move) const;

  /// The cells (r * cols + c) of the blanks of `state`, ascending. Never throws.
  std::vector<std::size_t> blank_cells(const Tiles& state) const;

  /// How many blanks every board of this puzzle has (the goal's; 1 in the classic puzzles).
  std::size_t blank_count() const { return blank_count_; }

  /// Expands `state`: for each blank in row-major order, one successor per move in `order`, in
  /// that order, keeping only DISTINCT successor states. A move is skipped when it is illegal,
  /// when its target is another blank, or when its target cell was already targeted by an earlier
  /// move of `order` (on a 2-row torus up and down reach the same cell; the earlier move in
  /// `order` names the successor). Duplicate moves in `order` are thus harmless. Throws
  /// std::invalid_argument if `state` has the wrong size or no blank.
  std::vector<Successor> successors(const Tiles& state, std::span<const BlankMove> order) const;

  /// The distinct successors sorted ascending lexicographically by state — the seed's order
  /// ("consider the state to be a nine-digit integer, sorted ascending"; Python's sorted() on
  /// lists). Throws as `successors`.
  std::vector<Successor> successors_ascending(const Tiles& state) const;

  /// Which single legal blank move turns `from` into `to`, or nullopt if none does (including
  /// when either board has the wrong size or `from` has no blank). When two moves give the same
  /// board (2-row or 2-column torus) the first of up, down, left, right is returned; with several
  /// blanks, the move of the blank that moved. Used to check a submitted path step by step.
  /// Never throws (beyond std::bad_alloc).
  std::optional<BlankMove> move_between(const Tiles& from, const Tiles& to) const;

  /// True iff no tile value (blanks aside) appears twice in the goal.
  bool tiles_distinct() const { return tiles_distinct_; }

  /// The goal cell (r * cols + c) of `tile` — the first one, in row-major order, if the value
  /// repeats — or nullopt if the goal has no such tile. O(log size()).
  std::optional<std::size_t> goal_cell(int tile) const;

  /// The cell index (r * cols + c) the blank reaches by `move` from cell `blank`, or nullopt if
  /// the move is illegal as described for `result`. `blank` must be in [0, size()).
  std::optional<std::size_t> target_cell(std::size_t blank, BlankMove move) const;

 private:
  /// The index of the blank in `state`; throws std::invalid_argument on a wrong size or no blank.
  std::size_t checked_blank(const Tiles& state) const;

  int rows_;
  int cols_;
  Topology topology_;
  Tiles goal_;
  Tiles sorted_goal_;  // The goal's multiset, sorted; compared against by validate().
  std::vector<std::pair<int, std::size_t>> goal_cells_;  // (tile, cell), sorted; first cell wins.
  bool tiles_distinct_ = true;
  std::size_t blank_count_ = 1;
};

}  // namespace sg::ref
