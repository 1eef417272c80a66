// Seed 001's search-trace notation: what an IDDFS program prints, one s-expression per line,
//
//   (1 DOWN)                      the blank moved DOWN, reaching depth 1
//   (CHECK)                       the depth limit was reached: the state is goal-tested
//   (PATH-TO-GOAL (DOWN RIGHT))   the end: the blank's moves from the start to the goal
//
// Move names are the direction the BLANK moves (UP, DOWN, LEFT, RIGHT; read case-insensitively).
// An empty path prints as (PATH-TO-GOAL ()); Lisp's NIL is read as the empty list too. Reading
// is whitespace-tolerant (runs of spaces, spaces inside the parentheses); printing is canonical.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/tile_puzzle.h"

namespace sg {

/// What one printed line is.
enum class LispTraceLineType {
  move,   ///< "(d MOVE)"
  check,  ///< "(CHECK)"
  path,   ///< "(PATH-TO-GOAL (...))"
  other,  ///< Anything else (see LispTraceLine::problem).
};

struct LispTraceLine {
  LispTraceLineType type = LispTraceLineType::other;
  int depth = 0;                             ///< For move lines.
  ref::BlankMove move = ref::BlankMove::up;  ///< For move lines.
  std::vector<ref::BlankMove> path;          ///< For path lines.
  /// For `other` lines: why it is not a trace line (e.g. "'NORTH' is not a move").
  std::string problem;
};

/// "UP", "DOWN", "LEFT" or "RIGHT".
std::string lisp_move_name(ref::BlankMove move);
/// The move named (case-insensitively), or nullopt.
std::optional<ref::BlankMove> parse_lisp_move_name(std::string_view name);

/// Reads one printed line. Never throws.
LispTraceLine parse_lisp_trace_line(std::string_view line);

/// "(1 DOWN)".
std::string print_lisp_move_line(int depth, ref::BlankMove move);
/// "(CHECK)".
std::string print_lisp_check_line();
/// "(PATH-TO-GOAL (DOWN RIGHT))", or "(PATH-TO-GOAL ())" for the empty path.
std::string print_lisp_path_line(const std::vector<ref::BlankMove>& path);

}  // namespace sg
