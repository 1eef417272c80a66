// The blank's move between two boards: the one geometry every board check shares (a solution
// printed as boards, a world's actions named by the blank, the tile-direction diagnosis).
#pragma once

#include <optional>

#include "notation/board_notation.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// The blank's move that turns `from` into `to` (boards of `shape` read row by row, 0 a blank):
/// one blank and one tile swapped, a square up, down, left or right of it, or across the edge
/// on a torus; nullopt when no such move leads there.
std::optional<ref::BlankMove> blank_move_between(const ref::Tiles& from, const ref::Tiles& to,
                                                 BoardShape shape);

}  // namespace sg
