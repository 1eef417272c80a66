// Turns the spec's domain and search sections into the reference's terms (TilePuzzle, Heuristic,
// FrontierPolicy), and reads states from test inputs, with spec errors that point at the key.
#pragma once

#include <optional>
#include <string>

#include "model/assignment.h"
#include "notation/move_names.h"
#include "reference/astar.h"
#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"
#include "spec/test_keys.h"  // location_of, check_keys, read_word: every kind reads with them

namespace sg {

/// The assignment's puzzle. Throws SpecError (at the test) if the spec has no sliding_tile domain.
ref::TilePuzzle make_puzzle(const Assignment& assignment, const TestSpec& test);

/// The spec's sliding_tile puzzle, with the test's `goal:` (a state) instead of the domain's goal
/// when the test has one. Throws SpecError at the key, and when `one_blank` and the puzzle has
/// several blanks (a test that names THE blank's moves).
ref::TilePuzzle puzzle_for_test(const Assignment& assignment, const TestSpec& test,
                                bool one_blank = true);

/// The board of a sliding-tile domain (the spec's `domain`, or one of its `domains`), with the
/// test's `goal:` (a state in `notation`) instead of the domain's when the test has one. Throws
/// SpecError at the key, and when `one_blank` and the puzzle has several blanks.
ref::TilePuzzle board_for_test(const SlidingTileDomain& board, const std::string& notation,
                               const TestSpec& test, bool one_blank);

/// `puzzle` at another size, its goal's pattern kept: tiles in order with the blank last
/// (Princeton's 8-puzzle: 1 .. n*n - 1, then 0) or first. `puzzle` itself when the size is its
/// own. Returns nullopt when the goal follows neither pattern (a goal the spec wrote by hand has
/// no counterpart of another size).
std::optional<ref::TilePuzzle> puzzle_of_size(const ref::TilePuzzle& puzzle, int rows, int cols);

/// The assignment's heuristic ("misplaced_tiles" → Heuristic::misplaced_tiles, ...).
ref::Heuristic assignment_heuristic(const Assignment& assignment);
/// The same of a sliding-tile domain.
ref::Heuristic board_heuristic(const SlidingTileDomain& board);

/// The domain's `action_order` (A2: left, right, up, down), or up, down, left, right if unset.
std::vector<ref::BlankMove> assignment_action_order(const Assignment& assignment);
/// The same of a sliding-tile domain.
std::vector<ref::BlankMove> board_action_order(const SlidingTileDomain& board);

/// The boards one blank move away from `board`, the moves tried in `order`: what a
/// depth-limited search expands.
std::vector<ref::Tiles> successor_boards(const ref::TilePuzzle& puzzle,
                                         const std::vector<ref::BlankMove>& order,
                                         const ref::Tiles& board);

/// True when tests of the kinds that order successors (print_succ, solve, priority_queue) follow
/// the domain's action_order: the spec's `search.successor_order` is `move_order`.
bool successors_in_action_order(const Assignment& assignment);

/// Human wording of the heuristic for feedback ("misplaced tiles, not counting the blank").
std::string heuristic_wording(ref::Heuristic heuristic);

/// Reads `test.input[key]` as a valid state of `puzzle`: a list of integers (row-major, 0 = blank)
/// or a text in the board notation named `notation` (notation/board_notation.h; the spec's
/// `notation.state`). Throws SpecError at the key's location when it is missing, neither, or not
/// a state of the puzzle.
ref::Tiles read_state(const TestSpec& test, const std::string& key, const ref::TilePuzzle& puzzle,
                      std::string_view notation = "python_list");

/// Throws SpecError at `pointer` (an input key, e.g. "/goal"; "" for the test) when `puzzle` has
/// more than one blank: a test of this kind names THE blank's moves (up, down, left, right),
/// which several blanks leave ambiguous.
void require_one_blank(const ref::TilePuzzle& puzzle, const TestSpec& test,
                       const std::string& pointer);

/// The words a program prints for the blank's moves: the test's `move_names` (`lower`, `upper`,
/// or {up: U, down: D, left: L, right: R}), else `fallback` (seed 001's UP, DOWN, LEFT, RIGHT;
/// seed 002's up, down, left, right). Read case-blind, shown as written. Throws SpecError at
/// the key.
MoveNames read_move_names(const TestSpec& test, MoveNames fallback);

}  // namespace sg
