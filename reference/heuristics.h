// Heuristics for sliding-tile puzzles: estimates h(s) of the number of moves from s to the goal.
//
// All three are admissible (never overestimate) and consistent on both topologies, because one
// move changes the position of exactly one tile by one cell:
//   - zero:            h = 0; turns A* into uniform-cost search.
//   - misplaced_tiles: the number of TILES (the blank is not a tile) not on their goal cell. This
//                      is the Torus 8-Puzzle seed's heuristic ("the count of tiles which are not
//                      in their goal spaces"). With repeated tile values a cell counts as
//                      misplaced iff it holds a tile and that tile differs from the goal's value
//                      for the cell.
//   - manhattan:       the sum over tiles of the grid distance from the tile's cell to its goal
//                      cell. On a torus each axis uses the wrap-around distance min(d, n - d).
//                      Needs distinct tile values (otherwise "its goal cell" is ambiguous).
#pragma once

#include <optional>
#include <string_view>

#include "reference/tile_puzzle.h"

namespace sg::ref {

/// Which heuristic to evaluate; see the file comment for definitions.
enum class Heuristic { zero, misplaced_tiles, manhattan };

/// h(state) for `puzzle`: a non-negative number of moves.
/// Errors: std::invalid_argument if state.size() != puzzle.size(); for manhattan, also if the
/// puzzle's tiles are not distinct ("manhattan needs distinct tiles") or `state` holds a tile
/// the goal does not. Does not otherwise validate `state` (see TilePuzzle::validate).
int evaluate(const TilePuzzle& puzzle, const Tiles& state, Heuristic heuristic);

/// h(state) with the blanks counted as if they were tiles (misplaced: each blank off a goal
/// blank's cell; Manhattan: each blank's distance to the goal's first blank, as `goal.index(0)`
/// finds it): not admissible, and the classic mistake of students who forget to skip them. For
/// the grader's mutants and diagnoses. Same errors as evaluate().
int evaluate_counting_blank(const TilePuzzle& puzzle, const Tiles& state, Heuristic heuristic);

/// "zero", "misplaced_tiles" or "manhattan".
std::string_view to_string(Heuristic heuristic);

/// Parses the names produced by to_string (exactly); nullopt for anything else.
std::optional<Heuristic> parse_heuristic(std::string_view name);

}  // namespace sg::ref
