// A sample of a board space too large to enumerate (the 15-puzzle's 10^13 boards), with h*
// known exactly where it was sampled: the goal; the ends of seeded random walks from the goal
// (1 to max_length moves, never undoing the last move); and every board on an optimal path
// from each end to the goal (IDA* with linear conflict: the i-th board of a path of length L
// has h* = L - i). Every neighbour of those boards is in the sample too, h* unknown, so a
// heuristic's consistency can be checked on every edge of the sampled boards.
// Deterministic for a seed (std::mt19937_64, whose sequence the standard fixes). No I/O.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reference/admissibility.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

struct BoardSample {
  std::size_t walks = 100;  ///< Random walks from the goal.
  int max_length = 40;      ///< Each walk's length is drawn from 1 .. max_length.
  std::uint64_t seed = 1;
};

/// The sample as a CostToGoal (sampled = true): states with h* first known (the goal, the walks'
/// ends and their optimal paths), then neighbours with h* infinity; edges (cost 1) from each
/// board with known h* to its successors. Throws std::invalid_argument unless the puzzle is
/// bounded with one blank and distinct tiles (IDA*'s requirement) and max_length >= 1.
CostToGoal sample_cost_to_goal(const TilePuzzle& puzzle, const BoardSample& sample);

}  // namespace sg::ref
