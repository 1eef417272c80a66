// Iterative deepening depth-first search (IDDFS) that records the trace an assignment prints.
//
// One iteration per depth limit L = first_limit, first_limit + 1, ..., max_limit. Each is a
// depth-limited DFS from the start that, at depth d < L, generates the legal blank moves in
// `move_order` and for each one:
//
//   emits   move(depth d + 1, the move)          e.g. "(1 DOWN)" in seed 001's notation
//   if d + 1 == L:  emits check(L) and applies the goal test to the child; a goal ends the search
//   else:           recurses into the child
//
// So the goal test happens only at the depth limit (a shallower goal was already checked by an
// earlier iteration), there is no cycle check (the move straight back to the parent state is
// generated, as seed 001's walk-through shows with (1 DOWN) (2 UP)), and the path found is a
// shortest one. With `check_start` the start itself is goal-tested once, before iteration
// first_limit, emitting nothing: a start equal to the goal gives the empty path and no events.
//
// A limit of 0 (first_limit == 0) is a legal configuration: it emits check(0) for the start.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reference/problem.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// What the search did at one point of the trace.
enum class IddfsEventType {
  move,   ///< A successor was generated (the blank made `move`, reaching `depth`).
  check,  ///< The goal test was applied at the depth limit (`depth` == `limit`).
};

/// One trace event. `limit` is the depth limit of the iteration it belongs to.
struct IddfsEvent {
  IddfsEventType type = IddfsEventType::move;
  int depth = 0;  ///< Depth (moves from the start) of the state reached or checked.
  int limit = 0;  ///< The iteration's depth limit.
  BlankMove move = BlankMove::up;  ///< For move events.

  friend bool operator==(const IddfsEvent&, const IddfsEvent&) = default;
};

/// The semantics an assignment prescribes.
struct IddfsOptions {
  /// Order in which the blank's moves are tried at every node (illegal ones are skipped).
  std::vector<BlankMove> move_order = {BlankMove::up, BlankMove::down, BlankMove::left,
                                       BlankMove::right};
  int first_limit = 1;      ///< The first iteration's depth limit (>= 0).
  int max_limit = 20;       ///< Give up (found = false) after this iteration.
  bool check_start = true;  ///< Goal-test the start before the first iteration, silently.
  /// Try each state's successors in the reverse of the problem's order (a mistake students make,
  /// as SearchPolicy::reverse_successors).
  bool reverse_successors = false;
  /// Stop recording (and searching) after this many events: found = false, truncated = true.
  std::size_t max_events = 5'000'000;
};

struct IddfsResult {
  bool found = false;
  std::vector<BlankMove> path;    ///< The blank's moves from the start to the goal.
  std::vector<IddfsEvent> trace;  ///< Every event, in order, up to the successful check.
  int last_limit = 0;             ///< Limit of the last iteration run (the successful one).
  bool truncated = false;         ///< max_events was reached.
};

/// The same search over any Problem (a graph, a maze, a board): a move event names the action
/// taken (a graph's neighbour, a maze's direction, a board's "up"), successors come in the
/// problem's order. Options and semantics as above; `move_order` has no meaning here.
struct TracedEvent {
  IddfsEventType type = IddfsEventType::move;
  int depth = 0;
  int limit = 0;
  std::string action;  ///< For move events.

  friend bool operator==(const TracedEvent&, const TracedEvent&) = default;
};

struct TracedIddfsResult {
  bool found = false;
  std::vector<std::string> actions;  ///< From the start to the goal.
  std::vector<TracedEvent> trace;    ///< Every event, in order, up to the successful check.
  int last_limit = 0;
  bool truncated = false;
};

/// Runs the traced IDDFS on `problem` from its initial state. Throws std::invalid_argument when
/// first_limit < 0 or max_limit < first_limit.
TracedIddfsResult traced_iterative_deepening(const Problem& problem,
                                             const IddfsOptions& options = {});

/// Runs IDDFS from `start` to `puzzle`'s goal (traced_iterative_deepening on the board's
/// problem, its successors in `move_order`). Throws std::invalid_argument if `start` is not a
/// board of `puzzle` (TilePuzzle::validate), first_limit < 0 or max_limit < first_limit.
IddfsResult iterative_deepening(const TilePuzzle& puzzle, const Tiles& start,
                                const IddfsOptions& options = {});

}  // namespace sg::ref
