// Path validity and optimality for sliding-tile puzzles: a path given as the BLANK's moves from a
// start state (the move convention of seeds 001 and 004) is legal move by move in the puzzle's
// topology, ends at the goal, and is as short as the reference's shortest path. Reusable by every
// spec that prints a path as moves; states are worded by a caller-supplied printer, so feedback
// speaks the assignment's own notation.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// How feedback names moves and states, in the assignment's notation.
struct MoveNotation {
  std::function<std::string(ref::BlankMove)> move_name;
  std::function<std::string(const ref::Tiles&)> state_text;
};

/// What a path must be.
struct MovePathExpected {
  ref::Tiles start;
  std::size_t optimal_length = 0;  ///< The reference's shortest path length, in moves.
  bool require_optimal = true;     ///< False: any legal path to the goal passes.
  /// A depth bound the path must respect (a depth-first search with a bound), in moves.
  std::optional<std::size_t> max_length;
};

/// Judges `path`: passed iff every move is legal, the last state is the goal and (when required)
/// the length is optimal. Feedback names the first illegal move with the state it was made from,
/// or where the path ends instead of the goal, or both lengths, or the bound it passed. When the
/// path fails but the same path with every move reversed is legal and reaches the goal, the
/// feedback adds that the moves seem to name the direction the TILE moves. Aspect name: "path".
/// Throws std::invalid_argument if expected.start is not a state of `puzzle`.
AspectOutcome check_move_path(const ref::TilePuzzle& puzzle, const MovePathExpected& expected,
                              const std::vector<ref::BlankMove>& path,
                              const MoveNotation& notation);

}  // namespace sg
