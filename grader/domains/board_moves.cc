#include "domains/board_moves.h"

#include <stdexcept>

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

BoardMoves::BoardMoves(SearchDomain domain) : domain_(std::move(domain)) {
  if (!domain_.problem || !domain_.board_notation)
    throw std::invalid_argument("BoardMoves needs a board: a sliding-tile domain or `board:`");
}

std::vector<ref::Step> BoardMoves::successors(const ref::State& state) const {
  std::vector<ref::Step> steps = domain_.problem->successors(state);
  const std::optional<ref::Tiles> from = domain_.tiles_of(state);
  if (!from) return steps;
  for (ref::Step& step : steps) {
    const std::optional<ref::Tiles> to = domain_.tiles_of(step.state);
    if (!to) continue;
    if (const auto move = blank_move_between(*from, *to, domain_.board_shape))
      step.action = ref::to_string(*move);
  }
  return steps;
}

}  // namespace sg
