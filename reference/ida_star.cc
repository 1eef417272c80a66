#include "reference/ida_star.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

#include "reference/solvability.h"

namespace sg::ref {
namespace {

constexpr int kMaxCells = 64;
constexpr int kMaxLine = 64;
constexpr int kFound = -1;
constexpr int kStopped = -2;

void check_puzzle(const TilePuzzle& puzzle, const Tiles& state) {
  if (puzzle.topology() != Topology::bounded)
    throw std::invalid_argument("IDA* here needs a bounded board");
  if (!puzzle.tiles_distinct()) throw std::invalid_argument("IDA* here needs distinct tiles");
  if (puzzle.rows() > kMaxLine || puzzle.cols() > kMaxLine ||
      puzzle.rows() * puzzle.cols() > kMaxCells) {
    throw std::invalid_argument("IDA* supports boards of at most 64 cells");
  }
  if (const std::string problem = puzzle.validate(state); !problem.empty())
    throw std::invalid_argument(problem);
}

// The board in goal-cell terms: a tile's id is its goal cell, so distances are table lookups.
class Board {
 public:
  Board(const TilePuzzle& puzzle, const Tiles& start)
      : rows_(puzzle.rows()), cols_(puzzle.cols()), cells_(rows_ * cols_) {
    for (int cell = 0; cell < cells_; ++cell) {
      const int value = start[static_cast<std::size_t>(cell)];
      board_[cell] = static_cast<std::uint8_t>(*puzzle.goal_cell(value));
      if (value == 0) blank_ = cell;
    }
    blank_id_ = static_cast<int>(*puzzle.goal_cell(0));
    for (int id = 0; id < cells_; ++id)
      for (int cell = 0; cell < cells_; ++cell)
        distance_[id][cell] = static_cast<std::uint8_t>(std::abs(cell / cols_ - id / cols_) +
                                                        std::abs(cell % cols_ - id % cols_));
    // Each cell's neighbours in the order up, down, left, right; move m's reverse is m ^ 1.
    for (int cell = 0; cell < cells_; ++cell) {
      const int r = cell / cols_, c = cell % cols_;
      const int targets[4] = {r > 0 ? cell - cols_ : -1, r + 1 < rows_ ? cell + cols_ : -1,
                              c > 0 ? cell - 1 : -1, c + 1 < cols_ ? cell + 1 : -1};
      for (int move = 0; move < 4; ++move)
        target_[cell][move] = static_cast<std::int8_t>(targets[move]);
    }
  }

  int manhattan() const {
    int sum = 0;
    for (int cell = 0; cell < cells_; ++cell)
      if (board_[cell] != blank_id_) sum += distance_[board_[cell]][cell];
    return sum;
  }

  int rows_, cols_, cells_;
  std::array<std::uint8_t, kMaxCells> board_{};
  int blank_ = 0;
  int blank_id_ = 0;
  std::uint8_t distance_[kMaxCells][kMaxCells]{};
  std::int8_t target_[kMaxCells][4]{};
};

// Line conflicts: tiles in their goal line minus the longest increasing run of their goal
// positions along it (O(k^2), k <= line length).
int line_conflict(const int* goal_positions, int count) {
  if (count < 2) return 0;
  int longest = 0;
  int lis[kMaxLine];
  for (int i = 0; i < count; ++i) {
    lis[i] = 1;
    for (int j = 0; j < i; ++j)
      if (goal_positions[j] < goal_positions[i]) lis[i] = std::max(lis[i], lis[j] + 1);
    longest = std::max(longest, lis[i]);
  }
  return count - longest;
}

int row_conflict(const Board& b, int r) {
  int positions[kMaxLine] = {};
  int count = 0;
  for (int c = 0; c < b.cols_; ++c) {
    const int id = b.board_[r * b.cols_ + c];
    if (id != b.blank_id_ && id / b.cols_ == r) positions[count++] = id % b.cols_;
  }
  return line_conflict(positions, count);
}

int col_conflict(const Board& b, int c) {
  int positions[kMaxLine] = {};
  int count = 0;
  for (int r = 0; r < b.rows_; ++r) {
    const int id = b.board_[r * b.cols_ + c];
    if (id != b.blank_id_ && id % b.cols_ == c) positions[count++] = id / b.cols_;
  }
  return line_conflict(positions, count);
}

// The heuristics as move-by-move updates. Each has: value() at the start; apply(id, from, to,
// limit) after tile `id` slid from `from` to `to` (the board already changed), returning the new
// h, or any admissible value above `limit` once it is known to exceed it (the child is then
// pruned and undone at once); and undo() to go back one move (a stack of saved values).
class ManhattanHeuristic {
 public:
  explicit ManhattanHeuristic(const Board& board) : board_(board), h_(board.manhattan()) {}
  int value() const { return h_; }
  // The h after tile `id` slides from `from` to `to`, without moving it: the cheap test first.
  int peek(int id, int from, int to) const {
    return h_ + board_.distance_[id][to] - board_.distance_[id][from];
  }
  int apply(int id, int from, int to, int /*limit*/) {
    saved_[depth_++] = h_;
    h_ = peek(id, from, to);
    return h_;
  }
  void undo() { h_ = saved_[--depth_]; }

