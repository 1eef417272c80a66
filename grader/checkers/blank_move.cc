#include "checkers/blank_move.h"

#include <utility>
#include <vector>

namespace sg {

std::optional<ref::BlankMove> blank_move_between(const ref::Tiles& from, const ref::Tiles& to,
                                                 BoardShape shape) {
  if (from.size() != to.size() || from.size() != static_cast<std::size_t>(shape.rows * shape.cols))
    return std::nullopt;
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < from.size() && changed.size() <= 2; ++i)
    if (from[i] != to[i]) changed.push_back(i);
  if (changed.size() != 2) return std::nullopt;
  std::size_t blank = changed[0];
  std::size_t tile = changed[1];
  if (from[blank] != 0) std::swap(blank, tile);
  if (from[blank] != 0 || to[tile] != 0 || from[tile] != to[blank]) return std::nullopt;
  const int rows = shape.rows;
  const int cols = shape.cols;
  const int r0 = static_cast<int>(blank) / cols;
  const int c0 = static_cast<int>(blank) % cols;
  const int r1 = static_cast<int>(tile) / cols;
  const int c1 = static_cast<int>(tile) % cols;
  // A square away first; across the edge (a torus) only when not.
  if (c0 == c1 && r1 == r0 - 1) return ref::BlankMove::up;
  if (c0 == c1 && r1 == r0 + 1) return ref::BlankMove::down;
  if (r0 == r1 && c1 == c0 - 1) return ref::BlankMove::left;
  if (r0 == r1 && c1 == c0 + 1) return ref::BlankMove::right;
  if (c0 == c1 && r0 == 0 && r1 == rows - 1) return ref::BlankMove::up;
  if (c0 == c1 && r0 == rows - 1 && r1 == 0) return ref::BlankMove::down;
  if (r0 == r1 && c0 == 0 && c1 == cols - 1) return ref::BlankMove::left;
  if (r0 == r1 && c0 == cols - 1 && c1 == 0) return ref::BlankMove::right;
  return std::nullopt;
}

}  // namespace sg
