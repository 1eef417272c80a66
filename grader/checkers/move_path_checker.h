// Path validity and optimality: a path given as the names of its actions from a start state is
// legal action by action in the world (any ref::Problem: a built-in board, a rules file), ends at
// a goal, and is as short as the reference's shortest path. Sliding-tile puzzles name the BLANK's
// moves (the convention of seeds 001 and 004), and a path that is right read the other way round
// is said to name the tile's. Reusable by every spec that prints a path as moves; states are
// worded by a caller-supplied printer, so feedback speaks the assignment's own notation.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/problem.h"
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

/// How feedback names a world's states and actions, and why an action cannot be taken.
struct ActionNotation {
  std::function<std::string(const ref::State&)> state_text;
  /// The action as feedback shows it ("up", "UP"); nullptr: its name.
  std::function<std::string(const std::string&)> action_text;
  /// Why `action` cannot be taken in `state` ("the blank is in the top row"); nullptr or "": the
  /// actions that can.
  std::function<std::string(const ref::State&, const std::string&)> why_illegal;
  /// The goal as feedback names it ("the goal b12 345 678"); nullptr: "a goal".
  std::function<std::string()> goal_text;
};

/// What a path of actions must be: MovePathExpected with the start a state of the world.
struct ActionPathExpected {
  ref::State start;
  std::size_t optimal_length = 0;  ///< The reference's shortest path length, in actions.
  bool require_optimal = true;
  std::optional<std::size_t> max_length;
};

/// Judges `path` (the actions' names, as world.successors() names them) from expected.start in
/// `world`, as check_move_path does: the first illegal action with the state it was taken in,
/// where the path ends instead of a goal, the bound it passed, or both lengths. When every name is
/// a blank move and the path read with each move reversed is right, says so. Aspect "path".
AspectOutcome check_action_path(const ref::Problem& world, const ActionPathExpected& expected,
                                const std::vector<std::string>& path,
                                const ActionNotation& notation);

/// "the blank is in the top row" when `action` is a blank move that `tiles` (rows x cols, 0 the
/// blank) puts against that edge; else "".
std::string blank_edge_reason(const ref::Tiles& tiles, int rows, int cols,
                              const std::string& action);

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
