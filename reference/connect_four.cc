#include "reference/connect_four.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace sg::ref {

ConnectFour::ConnectFour(ConnectFourBoard board, State start, ConnectFourEvaluation evaluation)
    : board_(board), start_(std::move(start)), evaluation_(evaluation) {
  if (board_.rows < 1 || board_.cols < 1 || board_.rows > 8 || board_.cols > 8)
    throw std::invalid_argument("a Connect Four board has 1 to 8 rows and columns");
  if (board_.connect < 2 || board_.connect > std::max(board_.rows, board_.cols))
    throw std::invalid_argument("connect: from 2 to the board's longer side");
  const std::size_t cells = static_cast<std::size_t>(board_.rows * board_.cols);
  if (start_.empty()) start_.assign(cells, '.');
  if (start_.size() != cells || start_.find_first_not_of("XO.") != std::string::npos)
    throw std::invalid_argument(std::string("a board of ")
                                    .append(std::to_string(cells))
                                    .append(" cells of X, O or '.', row by row from the top: '")
                                    .append(start_)
                                    .append("'"));
  for (int row = 0; row + 1 < board_.rows; ++row)
    for (int col = 0; col < board_.cols; ++col)
      if (start_[row * board_.cols + col] != '.' && start_[(row + 1) * board_.cols + col] == '.')
        throw std::invalid_argument("a mark floats above an empty cell in column " +
                                    std::to_string(col));
  const auto xs = std::count(start_.begin(), start_.end(), 'X');
  const auto os = std::count(start_.begin(), start_.end(), 'O');
  if (xs != os && xs != os + 1)
    throw std::invalid_argument("no game reaches this board (X moves first)");
  own_ = xs == os ? 'X' : 'O';
  // Windows: right, down, down-right, down-left from every cell.
  const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int row = 0; row < board_.rows; ++row)
    for (int col = 0; col < board_.cols; ++col)
      for (const auto& step : steps) {
        const int last_row = row + step[0] * (board_.connect - 1);
        const int last_col = col + step[1] * (board_.connect - 1);
        if (last_row >= board_.rows || last_col < 0 || last_col >= board_.cols) continue;
        std::vector<int> window;
        for (int k = 0; k < board_.connect; ++k)
          window.push_back((row + step[0] * k) * board_.cols + col + step[1] * k);
        windows_.push_back(std::move(window));
      }
}

char ConnectFour::winner(const State& state) const {
  for (const auto& window : windows_) {
    const char first = state[window[0]];
    if (first == '.') continue;
    if (std::all_of(window.begin(), window.end(), [&](int cell) { return state[cell] == first; }))
      return first;
  }
  return '.';
}

std::vector<GameMove> ConnectFour::moves(const State& state, int agent) const {
  std::vector<GameMove> result;
  if (is_terminal(state)) return result;
  for (int col = 0; col < board_.cols; ++col) {
    int row = board_.rows - 1;
    while (row >= 0 && state[row * board_.cols + col] != '.') --row;
    if (row < 0) continue;
    State next = state;
    next[row * board_.cols + col] = mark_of(agent);
    result.push_back({std::to_string(col), std::move(next), 0.0});
  }
  return result;
}

bool ConnectFour::is_terminal(const State& state) const {
  return winner(state) != '.' || state.find('.') == std::string::npos;
}

double ConnectFour::evaluate(const State& state) const {
  const char won = winner(state);
  if (won != '.') return won == own_ ? 10000.0 : -10000.0;
  if (evaluation_ == ConnectFourEvaluation::outcome_only) return 0.0;
  const char other = mark_of(1);
  double score = 0.0;
  for (const auto& window : windows_) {
    int mine = 0, theirs = 0;
    for (const int cell : window) {
      mine += state[cell] == own_;
      theirs += state[cell] == other;
    }
    if (mine > 0 && theirs == 0) score += mine * mine;
    if (theirs > 0 && mine == 0) score -= theirs * theirs;
  }
  return score;
}

}  // namespace sg::ref
