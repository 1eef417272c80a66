#include "reference/ida_star.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

namespace sg::ref {
namespace {

constexpr int kFound = -1;

// The board in goal-cell terms: cell -> id of the tile there, where a tile's id is its goal cell.
class Search {
 public:
  Search(const TilePuzzle& puzzle, const Tiles& start)
      : rows_(puzzle.rows()), cols_(puzzle.cols()), size_(static_cast<int>(puzzle.size())) {
    if (puzzle.topology() != Topology::bounded)
      throw std::invalid_argument("IDA* with linear conflicts needs a bounded board");
    if (!puzzle.tiles_distinct())
      throw std::invalid_argument("IDA* with linear conflicts needs distinct tiles");
    if (const std::string problem = puzzle.validate(start); !problem.empty())
      throw std::invalid_argument(problem);
    board_.resize(size_);
    for (int cell = 0; cell < size_; ++cell) {
      const int value = start[cell];
      board_[cell] = static_cast<int>(*puzzle.goal_cell(value));
      if (value == 0) blank_ = cell;
    }
    blank_id_ = static_cast<int>(*puzzle.goal_cell(0));
    row_conflicts_.resize(rows_);
    col_conflicts_.resize(cols_);
    for (int cell = 0; cell < size_; ++cell)
      if (board_[cell] != blank_id_) manhattan_ += distance(cell, board_[cell]);
    for (int r = 0; r < rows_; ++r) conflicts_ += row_conflicts_[r] = row_conflict(r);
    for (int c = 0; c < cols_; ++c) conflicts_ += col_conflicts_[c] = col_conflict(c);
  }

  int heuristic() const { return manhattan_ + 2 * conflicts_; }

  // Parity argument: every move is a transposition of the blank with a tile; a horizontal move
  // keeps the row-major order of the tiles, a vertical one shifts one tile by cols - 1 places.
  bool solvable() const {
    std::vector<int> order;
    for (int cell = 0; cell < size_; ++cell)
      if (board_[cell] != blank_id_) order.push_back(board_[cell] - (board_[cell] > blank_id_));
    int inversions = 0;
    for (std::size_t i = 0; i < order.size(); ++i)
      for (std::size_t j = i + 1; j < order.size(); ++j) inversions += order[i] > order[j];
    int parity = inversions;
    if (cols_ % 2 == 0) parity += std::abs(blank_ / cols_ - blank_id_ / cols_);
    return parity % 2 == 0;
  }

  std::optional<IdaStarResult> run() {
    if (!solvable()) return std::nullopt;
    IdaStarResult result;
    int bound = heuristic();
    while (true) {
      ++result.iterations;
      const int next = dfs(0, bound, -1, result);
      if (next == kFound) break;
      bound = next;
    }
    result.moves.assign(path_.begin(), path_.end());
    return result;
  }

 private:
  int distance(int cell, int id) const {
    return std::abs(cell / cols_ - id / cols_) + std::abs(cell % cols_ - id % cols_);
  }

  // Tiles of the line that are in their goal line minus the longest increasing run of their goal
  // positions along the line (O(k^2) is fine: k <= line length).
  static int line_conflict(const int* goal_positions, int count) {
    if (count < 2) return 0;
    int longest = 0;
    int lis[64];
    for (int i = 0; i < count; ++i) {
      lis[i] = 1;
      for (int j = 0; j < i; ++j)
        if (goal_positions[j] < goal_positions[i]) lis[i] = std::max(lis[i], lis[j] + 1);
      longest = std::max(longest, lis[i]);
    }
    return count - longest;
  }

  int row_conflict(int r) const {
    int positions[64];
    int count = 0;
    for (int c = 0; c < cols_; ++c) {
      const int id = board_[r * cols_ + c];
      if (id != blank_id_ && id / cols_ == r) positions[count++] = id % cols_;
    }
    return line_conflict(positions, count);
  }

  int col_conflict(int c) const {
    int positions[64];
    int count = 0;
    for (int r = 0; r < rows_; ++r) {
      const int id = board_[r * cols_ + c];
      if (id != blank_id_ && id % cols_ == c) positions[count++] = id / cols_;
    }
    return line_conflict(positions, count);
  }

