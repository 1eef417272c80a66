#include "reference/tile_local_space.h"

#include <utility>

namespace sg::ref {

TileLocalSpace::TileLocalSpace(TilePuzzle puzzle, Heuristic heuristic, std::vector<BlankMove> order)
    : puzzle_(std::move(puzzle)), heuristic_(heuristic), order_(std::move(order)) {}

std::vector<LocalState> TileLocalSpace::neighbours(const LocalState& state) const {
  std::vector<LocalState> found;
  if (!is_state(state)) return found;
  for (Successor& next : puzzle_.successors(state, order_)) found.push_back(std::move(next.state));
  return found;
}

double TileLocalSpace::value(const LocalState& state) const {
  return evaluate(puzzle_, state, heuristic_);
}

std::string TileLocalSpace::why_not_state(const LocalState& state) const {
  return puzzle_.validate(state);
}

}  // namespace sg::ref
