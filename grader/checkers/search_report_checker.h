// Judges what a search program reports (seed 002's shape, and any program like it): one report
// per search, each a "Boards Generated: N" line, a "Solution Length: N" line and one line per
// move, `{:action :left, :new-state BOARD}`, the board optional and written in the spec's board
// notation. Moves name the direction the BLANK moves. Three aspects: the path (legal, reaches
// the goal, shortest where asked, within a depth bound, the boards printed after each move),
// the length (the number of moves), the boards generated (a number, at least the path's, and
// ordered between searches as the spec asks).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checkers/field_extractor.h"
#include "checkers/state_text.h"
#include "model/grade_report.h"
#include "notation/board_notation.h"
#include "notation/move_names.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// One search's report, as printed.
struct SearchReport {
  int first_line = 0;     ///< The "Boards Generated" line, 1-based.
  std::string generated;  ///< The text after "Boards Generated:".
  std::optional<std::string> length;
  int length_line = 0;
  struct Move {
    int line = 0;
    std::string word;                  ///< As printed: "left", "L".
    std::optional<std::string> state;  ///< The `:new-state` text, when printed.
  };
  std::vector<Move> moves;
};

/// How a report's lines are read: patterns with named groups (checkers/field_extractor.h),
/// searched in each line. The seed's by default; a spec may write its own.
struct ReportLines {
  FieldPattern generated;  ///< (?<generated>...): the boards generated; starts a report.
  FieldPattern length;     ///< (?<length>...): the solution length.
  FieldPattern move;       ///< (?<action>...), and (?<state>...) when the line shows the board.
  /// The board after a move, read apart from `move` (the seed's `:new-state`); nullopt when
  /// `move` has its own (?<state>...) or boards are not printed.
  std::optional<FieldPattern> state;
  /// How feedback writes a move: ":{}" for the seed's keywords (`:up`), "{}" for a course
  /// whose report prints plain words.
  std::string move_shown = "{}";
  /// The words printed for the blank's moves (read case-blind): seed 002's up, down, left,
  /// right, or the course's own (`U`, `D`, ...).
  MoveNames words = MoveNames({"up", "down", "left", "right"});

  /// Seed 002's: "Boards Generated: N" and "Solution Length: N" (":" or " -" after the label,
  /// any case), "{:action :left, :new-state BOARD}".
  static ReportLines seed();
};

/// Every report in `printed`, in order (a `generated` line starts one). Lines before the first
/// report are headers, ignored.
std::vector<SearchReport> read_search_reports(const std::string& printed,
                                              const ReportLines& lines = ReportLines::seed());

/// The first solution length line of `printed` (a program that printed a solution), or nullopt.
std::optional<NumberedLine> solution_length_line(const std::string& printed,
                                                 const ReportLines& lines = ReportLines::seed());

/// What one search must report.
struct ReportedSearch {
  std::string name;  ///< For feedback and `fewer_boards`.
  bool optimal = true;
  std::optional<std::size_t> bound;  ///< Depth bound in moves.
};

/// What every report is judged against.
struct SearchReportsExpected {
  const ref::TilePuzzle* puzzle = nullptr;
  ref::Tiles start;
  const BoardNotation* notation = nullptr;  ///< How `:new-state` boards are written.
  std::vector<ReportedSearch> searches;     ///< One per report, in print order.
  std::size_t shortest = 0;                 ///< The reference's shortest path length.
  /// Pairs (A, B): search A must report no more boards generated than search B.
  std::vector<std::pair<std::string, std::string>> fewer_boards;
  ReportLines lines = ReportLines::seed();
};

/// The aspects "path", "length" and "generated" of the program's stdout `printed`; each one's
/// feedback is its first problem, naming the search and the line.
std::vector<AspectOutcome> judge_search_reports(const SearchReportsExpected& expected,
                                                const std::string& printed);

}  // namespace sg
