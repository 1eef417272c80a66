// Named board notations: how an assignment writes a sliding-tile board as text, chosen in the
// spec (`notation: {state: compact}`), not in C++. Each reads tolerantly (spacing, commas,
// numpy's brackets) and prints one canonical spelling, so the checkers can judge correctness and
// format apart ("should read `b12 345 678`"). Boards are the reference's row-major ref::Tiles.
//
//   python_list  [1, 2, 3, 4, 0, 5, 6, 7, 8]     Python's str() of a list (the default)
//   python_rows  [[1, 2, 3], [4, 0, 5], [6, 7, 8]] rows as lists (JSON; seed 002's input file)
//   edn_rows     [[1 2 3] [4 0 5] [6 7 8]]       Clojure vectors (seed 002's :new-state)
//   compact      b12 345 678                     one group per row, b the blank (seed 004)
//   lisp         ((1 2 3) (4 * 5) (6 7 8))       one list per row, * the blank (seed 001)
//   comma_list   1,2,3,4,0,5,6,7,8               the cells joined by commas: one word on a
//                                                command line (ColumbiaX's driver.py)
//
// `lisp` follows seed 001's encoding (lisp_grid.h): `*` is the blank and a printed number v is
// the reference's tile v + 1, so 0 is a tile. `compact` writes each cell as one character:
// it needs tiles 1 to 9.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reference/tile_puzzle.h"

namespace sg {

/// A board's shape: rows x cols.
struct BoardShape {
  int rows = 3;
  int cols = 3;
};

/// One named notation.
struct BoardNotation {
  std::string name;     ///< As the spec names it: "compact".
  std::string example;  ///< The 3 x 3 goal in this notation, for errors and --help.
  std::string source;   ///< Who writes boards this way: "seed 004's -printState".

  /// The board in `text`, which must hold shape.rows * shape.cols cells. Throws NotationError
  /// (notation/lisp_grid.h) saying what was expected, with the notation's example.
  ref::Tiles (*parse)(std::string_view text, BoardShape shape);
  /// The canonical text. Throws std::invalid_argument when the board does not fit the shape or
  /// the notation (compact: a tile over 9).
  std::string (*print)(const ref::Tiles& tiles, BoardShape shape);
};

/// The notation named `name`, or nullptr.
const BoardNotation* find_board_notation(std::string_view name);

/// Every notation, in the order above (python_list first: the default).
const std::vector<BoardNotation>& board_notations();

/// "python_list, python_rows, edn_rows, compact, lisp or comma_list": for errors that list the
/// choices.
std::string board_notation_names();

}  // namespace sg
