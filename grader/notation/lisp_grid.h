// Seed 001's state notation (the n x m IDDFS assignment): an input file of three lines,
//
//   (3 4)                                      the dimensions: COLUMNS, then ROWS
//   ((7 * 2) (9 6 4) (13 14 9) (0 11 10))      the start: one parenthesised list per row
//   ((7 6 2) (9 4 9) (13 14 10) (* 0 11))      the goal
//
// `*` is the blank; every number (0 included) is a tile, and values may repeat (the seed's
// example has two 9s): boards are tile multisets. The reference (ref::TilePuzzle) uses 0 for the
// blank, so this notation maps `*` to 0 and tile v to v + 1, and back when printing. Parsing is
// whitespace-tolerant; printing gives the canonical form above (single spaces).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "reference/tile_puzzle.h"

namespace sg {

/// A malformed text in an assignment's notation; what() says what was expected where.
class NotationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A board's shape in seed 001's terms.
struct LispGridSize {
  int cols = 0;
  int rows = 0;
  friend bool operator==(const LispGridSize&, const LispGridSize&) = default;
};

/// An input file of seed 001: the size and two boards in the reference's encoding.
struct LispPuzzleFile {
  LispGridSize size;
  ref::Tiles start;
  ref::Tiles goal;
};

/// The reference's value of seed 001's cell text: "*" -> 0, "v" -> v + 1. Throws NotationError.
int lisp_cell_value(std::string_view cell);
/// Inverse of lisp_cell_value: 0 -> "*", v -> "v - 1".
std::string lisp_cell_text(int value);

/// "(3 4)" -> {cols 3, rows 4}. Both at least 1. Throws NotationError.
LispGridSize parse_lisp_dimensions(std::string_view text);
/// {cols 3, rows 4} -> "(3 4)".
std::string print_lisp_dimensions(LispGridSize size);

/// "((7 * 2) (9 6 4) ...)" -> row-major Tiles of size.rows * size.cols (encoded as above).
/// Throws NotationError naming the row and the problem (wrong count, bad cell, missing paren).
ref::Tiles parse_lisp_grid(std::string_view text, LispGridSize size);
/// Tiles -> "((7 * 2) (9 6 4) ...)". Throws std::invalid_argument if tiles.size() != rows * cols.
std::string print_lisp_grid(const ref::Tiles& tiles, LispGridSize size);

/// The three-line input file (blank lines ignored). Throws NotationError.
LispPuzzleFile parse_lisp_puzzle_file(std::string_view text);
/// The canonical three lines, each ending in '\n'.
std::string print_lisp_puzzle_file(const LispPuzzleFile& file);

}  // namespace sg
