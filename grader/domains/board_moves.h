// A board world's actions named by the way the blank moves ("up", "down", "left", "right"): what
// a program prints and a handout means by a move, whatever the world calls it (a built-in board
// names them so already; AIMA's EightPuzzle says 'UP', another rules file may name the tile).
// Lets every board check (allowed moves, a solution path, the tile-direction diagnosis) speak
// one language on a built-in board and on a rules world with `board:` alike.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkers/blank_move.h"
#include "domains/search_domain.h"
#include "notation/board_notation.h"
#include "reference/problem.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// `domain` (a board: a built-in sliding-tile domain or a rules world with `board:`) as a problem
/// whose actions are named by the blank's move; an action that is no single blank move keeps its
/// own name. Successors in the world's order, with its costs, goal test and h. `domain` must have
/// a board (tiles_of).
class BoardMoves : public ref::Problem {
 public:
  explicit BoardMoves(SearchDomain domain);

  ref::State initial_state() const override { return domain_.problem->initial_state(); }
  std::vector<ref::Step> successors(const ref::State& state) const override;
  bool is_goal(const ref::State& state) const override { return domain_.problem->is_goal(state); }
  double h(const ref::State& state) const override { return domain_.problem->h(state); }
  bool is_state(const ref::State& state) const override { return domain_.problem->is_state(state); }

  const SearchDomain& domain() const { return domain_; }

 private:
  SearchDomain domain_;
};

}  // namespace sg
