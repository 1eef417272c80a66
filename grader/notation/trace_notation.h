// How a program prints a depth-limited search's trace: one line per move generated (its depth
// and the move's name), one per goal test at the depth limit, and the path found at the end.
// Seed 001's s-expressions (notation/lisp_trace.h) are the default; a spec may write the three
// lines as line templates instead (notation/line_template.h): a move line with {depth} and
// {action}, a check line of fixed text, a path line with {moves} (the moves' names separated by
// spaces or commas, optionally quoted or bracketed).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/line_template.h"

namespace sg {

/// One printed line of a trace, as a trace notation reads it.
struct TraceLine {
  enum class Type { move, check, path, other };
  Type type = Type::other;
  int depth = 0;                  ///< For move lines.
  std::string action;             ///< For move lines: the move's word as printed.
  std::vector<std::string> path;  ///< For path lines: the moves' words as printed.
  std::string problem;            ///< For other lines: why the line is no trace line.
};

class TraceNotation {
 public:
  /// Seed 001's: "(1 DOWN)", "(CHECK)", "(PATH-TO-GOAL (DOWN LEFT))".
  static TraceNotation lisp();
  /// The spec's lines, read with `layout`. `move` needs {depth} and {action}, `path` needs
  /// {moves}; `check` is the check line's text. Throws std::invalid_argument naming the template
  /// and the problem.
  static TraceNotation templates(const std::string& move, const std::string& check,
                                 const std::string& path,
                                 LineLayout layout = LineLayout::spacing_free);

  /// Reads one printed line. Never throws.
  TraceLine read(std::string_view line) const;
  /// True when `line` is (or tries to be) the path line: read apart from the trace.
  bool is_path_line(std::string_view line) const;

  std::string move_line(int depth, std::string_view action) const;
  std::string check_line() const;
  std::string path_line(const std::vector<std::string>& moves) const;

 private:
  std::optional<LineTemplate> move_, path_;  // nullopt: the lisp notation
  std::string check_;
};

}  // namespace sg
