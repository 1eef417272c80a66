// The roles of a puzzle_function test that call a board object's own methods through the driver
// (Princeton's 8-puzzle: a Board built from int[][] rows, a Solver built from a Board):
//   dimension  new Board(tiles).dimension(): n (`function: size` on campus)
//   tile_at    new Board(tiles).tileAt(row, col) on every cell: the tile there, 0 for the blank
//   solvable   new Board(tiles).isSolvable(): whether the goal can be reached (campus)
//   twin       new Board(tiles).twin(): two tiles swapped, neither the blank
//   equals     new Board(tiles).equals(x) against an equal board, itself, a neighbor, null,
//              another type and a board of another size
//   to_string  its toString(): the board drawn, as tokens (value), in the course's layout
//              (format: n + 1 lines; with `layout: aligned` also the handout's %2d spacing)
//   immutable  the caller's array changed after construction: toString() still draws the board
//   memory     new Board(tiles)'s deep size (the measuring agent) within `bytes_at_most` at n
//   solve      new Solver(new Board(tiles)): isSolvable(), moves() a shortest solution's length
//              and solution() the boards from the start to the goal (-1 and null, unsolvable);
//              with `unsolvable: throws` (campus) no isSolvable(), and the constructor throws
//              `raises` on an unsolvable board; with `memory:` and `calls:` (measured_cost_plan.h)
//              the Solver's deep size after solution() and the board methods' computations
//   rejects_null  new Class(null) throws the test's `raises` (default IllegalArgumentException)
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "kinds/puzzle_function_plan.h"
#include "model/assignment.h"
#include "reference/tile_puzzle.h"

namespace sg::puzzle_function {

/// One board of a test: its puzzle (the board's size, the domain's goal pattern), its tiles,
/// the value passed to the constructor (rows) and how feedback writes that argument.
struct PlannedBoard {
  std::shared_ptr<const ref::TilePuzzle> puzzle;
  ref::Tiles tiles;
  nlohmann::json passed;
  std::string argument;
};

/// The board objects' classic slips, mutant id -> the mistake in the student's terms: each
/// planned call says what a submission with the slip returns (Call::slips), for `audit`.
const std::map<std::string, std::string>& board_object_slips();

/// True for the roles this file plans.
bool is_board_object_role(Role role);

/// Adds `board`'s calls for `plan.role` (dimension, tile_at, solvable, twin, equals, to_string,
/// immutable, memory, solve) to `plan`; the Board class is plan.receiver, the method plan.function
/// where the spec names it, the Solver's the test's `solver` (default Solver).
void plan_board_object_calls(const Assignment& assignment, const PlannedBoard& board,
                             const TestSpec& test, Plan& plan);

/// rejects_null: one call, `new <receiver>(null)`, that must throw the test's `raises`.
void plan_null_argument_call(const TestSpec& test, Plan& plan);

}  // namespace sg::puzzle_function
