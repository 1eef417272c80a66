// PacmanLayout: a Pacman world in the `.lay` text form of the Berkeley Pacman projects: one line
// per row, top row first, '%' a wall, '.' food, 'o' a capsule, 'P' Pacman, 'G' a ghost (or
// '1' .. '4', a ghost with its index), anything else an empty square. Coordinates are the
// projects' (x, y): x from the left, y from the BOTTOM row, both from 0. Ghosts are ordered as
// the projects order them (by index, 'G' being 1, then by x, then by y). No I/O.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sg::ref {

/// (x, y), y counted from the bottom row.
using Cell = std::pair<int, int>;

struct PacmanLayout {
  int width = 0;
  int height = 0;
  std::vector<char> walls;     ///< walls[x * height + y] != 0 for a wall.
  std::vector<Cell> food;      ///< Sorted by (x, y), as Berkeley's Grid.asList() lists them.
  std::vector<Cell> capsules;  ///< Sorted by (x, y).
  Cell pacman{-1, -1};         ///< Where Pacman starts.
  std::vector<Cell> ghosts;    ///< Where each ghost starts, ghost 1 first.

  /// True for a wall or a square outside the layout.
  bool wall(int x, int y) const {
    return x < 0 || y < 0 || x >= width || y >= height || walls[x * height + y] != 0;
  }
};

/// Reads a layout. Surrounding blank lines and each line's trailing spaces are ignored.
/// Throws std::invalid_argument naming the line (1-based, from the top) for rows of unequal
/// width, no Pacman or more than one, or a layout not closed by walls on its border.
PacmanLayout parse_pacman_layout(std::string_view text);

/// The layout drawn back in `.lay` form (what parse_pacman_layout reads), top row first.
std::string draw_pacman_layout(const PacmanLayout& layout);

}  // namespace sg::ref