 private:
  const Board& board_;
  int h_;
  int saved_[4096]{};
  int depth_ = 0;
};

class LinearConflictHeuristic {
 public:
  explicit LinearConflictHeuristic(const Board& board) : board_(board) {
    manhattan_ = board.manhattan();
    for (int r = 0; r < board.rows_; ++r) conflicts_ += rows_[r] = row_conflict(board, r);
    for (int c = 0; c < board.cols_; ++c) conflicts_ += cols_[c] = col_conflict(board, c);
  }
  int value() const { return manhattan_ + 2 * conflicts_; }
  // A lower bound of the h after the move, so the two lines are recomputed only when it passes
  // the bound: the tile leaves one line (its conflicts fall by at most one) and enters another
  // (they cannot fall), so h falls by at most 2 more than the Manhattan change.
  int peek(int id, int from, int to) const {
    return value() + board_.distance_[id][to] - board_.distance_[id][from] - 2;
  }
  int apply(int id, int from, int to, int /*limit*/) {
    Saved& saved = saved_[depth_++];
    saved.manhattan = manhattan_;
    saved.conflicts = conflicts_;
    manhattan_ += board_.distance_[id][to] - board_.distance_[id][from];
    const int cols = board_.cols_;
    const bool vertical = from / cols != to / cols;
    saved.vertical = vertical;
    saved.line_a = vertical ? from / cols : from % cols;
    saved.line_b = vertical ? to / cols : to % cols;
    int* lines = vertical ? rows_.data() : cols_.data();
    saved.old_a = lines[saved.line_a];
    saved.old_b = lines[saved.line_b];
    const int new_a =
        vertical ? row_conflict(board_, saved.line_a) : col_conflict(board_, saved.line_a);
    const int new_b =
        vertical ? row_conflict(board_, saved.line_b) : col_conflict(board_, saved.line_b);
    conflicts_ += new_a - saved.old_a + new_b - saved.old_b;
    lines[saved.line_a] = new_a;
    lines[saved.line_b] = new_b;
    return value();
  }
  void undo() {
    const Saved& saved = saved_[--depth_];
    int* lines = saved.vertical ? rows_.data() : cols_.data();
    lines[saved.line_a] = saved.old_a;
    lines[saved.line_b] = saved.old_b;
    manhattan_ = saved.manhattan;
    conflicts_ = saved.conflicts;
  }

