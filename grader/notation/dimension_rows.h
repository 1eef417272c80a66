// Boards written as their dimension, then their rows: what Princeton's 8-puzzle Board.toString()
// prints and its puzzle files hold (COS 226, "Algorithms, Part I"):
//
//     3
//      0  1  3
//      4  2  5
//      7  8  6
//
// 0 is the blank; any spacing. A solution printed by the course's Solver test client is such
// boards one after another, with other lines ("Minimum number of moves = 4") between them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/tile_puzzle.h"

namespace sg {

/// One board found in a text: its tiles (row-major) and the line its dimension is on (1-based).
struct DimensionRowsBoard {
  ref::Tiles tiles;
  std::size_t line = 0;
};

/// Every n x n board in `text`, in order: a line holding only the number n, then n lines of n
/// integers each. Lines that do not start such a board are passed over, so a board of another
/// dimension, a header or a debug line never breaks the sequence; a board whose rows are cut
/// short is not read.
std::vector<DimensionRowsBoard> read_dimension_rows_boards(std::string_view text, int n);

/// The board a text draws when its whitespace-separated words are n, then the n * n tiles row
/// by row, however the lines break (how COS 226's grader reads a toString()); else nullopt.
std::optional<ref::Tiles> read_dimension_tokens_board(std::string_view text, int n);

/// The board a text draws in n + 1 lines (blank lines after them aside): n alone on the first,
/// then each row's n integers on a line of its own, any spacing; else nullopt.
std::optional<ref::Tiles> read_dimension_lines_board(std::string_view text, int n);

/// The board as Board.toString() writes it: n, then each row's tiles as `String.format("%2d ",
/// tile)` (" 0  1  3 "), one line per row, ending in a newline.
std::string dimension_rows_text(const ref::Tiles& tiles, int n);

}  // namespace sg
