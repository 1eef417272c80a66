// Judges what a board object's methods return, as Princeton's 8-puzzle Board and Solver define
// them (COS 226, "Algorithms, Part I"), on values read back through the driver (a Board comes
// back as its toString(), the Java driver's $repr): twin(), equals(), toString(), a Solver's
// moves() and solution(), and an argument the API must reject. Each check says what the
// student's code returned, drawn as toString() draws a board.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "checkers/puzzle_function_checker.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// twin() of `board` (`puzzle`'s shape) must be a board that swaps two tiles of it, neither
/// the blank.
FunctionCallCheck check_twin(const ref::TilePuzzle& puzzle, const ref::Tiles& board,
                             const nlohmann::json& returned, const std::string& call);

/// A method that returns a boolean (equals(), isSolvable()) must return `expected`; `call` says
/// with what it was called ("new Board(...).equals(null)").
FunctionCallCheck check_boolean(bool expected, const nlohmann::json& returned,
                                const std::string& call);

/// tileAt(row, col) called on every cell of `board` in row-major order (the driver's `map`):
/// `returned` must list the board's tiles, 0 for the blank. `made` is how the Board was built
/// ("new Board([[...]])"); feedback names the first wrong cell.
FunctionCallCheck check_tiles_at(const ref::TilePuzzle& puzzle, const ref::Tiles& board,
                                 const nlohmann::json& returned, const std::string& made);

/// How strictly toString()'s text is read (COS 226's grader reads the dimension and the tiles as
/// tokens; its "prescribed format" is n + 1 lines).
enum class BoardTextLayout {
  tokens,   ///< the dimension, then the n * n tiles in row-major order, any whitespace between
  lines,    ///< n + 1 lines: the dimension alone, then one row per line; spacing in a line free
  aligned,  ///< lines, each tile written as String.format("%2d ", tile) (the handout's code)
};

/// toString() of `board` must draw it as `layout` asks. Under `lines`, a text whose spacing
/// differs from the handout's `%2d ` passes with a note saying so (the course does not charge it).
FunctionCallCheck check_board_text(const ref::TilePuzzle& puzzle, const ref::Tiles& board,
                                   const nlohmann::json& returned, const std::string& call,
                                   BoardTextLayout layout);

/// A Solver of `start`: `returned` is {"moves": moves(), "solution": solution(), "solvable":
/// isSolvable()} ("solvable" absent for a Solver that has no isSolvable()). With `shortest` (a
/// shortest solution's number of moves) moves() must be it, isSolvable() true, and solution() the
/// boards from `start` to the goal one slide apart, moves() + 1 of them; without (unsolvable)
/// moves() -1, solution() null, isSolvable() false.
FunctionCallCheck check_board_solver(const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                     std::optional<std::size_t> shortest,
                                     const nlohmann::json& returned, const std::string& call);

/// A call that must throw `expected` (a simple class name: IllegalArgumentException).
/// `returned` is {"raised": type or null, "message": text}.
FunctionCallCheck check_raises(const std::string& expected, const nlohmann::json& returned,
                               const std::string& call);

}  // namespace sg
