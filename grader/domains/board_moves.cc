#include "domains/board_moves.h"

#include <stdexcept>

namespace sg {

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
