// A sliding-tile puzzle (tile_puzzle.h) as a local-search space (local_search.h): the 8-puzzle
// by hill climbing or local beam. A state is the board (row-major, 0 the blank); its neighbours
// are the boards one blank move away, in the order of the blank's moves the assignment names;
// its value is a heuristic of heuristics.h (the Manhattan distance by default), 0 at the goal.
// This file has no I/O.
#pragma once

#include <string>
#include <vector>

#include "reference/heuristics.h"
#include "reference/local_search.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

class TileLocalSpace : public LocalSpace {
 public:
  TileLocalSpace(TilePuzzle puzzle, Heuristic heuristic = Heuristic::manhattan,
                 std::vector<BlankMove> order = {BlankMove::up, BlankMove::down, BlankMove::left,
                                                 BlankMove::right});

  std::vector<LocalState> neighbours(const LocalState& state) const override;
  double value(const LocalState& state) const override;
  bool is_state(const LocalState& state) const override { return why_not_state(state).empty(); }
  /// TilePuzzle::validate's message ("tile 9 appears twice, expected once").
  std::string why_not_state(const LocalState& state) const override;

  const TilePuzzle& puzzle() const { return puzzle_; }

 private:
  TilePuzzle puzzle_;
  Heuristic heuristic_;
  std::vector<BlankMove> order_;
};

}  // namespace sg::ref