  std::optional<int> target(int move) const {
    const int r = blank_ / cols_, c = blank_ % cols_;
    switch (static_cast<BlankMove>(move)) {
      case BlankMove::up:
        return r > 0 ? std::optional<int>(blank_ - cols_) : std::nullopt;
      case BlankMove::down:
        return r + 1 < rows_ ? std::optional<int>(blank_ + cols_) : std::nullopt;
      case BlankMove::left:
        return c > 0 ? std::optional<int>(blank_ - 1) : std::nullopt;
      case BlankMove::right:
        return c + 1 < cols_ ? std::optional<int>(blank_ + 1) : std::nullopt;
    }
    return std::nullopt;
  }

  static int opposite(int move) {
    switch (static_cast<BlankMove>(move)) {
      case BlankMove::up:
        return static_cast<int>(BlankMove::down);
      case BlankMove::down:
        return static_cast<int>(BlankMove::up);
      case BlankMove::left:
        return static_cast<int>(BlankMove::right);
      case BlankMove::right:
        return static_cast<int>(BlankMove::left);
    }
    return -1;
  }

  // Returns kFound, or the smallest f above `bound` seen below this node.
  int dfs(int g, int bound, int previous, IdaStarResult& result) {
    const int f = g + heuristic();
    if (f > bound) return f;
    if (manhattan_ == 0) return kFound;
    ++result.expanded;
    int smallest = std::numeric_limits<int>::max();
    for (int move = 0; move < 4; ++move) {
      if (previous >= 0 && move == opposite(previous)) continue;
      const auto next = target(move);
      if (!next) continue;
      const int from = *next, to = blank_;
      const int id = board_[from];
      const bool vertical = from / cols_ != to / cols_;
      // Slide the tile from `from` into the blank's cell `to`.
      const int saved_manhattan = manhattan_, saved_conflicts = conflicts_;
      manhattan_ += distance(to, id) - distance(from, id);
      board_[to] = id;
      board_[from] = blank_id_;
      blank_ = from;
      const int line_a = vertical ? from / cols_ : from % cols_;
      const int line_b = vertical ? to / cols_ : to % cols_;
      std::vector<int>& lines = vertical ? row_conflicts_ : col_conflicts_;
      const int old_a = lines[line_a], old_b = lines[line_b];
      const int new_a = vertical ? row_conflict(line_a) : col_conflict(line_a);
      const int new_b = vertical ? row_conflict(line_b) : col_conflict(line_b);
      conflicts_ += new_a - old_a + new_b - old_b;
      lines[line_a] = new_a;
      lines[line_b] = new_b;
      path_.push_back(static_cast<BlankMove>(move));

      const int below = dfs(g + 1, bound, move, result);
      if (below == kFound) return kFound;
      smallest = std::min(smallest, below);

      path_.pop_back();
      lines[line_a] = old_a;
      lines[line_b] = old_b;
      blank_ = to;
      board_[from] = id;
      board_[to] = blank_id_;
      manhattan_ = saved_manhattan;
      conflicts_ = saved_conflicts;
    }
    return smallest;
  }

  int rows_, cols_, size_;
  std::vector<int> board_;
  int blank_ = 0;
  int blank_id_ = 0;
  int manhattan_ = 0;
  int conflicts_ = 0;
  std::vector<int> row_conflicts_, col_conflicts_;
  std::vector<BlankMove> path_;
};

void check_line_length(const TilePuzzle& puzzle) {
  if (puzzle.rows() > 64 || puzzle.cols() > 64)
    throw std::invalid_argument("IDA* supports at most 64 rows and 64 columns");
}

}  // namespace

int manhattan_linear_conflict(const TilePuzzle& puzzle, const Tiles& state) {
  check_line_length(puzzle);
  return Search(puzzle, state).heuristic();
}

bool is_solvable(const TilePuzzle& puzzle, const Tiles& state) {
  check_line_length(puzzle);
  return Search(puzzle, state).solvable();
}

std::optional<IdaStarResult> ida_star(const TilePuzzle& puzzle, const Tiles& start) {
  check_line_length(puzzle);
  return Search(puzzle, start).run();
}

}  // namespace sg::ref
