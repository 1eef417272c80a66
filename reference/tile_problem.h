// TileProblem: a sliding-tile puzzle (tile_puzzle.h) as a Problem, so the general algorithms and
// judgements work on boards too. A state is the board written as a Python list,
// "[1, 2, 3, 4, 0, 5, 6, 7, 8]"; an action is the direction the blank moves ("up", "down",
// "left", "right"), in the assignment's order or with successors in ascending order of the
// boards (the torus assignment's); every step costs 1; h is the assignment's heuristic.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <optional>
#include <vector>

#include "reference/heuristics.h"
#include "reference/problem.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// "[1, 2, 3, 4, 0, 5, 6, 7, 8]".
State tiles_state(const Tiles& tiles);

/// The board of a state text written as tiles_state() writes it, or nullopt.
std::optional<Tiles> parse_tiles_state(const State& state);

class TileProblem : public Problem {
 public:
  /// `order` empty: successors in ascending order of the boards.
  TileProblem(TilePuzzle puzzle, Tiles start, Heuristic heuristic,
              std::vector<BlankMove> order = {BlankMove::up, BlankMove::down, BlankMove::left,
                                              BlankMove::right});

  State initial_state() const override { return tiles_state(start_); }
  std::vector<Step> successors(const State& state) const override;
  bool is_goal(const State& state) const override;
  double h(const State& state) const override;
  bool is_state(const State& state) const override;

  const TilePuzzle& puzzle() const { return puzzle_; }
  const Tiles& start() const { return start_; }
  Heuristic heuristic() const { return heuristic_; }
  /// The blank's moves in the order successors are listed; empty: ascending boards.
  const std::vector<BlankMove>& order() const { return order_; }

 private:
  TilePuzzle puzzle_;
  Tiles start_;
  Heuristic heuristic_;
  std::vector<BlankMove> order_;
  State goal_text_;  // tiles_state of the goal: is_goal compares texts
};

}  // namespace sg::ref
