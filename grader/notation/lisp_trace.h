// Seed 001's search-trace notation: what an IDDFS program prints, one s-expression per line,
//
//   (1 DOWN)                      the blank moved DOWN, reaching depth 1
//   (CHECK)                       the depth limit was reached: the state is goal-tested
//   (PATH-TO-GOAL (DOWN RIGHT))   the end: the blank's moves from the start to the goal
//
// On a board, move names are the direction the BLANK moves (UP, DOWN, LEFT, RIGHT); on another
// domain, the action's name ("(1 Sibiu)" on a road map). A move is read as the word printed:
// which words are moves, and in what case, the checker decides. An empty path prints as
// (PATH-TO-GOAL ()); Lisp's NIL is read as the empty list too. Reading is whitespace-tolerant
// (runs of spaces, spaces inside the parentheses); printing is canonical.
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
  int depth = 0;                  ///< For move lines.
  std::string action;             ///< For move lines: the move's word as printed.
  std::vector<std::string> path;  ///< For path lines: the moves' words as printed.
  /// For `other` lines: why it is not a trace line.
  std::string problem;
};

/// "UP", "DOWN", "LEFT" or "RIGHT".
std::string lisp_move_name(ref::BlankMove move);
/// The move named (case-insensitively), or nullopt.
std::optional<ref::BlankMove> parse_lisp_move_name(std::string_view name);

/// Reads one printed line. Never throws.
LispTraceLine parse_lisp_trace_line(std::string_view line);

/// "(1 DOWN)": the action as given.
std::string print_lisp_move_line(int depth, std::string_view action);
/// "(CHECK)".
std::string print_lisp_check_line();
/// "(PATH-TO-GOAL (DOWN RIGHT))", or "(PATH-TO-GOAL ())" for the empty path.
std::string print_lisp_path_line(const std::vector<std::string>& path);

}  // namespace sg