 private:
  struct Saved {
    int manhattan, conflicts, line_a, line_b, old_a, old_b;
    bool vertical;
  };
  const Board& board_;
  int manhattan_ = 0;
  int conflicts_ = 0;
  std::array<int, kMaxLine> rows_{}, cols_{};
  Saved saved_[4096]{};
  int depth_ = 0;
};

// Additive pattern databases, with the transpose's value too where the partition allows.
class DatabaseHeuristic {
 public:
  DatabaseHeuristic(const Board& board, const PatternDatabase& database)
      : board_(board), database_(database) {
    const int cells = board.cells_;
    const auto& groups = database.groups();
    if (groups.size() > kMaxGroups) throw std::invalid_argument("at most 8 pattern groups");
    group_of_.fill(-1);
    // Ids are goal cells; the database knows tiles by value: map through the goal.
    const Tiles& goal = database.goal();
    for (std::size_t g = 0; g < groups.size(); ++g) {
      for (const int tile : groups[g]) {
        const auto cell = std::find(goal.begin(), goal.end(), tile) - goal.begin();
        members_[g].push_back(static_cast<int>(cell));
        group_of_[static_cast<std::size_t>(cell)] = static_cast<int>(g);
      }
    }
    for (int cell = 0; cell < cells; ++cell) where_[board.board_[cell]] = cell;
    // Reflection: the transposed board (goal cell (r, c) to (c, r)) is as far from the goal
    // when the goal maps onto itself (the blank's cell on the diagonal), so its lookup in the
    // same tables bounds this board's distance too: a second partition for free.
    reflect_ = board.rows_ == board.cols_ && board.blank_id_ == transpose(board.blank_id_);
    for (std::size_t g = 0; g < groups.size(); ++g) {
      values_[g] = lookup(g);
      if (reflect_) mirrored_[g] = mirrored_lookup(g);
    }
    sum_ = 0;
    mirrored_sum_ = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      sum_ += values_[g];
      mirrored_sum_ += mirrored_[g];
    }
  }
  int value() const { return reflect_ ? std::max(sum_, mirrored_sum_) : sum_; }
  int peek(int, int, int) const { return 0; }  // no cheap bound: always apply
  int apply(int id, int from, int to, int limit) {
    Saved& saved = saved_[depth_++];
    saved.sum = sum_;
    saved.mirrored_sum = mirrored_sum_;
    where_[id] = to;
    (void)from;
    const auto g = static_cast<std::size_t>(group_of_[static_cast<std::size_t>(id)]);
    saved.group = static_cast<int>(g);
    saved.value = values_[g];
    values_[g] = lookup(g);
    sum_ += values_[g] - saved.value;
    saved.mirror_group = -1;
    // The reflected lookup only where the plain one does not already exceed the limit: a
    // child it prunes is undone at once, so its mirrored values may stay the parent's.
    if (!reflect_ || sum_ > limit) return sum_;
    // The tile's transpose belongs to group h; the reflected value of h reads this tile.
    const auto h = static_cast<std::size_t>(group_of_[static_cast<std::size_t>(transpose(id))]);
    saved.mirror_group = static_cast<int>(h);
    saved.mirrored = mirrored_[h];
    mirrored_[h] = mirrored_lookup(h);
    mirrored_sum_ += mirrored_[h] - saved.mirrored;
    return value();
  }
  void undo() {
    const Saved& saved = saved_[--depth_];
    values_[static_cast<std::size_t>(saved.group)] = saved.value;
    sum_ = saved.sum;
    if (saved.mirror_group >= 0) {
      mirrored_[static_cast<std::size_t>(saved.mirror_group)] = saved.mirrored;
      mirrored_sum_ = saved.mirrored_sum;
    }
  }
  // The search keeps where_ in step with the board (undo moves the tile back).
  void moved_back(int id, int to) { where_[id] = to; }

 private:
  static constexpr std::size_t kMaxGroups = 8;
  struct Saved {
    int sum, mirrored_sum, group, value, mirror_group, mirrored;
  };
  int transpose(int cell) const {
    return (cell % board_.cols_) * board_.cols_ + cell / board_.cols_;
  }
  int lookup(std::size_t g) const {
    int placement[kMaxPatternTiles];
    const auto& ids = members_[g];
    for (std::size_t i = 0; i < ids.size(); ++i) placement[i] = where_[ids[i]];
    return database_.table(
        g)[PatternDatabase::rank_placement(placement, static_cast<int>(ids.size()), board_.cells_)];
  }
  // Group h's value in the transposed board: its tile t sits where the transpose of t sits in
  // this board, transposed.
  int mirrored_lookup(std::size_t h) const {
    int placement[kMaxPatternTiles];
    const auto& ids = members_[h];
    for (std::size_t i = 0; i < ids.size(); ++i)
      placement[i] = transpose(where_[transpose(ids[i])]);
    return database_.table(
        h)[PatternDatabase::rank_placement(placement, static_cast<int>(ids.size()), board_.cells_)];
  }

  const Board& board_;
  const PatternDatabase& database_;
  std::array<std::vector<int>, kMaxGroups> members_;
  std::array<int, kMaxCells> group_of_{};
  std::array<int, kMaxCells> where_{};  // id -> the cell it is on now
  std::array<int, kMaxGroups> values_{}, mirrored_{};
  bool reflect_ = false;
  int sum_ = 0, mirrored_sum_ = 0;
  Saved saved_[4096]{};
  int depth_ = 0;
};

template <typename Heuristic>
class Search {
 public:
  Search(Board& board, Heuristic& heuristic, std::uint64_t node_limit)
      : board_(board), h_(heuristic), limit_(node_limit) {}

