#include "reference/tic_tac_toe.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace sg::ref {
namespace {

constexpr std::array<std::array<int, 3>, 8> kLines{
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

// The mark with three in a line, or '.'.
char winner(const State& board) {
  for (const auto& line : kLines)
    if (board[line[0]] != '.' && board[line[0]] == board[line[1]] &&
        board[line[1]] == board[line[2]])
      return board[line[0]];
  return '.';
}

// Lines that hold no mark of `other`.
int open_lines(const State& board, char other) {
  int open = 0;
  for (const auto& line : kLines)
    open += board[line[0]] != other && board[line[1]] != other && board[line[2]] != other;
  return open;
}

}  // namespace

TicTacToe::TicTacToe(State start, TicTacToeEvaluation evaluation)
    : start_(std::move(start)), evaluation_(evaluation) {
  if (start_.size() != 9 || start_.find_first_not_of("XO.") != std::string::npos)
    throw std::invalid_argument(
        std::string("a tic-tac-toe board is 9 cells of X, O or '.', row by row: '")
            .append(start_)
            .append("'"));
  const auto xs = std::count(start_.begin(), start_.end(), 'X');
  const auto os = std::count(start_.begin(), start_.end(), 'O');
  if (xs != os && xs != os + 1)
    throw std::invalid_argument(
        std::string("no game of tic-tac-toe reaches '")
            .append(start_)
            .append("' (X moves first: X has as many marks as O, or one more)"));
  own_ = xs == os ? 'X' : 'O';
}

std::vector<GameMove> TicTacToe::moves(const State& state, int agent) const {
  std::vector<GameMove> result;
  if (is_terminal(state)) return result;
  for (int cell = 0; cell < 9; ++cell) {
    if (state[cell] != '.') continue;
    State next = state;
    next[cell] = mark_of(agent);
    std::string action = "(";
    action += static_cast<char>('0' + cell / 3);
    action += ", ";
    action += static_cast<char>('0' + cell % 3);
    action += ')';
    result.push_back({std::move(action), std::move(next), 0.0});
  }
  return result;
}

bool TicTacToe::is_terminal(const State& state) const {
  return winner(state) != '.' || state.find('.') == std::string::npos;
}

double TicTacToe::evaluate(const State& state) const {
  const char won = winner(state);
  // With open_lines the utility (9) outweighs any evaluation (at most 8 open lines).
  const double utility = evaluation_ == TicTacToeEvaluation::open_lines ? 9.0 : 1.0;
  if (won != '.') return won == own_ ? utility : -utility;
  if (state.find('.') == std::string::npos || evaluation_ == TicTacToeEvaluation::outcome_only)
    return 0.0;
  return open_lines(state, mark_of(1)) - open_lines(state, own_);
}

}  // namespace sg::ref
