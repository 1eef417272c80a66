// Checks the output of an IDDFS program that prints its trace in seed 001's notation
// (notation/lisp_trace.h) or the spec's line templates (notation/trace_notation.h) against the
// reference's traced iterative deepening (reference/iddfs.h), on any domain, as two separately
// graded aspects:
//   trace — every (d MOVE) and (CHECK) line, in order, equal to the reference's events (move
//           names compared regardless of case); feedback names the first diverging line, the
//           depth limit of its iteration, what was expected and a hint in the search's terms
//           (the order moves are tried, CHECK at the limit, limits from 1, depth numbering, ...);
//   path  — the (PATH-TO-GOAL (...)) line, judged by the domain's path judgement (legal moves
//           from the start to the goal, as few as the reference's: any shortest path passes, so
//           a wrong trace with a right answer earns the path's credit).
// Lines that are neither are part of the trace (and so make it diverge).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/grade_report.h"
#include "notation/trace_notation.h"
#include "reference/iddfs.h"

namespace sg {

struct IddfsTraceExpected {
  ref::TracedIddfsResult reference;  ///< found must be true.
  ref::IddfsOptions options;         ///< The semantics the reference ran with (for hints).
  /// A move as the trace prints it: a board's "up" as the seed's "UP"; a graph's action as is.
  std::function<std::string(const std::string& action)> action_text;
  /// The hint for a move out of order: "the blank tries its moves in the order UP, DOWN, ...".
  std::string order_hint;
  /// The domain's judgement of a printed path (the moves' words, in their canonical spelling):
  /// aspect "path".
  std::function<AspectOutcome(const std::vector<std::string>& moves)> judge_path;
  /// How the trace's lines are written: seed 001's by default, or the spec's line templates.
  TraceNotation notation = TraceNotation::lisp();
};

struct IddfsOutputCheck {
  AspectOutcome trace;
  AspectOutcome path;
  std::string expected_text;  ///< The reference's output, elided in the middle for display.
};

/// The reference's output as the program should print it, every line ending in '\n'.
std::string iddfs_expected_output(const IddfsTraceExpected& expected);

/// Judges `printed` (the program's stdout). Throws std::invalid_argument if the reference did
/// not find the goal.
IddfsOutputCheck check_iddfs_output(const IddfsTraceExpected& expected, std::string_view printed);

}  // namespace sg
