// IDA* (iterative-deepening A*) with the Manhattan distance plus linear conflicts: the reference's
// optimality oracle for bounded sliding-tile puzzles too large for breadth-first search, e.g. 4x4
// instances of up to about 50 moves in seconds (Korf's 15-puzzle instances: see
// ida_star_perftest.cc).
//
// IDA* runs depth-first searches bounded by f = g + h, raising the bound to the smallest f that
// exceeded it, so memory is linear in the solution length. The heuristic is admissible:
//   h = Manhattan distance (each tile's grid distance to its goal cell)
//     + 2 * (for every row and every column: the number of tiles in their goal line that must
//            leave the line so that the rest are in goal order: line length minus the longest
//            increasing subsequence of their goal positions)
// A tile that leaves its goal line and comes back costs at least two moves more than its
// Manhattan distance, and a line's tiles that stay are already ordered, so h never overestimates.
// Only the two lines a move touches are recomputed.
//
// Solvability is decided first from the permutation parity (bounded boards, distinct tiles), so
// an unsolvable instance returns at once instead of searching forever.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "reference/tile_puzzle.h"

namespace sg::ref {

/// A shortest path found by IDA*, and how much work it took.
struct IdaStarResult {
  std::vector<BlankMove> moves;  ///< The blank's moves from the start to the goal.
  std::uint64_t expanded = 0;    ///< Nodes expanded over all iterations.
  int iterations = 0;            ///< Depth-first passes (f bounds tried).
};

/// The Manhattan distance plus twice the linear conflicts of `state` (see the file comment).
/// Errors: std::invalid_argument unless the puzzle is bounded with distinct tiles and `state` is
/// a valid board of it.
int manhattan_linear_conflict(const TilePuzzle& puzzle, const Tiles& state);

/// True iff the goal can be reached from `state`: on a bounded board with distinct tiles, iff
/// the permutation parity plus (for an even number of columns) the blank's row distance to its
/// goal row is even. Errors: as manhattan_linear_conflict.
bool is_solvable(const TilePuzzle& puzzle, const Tiles& state);

/// A shortest path from `start` to the goal by IDA*, or nullopt if the goal is unreachable.
/// Blank moves are tried in the order up, down, left, right; the move that undoes the previous
/// one is never tried. Errors: as manhattan_linear_conflict.
std::optional<IdaStarResult> ida_star(const TilePuzzle& puzzle, const Tiles& start);

}  // namespace sg::ref
