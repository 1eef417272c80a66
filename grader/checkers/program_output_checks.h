// The checks a program's printed output is judged by, against a board the test sets up (seed
// 004's command-line puzzle, and any program like it) in a built-in sliding-tile domain or a rules
// world with `board:`: text that must or must not appear, the expected board on a line in a named
// board notation, the pretty grid, the legal moves, named fields, and a solution path of moves
// read through the spec's patterns (checkers/field_extractor.h). Each check returns why it failed,
// or nothing.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "notation/board_notation.h"
#include "reference/problem.h"

namespace sg {

/// What the test means in the reference's terms: the test's world (nullopt when the test judges
/// text only), the spec's board notation, the state the program is set to and the state after
/// the test's moves.
struct BoardExpectation {
  /// The board world (nullptr when the test judges text only), its actions named by the blank's
  /// moves ("up", ...: domains/board_moves.h), starting at the test's start: a built-in board or
  /// a rules world with `board:`.
  std::shared_ptr<const ref::Problem> world;
  /// The board a state of the world is (row by row, 0 the blank).
  std::function<std::optional<ref::Tiles>(const ref::State&)> board_of;
  BoardShape shape;
  const BoardNotation* notation = nullptr;
  /// The goal as feedback names it ("the goal b12 345 678"); nullptr: "a goal".
  std::function<std::string()> goal_text;
  std::optional<ref::State> start;
  std::optional<ref::State> state;  ///< start with the test's moves applied
  /// Moves of a shortest solution from start, where a solution check asks (nullopt: the goal
  /// cannot be reached, or nothing asks).
  std::optional<std::size_t> shortest;

  /// The board a state of the world is. Throws std::logic_error for a state that is no board.
  ref::Tiles tiles(const ref::State& of) const;
  /// A board, and a state of the world, in the spec's notation.
  std::string show(const ref::Tiles& tiles) const;
  std::string show(const ref::State& of) const { return show(tiles(of)); }
};

/// The line a `state: NAME` check wants: the expected state in the board notation NAME (a
/// name find_board_notation knows). Throws std::invalid_argument when NAME cannot write it.
std::string state_line(const BoardExpectation& expected, const nlohmann::json& notation_name);

/// Why a `state: NAME` check failed: the line wanted and the notation's description.
std::string state_line_wanted(const BoardExpectation& expected,
                              const nlohmann::json& notation_name);

/// The legal moves in the expected state, as the world names them: "up", "down", ...
std::set<std::string> allowed_moves(const BoardExpectation& expected);

/// The grid a program printed: empty when it shows the expected state, else why not.
std::string judge_grid(const BoardExpectation& expected, const ref::Tiles& grid);

/// The allowed moves a program listed (`shown` as printed, `where`: "line 3: "), judged as a set
/// without repeats: empty when right, else why not.
std::string judge_allowed_moves(const BoardExpectation& expected,
                                const std::vector<std::string>& listed, const std::string& shown,
                                const std::string& where);

/// A check's type: its single key in the spec ("state", "solution"); "" for anything else.
std::string output_check_type(const nlohmann::json& check);

/// One output check of type `type` (contains, absent, state, grid, allowed_moves, field) with
/// the spec's `value`, on the program's stdout `printed`: empty when passed, else why not.
/// Throws std::logic_error for another type (the spec was validated).
std::string run_output_check(const std::string& type, const nlohmann::json& value,
                             const BoardExpectation& expected, const std::string& printed);

/// A solution path's length as printed: the text of `length`'s group and the line showing it.
struct PrintedLength {
  std::string text;
  std::string where;  ///< "line 7 `Solution Length: 5`"
};

/// A solution a program showed, judged (aspect "path"): its moves (the world's action names)
/// legal from the start to the goal, shortest unless `value.optimal` is false, and its printed
/// length, if `value.length` reads one, equal to their number.
AspectOutcome judge_solution(const nlohmann::json& value, const BoardExpectation& expected,
                             const std::vector<std::string>& path,
                             const std::optional<PrintedLength>& length);

/// A `solution: {path, length, ignore, optimal}` check on `printed`: reads the path's moves
/// through the pattern's group `moves` (words in `ignore` dropped) and judges them. With
/// `boards: dimension_rows` instead of `path`, the solution is the boards printed as their
/// dimension and rows (notation/dimension_rows.h), from the start, one slide apart; the moves
/// between them are judged.
AspectOutcome run_solution_check(const nlohmann::json& value, const BoardExpectation& expected,
                                 const std::string& printed);

}  // namespace sg
