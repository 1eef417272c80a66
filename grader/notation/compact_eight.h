// Seed 004's state notations (the eight-puzzle A* / local beam assignment):
//   compact:  "b12 345 678" — three groups of three, row by row; `b` is the blank, 1-8 the tiles.
//   pretty:   the grid -prettyPrintState shows, the blank as 0:
//               -------------
//               | 3 | 2 | 5 |
//               -------------
//               | 6 | 7 | 8 |
//               -------------
//               | 0 | 1 | 4 |
// Both read into the reference's Tiles (row-major, 0 = blank) and print back canonically.
// Reading the pretty grid tolerates a closing dash line, surrounding spaces and other lines
// (e.g. "Current State") before or after the grid.
#pragma once

#include <string>
#include <string_view>

#include "notation/lisp_grid.h"  // NotationError
#include "reference/tile_puzzle.h"

namespace sg {

/// "b12 345 678" -> {0, 1, 2, 3, 4, 5, 6, 7, 8}. Throws NotationError naming the problem (length,
/// grouping, a character other than b or 1-8, a tile twice).
ref::Tiles parse_compact_state(std::string_view text);
/// {0, 1, 2, ...} -> "b12 345 678". Throws std::invalid_argument unless 9 cells of 0-8.
std::string print_compact_state(const ref::Tiles& tiles);

/// The grid's lines, each ending in '\n' (dash line before each row, none after the last), for a
/// board of `rows` x `cols` (3 x 3 by default; cells as wide as the widest number). Throws
/// std::invalid_argument unless rows * cols cells.
std::string print_pretty_grid(const ref::Tiles& tiles, int rows = 3, int cols = 3);
/// The first grid in `text` (`rows` rows "| a | b | ... |" of `cols` cells). Throws NotationError
/// when there is no complete grid or a cell is not a number.
ref::Tiles parse_pretty_grid(std::string_view text, int rows = 3, int cols = 3);

}  // namespace sg
