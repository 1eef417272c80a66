// IDA* (iterative-deepening A*): the reference's optimality oracle for bounded sliding-tile
// puzzles too large for breadth-first search. Depth-first searches bounded by f = g + h, the
// bound raised to the smallest f that exceeded it; memory linear in the solution's length.
//
// Three admissible heuristics:
//   - manhattan: each tile's grid distance to its goal cell. One table lookup per move.
//   - manhattan_linear_conflict: Manhattan
//       + 2 * (for every row and column: the number of tiles in their goal line that must leave
//              it so the rest are in goal order: line length minus the longest increasing run of
//              their goal positions). A tile that leaves its goal line and comes back costs at
//              least two moves more; only the two lines a move touches are recomputed.
//   - pattern_database: additive disjoint pattern databases (pattern_database.h); only the group
//     of the moved tile is looked up again. On a square board whose blank's goal cell lies on the
//     diagonal (the 15-puzzle's), the transposed board is as far from the goal, so the larger of
//     the board's and its transpose's values is used (Felner et al.'s reflection); the second
//     lookup is skipped where the first already prunes.
//
// Solvability is decided first by parity where that is exact (solvability.h), so an unsolvable
// instance returns at once instead of searching forever.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "reference/pattern_database.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// The heuristic IDA* is guided by (see the file comment).
enum class IdaHeuristic { manhattan, manhattan_linear_conflict, pattern_database };

struct IdaStarOptions {
  IdaHeuristic heuristic = IdaHeuristic::manhattan_linear_conflict;
  /// For pattern_database: the databases of the same puzzle (required then, ignored otherwise).
  const PatternDatabase* database = nullptr;
  /// Stop after this many nodes generated (0: never); the result then says limit_reached.
  std::uint64_t node_limit = 0;
};

/// A shortest path found by IDA*, and how much work it took.
struct IdaStarResult {
  std::vector<BlankMove> moves;  ///< The blank's moves from the start to the goal.
  std::uint64_t expanded = 0;    ///< Nodes expanded over all iterations.
  std::uint64_t generated = 0;   ///< Successors generated (each child looked at once).
  int iterations = 0;            ///< Depth-first passes (f bounds tried).
  bool limit_reached = false;    ///< Stopped by node_limit; `moves` is then empty.
};

/// The Manhattan distance plus twice the linear conflicts of `state` (see the file comment).
/// Errors: std::invalid_argument unless the puzzle is bounded with distinct tiles, at most 64
/// rows and columns, and `state` is a valid board of it.
int manhattan_linear_conflict(const TilePuzzle& puzzle, const Tiles& state);

/// True iff the goal can be reached from `state` on a bounded board with distinct tiles: iff the
/// permutation parity plus (for an even number of columns) the blank's row distance to its goal
/// row is even (for boards of at least two rows and columns; a 1-row or 1-column board is
/// solvable only from states where every tile already lies in goal order). Errors: as
/// manhattan_linear_conflict.
bool is_solvable(const TilePuzzle& puzzle, const Tiles& state);

/// A shortest path from `start` to the goal by IDA*, or nullopt if the goal is unreachable.
/// Blank moves are tried in the order up, down, left, right; the move that undoes the previous
/// one is never tried. Errors: as manhattan_linear_conflict; std::invalid_argument when
/// pattern_database is asked for without a database of this puzzle.
std::optional<IdaStarResult> ida_star(const TilePuzzle& puzzle, const Tiles& start,
                                      const IdaStarOptions& options = {});

}  // namespace sg::ref
