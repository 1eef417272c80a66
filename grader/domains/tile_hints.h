// What a sliding-tile domain tells a student beyond the shared judgements (checkers/
// domain_hints.h): a heuristic that counts the blank(s) as tiles is the classic slip, and a
// missing successor is named by the move that makes it (which blank, and whether it wraps
// around a torus's edge); a path's length is counted in moves.
#pragma once

#include <string>

#include "checkers/domain_hints.h"
#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// "the blank moves up from the top row and wraps around to the bottom row", "the blank on row
/// 1, column 2 moves left": the move of the blank on `blank_cell` (r * cols + c) in words.
std::string describe_move(const ref::TilePuzzle& puzzle, std::size_t blank_cell,
                          ref::BlankMove move);

/// The hints for `puzzle` under `heuristic` (states as ref::tiles_state writes them).
DomainHints tile_hints(const ref::TilePuzzle& puzzle, ref::Heuristic heuristic);

}  // namespace sg
