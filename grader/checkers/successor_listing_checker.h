// Checks a printed list of successors ("[1, 2, 0, 4, 5, 3, 6, 7, 8] h=4" per line) against the
// reference's successors, as three separately graded aspects:
//   successors — exactly the right states, each once, each with the right h;
//   order      — printed in the order the assignment prescribes (e.g. ascending);
//   format     — each line in the canonical form, up to runs of whitespace.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/grade_report.h"
#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// One successor the submission must print.
struct ExpectedSuccessor {
  ref::Tiles state;
  int h = 0;
  ref::BlankMove move = ref::BlankMove::up;
  bool wraps = false;          ///< The blank leaves one edge and re-enters on the opposite one.
  std::size_t blank_cell = 0;  ///< The cell of the blank that moved (r * cols + c).
  int h_counting_blanks = 0;   ///< h with the blanks counted as tiles (the classic mistake).
};

struct SuccessorListingExpected {
  ref::Tiles parent;
  std::vector<ExpectedSuccessor> successors;  ///< In the order they must be printed.
  std::string heuristic_name;                 ///< For feedback, e.g. "misplaced tiles".
};

struct SuccessorListingCheck {
  AspectOutcome successors;
  AspectOutcome order;
  AspectOutcome format;
  std::string expected_text;  ///< The canonical expected output, one line per successor.
};

/// The reference's expectation for print_succ(parent): successors with h, in ascending order of
/// the states, or else in `move_order` (the order of the blank's moves).
SuccessorListingExpected expected_successor_listing(const ref::TilePuzzle& puzzle,
                                                    ref::Heuristic heuristic,
                                                    const ref::Tiles& parent, bool ascending,
                                                    const std::vector<ref::BlankMove>& move_order);

/// The canonical expected output, one line per successor: "[1, 2, 0, 4, 5, 3, 6, 7, 8] h=4".
std::string expected_listing_text(const SuccessorListingExpected& expected);

/// Compares `printed` (what print_succ wrote to stdout) with `expected`. `puzzle` is used only to
/// explain unexpected lines (not a state of this puzzle / not one move away).
SuccessorListingCheck check_successor_listing(const ref::TilePuzzle& puzzle,
                                              const SuccessorListingExpected& expected,
                                              std::string_view printed);

/// "the blank moves up from the top row and wraps around to the bottom row" and similar.
std::string describe_move(const ref::TilePuzzle& puzzle, std::size_t blank_cell,
                          ref::BlankMove move);

}  // namespace sg
