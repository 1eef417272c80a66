// Checks the output of a seed-001 IDDFS program (notation/lisp_trace.h) against the reference's
// iterative deepening (reference/iddfs.h), as two separately graded aspects:
//   trace — every (d MOVE) and (CHECK) line, in order, equal to the reference's events; feedback
//           names the first diverging line, the depth limit of its iteration, what was expected
//           and a hint in the puzzle's terms (move order, CHECK at the limit, limits from 1, ...);
//   path  — the (PATH-TO-GOAL (...)) line: a legal path of blank moves from the start to the goal,
//           as short as the reference's (any shortest path passes: a wrong trace with a right
//           answer earns the path's credit).
// Lines that are neither are part of the trace (and so make it diverge).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/grade_report.h"
#include "notation/lisp_grid.h"
#include "reference/iddfs.h"
#include "reference/tile_puzzle.h"

namespace sg {

struct IddfsTraceExpected {
  ref::Tiles start;
  /// A board as the assignment writes it (the spec's board notation), for feedback.
  std::function<std::string(const ref::Tiles&)> show_state;
  ref::IddfsResult reference;  ///< found must be true.
  ref::IddfsOptions options;   ///< The semantics the reference ran with (for hints).
};

struct IddfsOutputCheck {
  AspectOutcome trace;
  AspectOutcome path;
  std::string expected_text;  ///< The reference's output, elided in the middle for display.
};

/// The reference's output as the program should print it, every line ending in '\n'.
std::string iddfs_expected_output(const ref::IddfsResult& reference);

/// Judges `printed` (the program's stdout). Throws std::invalid_argument if the reference did
/// not find the goal.
IddfsOutputCheck check_iddfs_output(const ref::TilePuzzle& puzzle,
                                    const IddfsTraceExpected& expected, std::string_view printed);

}  // namespace sg
