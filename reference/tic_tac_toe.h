// TicTacToe: the game on a 3 x 3 board as a Game. A state is the nine cells row by row, each
// 'X', 'O' or '.' ("X.O......"). Agent 0 is the player to move at the start (X when both have
// as many marks, else O) and the search plays for it; a move puts the mover's mark on an empty
// cell, tried row by row ("(row, col)", from 0). The game is over at three in a line or a full
// board; the utility is +1 when agent 0 has a line, -1 when the opponent has, 0 for a draw.
// Where a search stops early the evaluation is 0 (outcome_only) or the lines still open to
// agent 0 minus those still open to the opponent (open_lines; its utilities are then +9 and -9,
// beyond any evaluation). No I/O, no grading.
#pragma once

#include "reference/game.h"

namespace sg::ref {

enum class TicTacToeEvaluation { outcome_only, open_lines };

class TicTacToe : public Game {
 public:
  /// Throws std::invalid_argument for a board that is not 9 cells of 'X', 'O', '.' or whose
  /// counts no game reaches (O ahead of X, or X two ahead).
  explicit TicTacToe(State start = ".........",
                     TicTacToeEvaluation evaluation = TicTacToeEvaluation::outcome_only);

  State initial_state() const override { return start_; }
  int agents() const override { return 2; }
  std::vector<GameMove> moves(const State& state, int agent) const override;
  bool is_terminal(const State& state) const override;
  double evaluate(const State& state) const override;

 private:
  char mark_of(int agent) const { return agent == 0 ? own_ : (own_ == 'X' ? 'O' : 'X'); }

  State start_;
  TicTacToeEvaluation evaluation_;
  char own_;  ///< Agent 0's mark.
};

}  // namespace sg::ref
