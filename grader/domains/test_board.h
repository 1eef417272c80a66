// A board a program test gives itself, read into the reference's terms with errors at the key:
// seed 001's (its own size, `dimensions` "(columns rows)" or `rows` and `cols`, and its `start`
// and `goal` in the spec's board notation), or seed 002's (`puzzle: {n, start, goal}`, the JSON
// its program reads, or a `start` on the spec's sliding-tile `domain`). Any other program test on
// a board reads it with sliding_tile_setup.h's puzzle_for_test and read_state.
#pragma once

#include <optional>
#include <string>

#include "model/assignment.h"
#include "notation/board_notation.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// A test's board: the puzzle (its goal), the start, and how the spec writes boards.
struct TestBoard {
  ref::TilePuzzle puzzle;
  ref::Tiles start;
  const BoardNotation* notation = nullptr;  ///< The spec's `notation.state`.

  BoardShape shape() const { return {puzzle.rows(), puzzle.cols()}; }
  /// A board as the spec writes it.
  std::string show(const ref::Tiles& tiles) const { return notation->print(tiles, shape()); }
  /// A board written in the spec's notation, or nullopt.
  std::optional<ref::Tiles> read(const std::string& text) const;
};

/// A test's own size: `rows` and `cols` (1 to 16), or seed 001's `dimensions` "(columns rows)";
/// `text` is the {dimensions} a program's input writes (the test's own, or "(cols rows)").
struct TestBoardSize {
  BoardShape shape;
  std::string text;
};

/// Throws SpecError at the key, or at the test when it gives both forms or neither.
TestBoardSize read_board_size(const TestSpec& test);

/// The test's `key` ("start", "goal", "dimensions") as the text it writes. Throws SpecError when
/// it is missing or not text; `kind` names the test's kind in the error.
std::string board_text(const TestSpec& test, const std::string& key, const std::string& kind);

/// Seed 001's board: its own size, `start` and `goal` in the spec's board notation, one blank.
/// Throws SpecError at `/start` or `/goal` for a board the reference refuses.
TestBoard read_sized_board(const Assignment& assignment, const TestSpec& test);

/// Seed 002's board: the test's `puzzle` {n, start, goal}, or the spec's bounded sliding-tile
/// `domain` with the test's `start` (and `goal`), one blank. Throws SpecError at the key.
TestBoard read_puzzle_board(const Assignment& assignment, const TestSpec& test);

/// Seed 002's JSON of the board (notation/json_puzzle.h), for a square board; nullopt otherwise.
std::optional<std::string> puzzle_json(const TestBoard& board);

}  // namespace sg