  std::optional<IdaStarResult> run() {
    IdaStarResult result;
    int bound = h_.value();
    if (bound == 0 && is_goal()) return result;
    while (true) {
      ++result.iterations;
      const int next = dfs(0, bound, -1, result);
      if (next == kFound) break;
      if (next == kStopped) {
        result.limit_reached = true;
        return result;
      }
      bound = next;
    }
    result.moves.assign(path_.begin(), path_.begin() + depth_);
    return result;
  }

 private:
  bool is_goal() const {
    for (int cell = 0; cell < board_.cells_; ++cell)
      if (board_.board_[cell] != cell) return false;
    return true;
  }

  // Returns kFound, kStopped, or the smallest f above `bound` seen below this node.
  int dfs(int g, int bound, int previous, IdaStarResult& result) {
    ++result.expanded;
    int smallest = std::numeric_limits<int>::max();
    const int blank = board_.blank_;
    for (int move = 0; move < 4; ++move) {
      const int from = board_.target_[blank][move];
      if (from < 0 || (previous >= 0 && move == (previous ^ 1))) continue;
      ++result.generated;
      const int id = board_.board_[from];
      // The tile on `from` slides into the blank's cell.
      if (int f = g + 1 + h_.peek(id, from, blank); f > bound) {
        smallest = std::min(smallest, f);
        continue;
      }
      board_.board_[blank] = static_cast<std::uint8_t>(id);
      board_.board_[from] = static_cast<std::uint8_t>(board_.blank_id_);
      board_.blank_ = from;
      const int h = h_.apply(id, from, blank, bound - g - 1);
      path_[depth_++] = static_cast<BlankMove>(move);
      int below;
      if (g + 1 + h > bound) {
        below = g + 1 + h;
      } else if (h == 0 && is_goal()) {
        return kFound;
      } else if (limit_ != 0 && result.generated >= limit_) {
        return kStopped;
      } else {
        below = dfs(g + 1, bound, move, result);
        if (below == kFound || below == kStopped) return below;
      }
      smallest = std::min(smallest, below);
      --depth_;
      h_.undo();
      if constexpr (requires { h_.moved_back(id, from); }) h_.moved_back(id, from);
      board_.blank_ = blank;
      board_.board_[from] = static_cast<std::uint8_t>(id);
      board_.board_[blank] = static_cast<std::uint8_t>(board_.blank_id_);
    }
    return smallest;
  }

  Board& board_;
  Heuristic& h_;
  std::uint64_t limit_;
  std::array<BlankMove, 4096> path_{};
  int depth_ = 0;
};

template <typename Heuristic>
std::optional<IdaStarResult> search(Board& board, Heuristic& heuristic, std::uint64_t limit) {
  return Search<Heuristic>(board, heuristic, limit).run();
}

}  // namespace

int manhattan_linear_conflict(const TilePuzzle& puzzle, const Tiles& state) {
  check_puzzle(puzzle, state);
  const Board board(puzzle, state);
  return LinearConflictHeuristic(board).value();
}

bool is_solvable(const TilePuzzle& puzzle, const Tiles& state) {
  check_puzzle(puzzle, state);
  return solvable_without_search(puzzle.rows(), puzzle.cols(), puzzle.topology(), puzzle.goal(),
                                 state)
      .value_or(true);
}

std::optional<IdaStarResult> ida_star(const TilePuzzle& puzzle, const Tiles& start,
                                      const IdaStarOptions& options) {
  check_puzzle(puzzle, start);
  if (!is_solvable(puzzle, start)) return std::nullopt;
  Board board(puzzle, start);
  switch (options.heuristic) {
    case IdaHeuristic::manhattan: {
      ManhattanHeuristic h(board);
      return search(board, h, options.node_limit);
    }
    case IdaHeuristic::manhattan_linear_conflict: {
      LinearConflictHeuristic h(board);
      return search(board, h, options.node_limit);
    }
    case IdaHeuristic::pattern_database: {
      const PatternDatabase* database = options.database;
      if (database == nullptr || database->rows() != puzzle.rows() ||
          database->cols() != puzzle.cols() || database->goal() != puzzle.goal()) {
        throw std::invalid_argument("IDA* with pattern databases needs the puzzle's databases");
      }
      DatabaseHeuristic h(board, *database);
      return search(board, h, options.node_limit);
    }
  }
  return std::nullopt;
}

}  // namespace sg::ref
