// Whether a sliding-tile board can reach its goal, decided without searching where a rule is
// exact: the permutation parity on bounded boards with one blank and distinct tiles (every move
// swaps the blank with a tile), the order of the tiles on a board one cell wide (tiles cannot
// pass each other), and nothing at all with two blanks or two equal tiles on a wider board (they
// make an odd permutation free, so every arrangement is reachable). A search that would otherwise
// run forever on an unsolvable instance asks first. state_space_test.cc checks every rule against
// whole state spaces.
#pragma once

#include <optional>

#include "reference/tile_puzzle.h"

namespace sg::ref {

/// Whether `state` can reach `goal` by moves on a rows x cols board (0 = a blank; any number of
/// blanks; values may repeat), when a rule decides it: false when the two boards do not hold the
/// same values; on a bounded board as described in the file comment. nullopt on a torus (no rule
/// here: enumerate or search). Both boards must have rows * cols cells (else false).
std::optional<bool> solvable_without_search(int rows, int cols, Topology topology,
                                            const Tiles& goal, const Tiles& state);

}  // namespace sg::ref
