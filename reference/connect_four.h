// ConnectFour: the game on a rows x cols board where a move drops a mark into a column, as a
// Game. A state is the board's cells row by row from the top, each 'X', 'O' or '.'. Agent 0 is
// the player to move at the start (X when both have as many marks, else O) and the search plays
// for it; its moves are the columns that are not full, left to right, named by their index from
// 0 ("3"). The game is over at `connect` marks in a line (row, column or diagonal) or a full
// board; the utility is +10000 when agent 0 has a line, -10000 when the opponent has, 0 for a draw.
// Where a search stops early the evaluation is 0 (outcome_only) or, over every window of
// `connect` cells in a line holding marks of one player only, +n^2 for n marks of agent 0 and
// -n^2 for n of the opponent's (open_windows; always within the utility). No I/O, no grading.
#pragma once

#include "reference/game.h"

namespace sg::ref {

enum class ConnectFourEvaluation { outcome_only, open_windows };

struct ConnectFourBoard {
  int rows = 6;
  int cols = 7;
  int connect = 4;
};

class ConnectFour : public Game {
 public:
  /// `start` empty means the empty board. Throws std::invalid_argument for a board of the wrong
  /// size or marks, a mark floating above an empty cell, counts no game reaches, connect not in
  /// 2 .. max(rows, cols), or a board larger than 8 x 8.
  ConnectFour(ConnectFourBoard board, State start = "",
              ConnectFourEvaluation evaluation = ConnectFourEvaluation::outcome_only);

  State initial_state() const override { return start_; }
  int agents() const override { return 2; }
  std::vector<GameMove> moves(const State& state, int agent) const override;
  bool is_terminal(const State& state) const override;
  double evaluate(const State& state) const override;

 private:
  char mark_of(int agent) const { return agent == 0 ? own_ : (own_ == 'X' ? 'O' : 'X'); }
  char winner(const State& state) const;
  /// Every window of `connect` cells in a line, as cell indices.
  std::vector<std::vector<int>> windows_;
  ConnectFourBoard board_;
  State start_;
  ConnectFourEvaluation evaluation_;
  char own_ = 'X';
};

}  // namespace sg::ref
