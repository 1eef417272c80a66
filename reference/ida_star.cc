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

constexpr int kIdaMaxCells = 64;
constexpr int kMaxLine = 64;
constexpr int kFound = -1;
constexpr int kStopped = -2;

void check_puzzle(const TilePuzzle& puzzle, const Tiles& state) {
  if (puzzle.topology() != Topology::bounded)
    throw std::invalid_argument("IDA* here needs a bounded board");
  if (!puzzle.tiles_distinct()) throw std::invalid_argument("IDA* here needs distinct tiles");
  if (puzzle.blank_count() != 1) throw std::invalid_argument("IDA* here needs one blank");
  if (puzzle.rows() > kMaxLine || puzzle.cols() > kMaxLine ||
      puzzle.rows() * puzzle.cols() > kIdaMaxCells) {
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
  std::array<std::uint8_t, kIdaMaxCells> board_{};
  int blank_ = 0;
  int blank_id_ = 0;
  std::uint8_t distance_[kIdaMaxCells][kIdaMaxCells]{};
  std::int8_t target_[kIdaMaxCells][4]{};
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

// A heuristic as move-by-move updates, for the generic Search below: value() at the start;
// peek(id, from, to), a cheap lower bound of the h after a move; apply(id, from, to, limit) after
// tile `id` slid from `from` to `to` (the board already changed), returning the new h, or any
// admissible value above `limit` once it is known to exceed it (the child is then pruned and
// undone at once); and undo() to go back one move (a stack of saved values). Manhattan distance
// and pattern databases have loops of their own (ManhattanSearch, DatabaseSearch): they are the
// benchmarks' hot paths.
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

// What the two tight IDA* loops below share: the bound, the counters, the path found, and the
// deepening itself. Their dfs() reads and updates these members directly.
class IdaDeepening {
 protected:
  enum class Outcome { exhausted, found, stopped };

  explicit IdaDeepening(std::uint64_t node_limit)
      : limit_(node_limit == 0 ? std::numeric_limits<std::uint64_t>::max() : node_limit) {}

  // Depth-first passes bounded by f = g + h, from `bound` (the start's h), each next bound the
  // least f that passed the last; `pass()` runs one from the start and returns how it ended.
  template <typename Pass>
  IdaStarResult deepen(int bound, Pass pass) {
    IdaStarResult result;
    bound_ = bound;
    while (true) {
      ++result.iterations;
      next_bound_ = std::numeric_limits<int>::max();
      const Outcome outcome = pass();
      if (outcome == Outcome::stopped) {
        result.limit_reached = true;
        break;
      }
      if (outcome == Outcome::found) {
        result.moves.assign(path_.rbegin(), path_.rend());
        break;
      }
      bound_ = next_bound_;
    }
    result.expanded = expanded_;
    result.generated = generated_;
    return result;
  }

  std::uint64_t limit_;  // generated nodes before stopping (no limit: the largest number)
  int bound_ = 0;
  int next_bound_ = 0;
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
  std::vector<BlankMove> path_;  // the goal's moves, last first
};

// IDA* over additive pattern databases, with the transpose's value too where the partition
// allows, as one loop like ManhattanSearch: each node ranks its children's placements first and
// asks the memory for their table entries (the lookups overlap instead of waiting one after the
// other), then looks them up; the groups' values travel down the recursion. Only the moved tile's
// group is looked up again; its reflected counterpart only where the plain sum does not already
// prune the child.
class DatabaseSearch : IdaDeepening {
 public:
  DatabaseSearch(const Board& board, const PatternDatabase& database, std::uint64_t node_limit)
      : IdaDeepening(node_limit), board_(board), database_(database) {
    const int cells = board.cells_;
    const auto& groups = database.groups();
    if (groups.size() > kMaxGroups) throw std::invalid_argument("at most 8 pattern groups");
    group_count_ = static_cast<int>(groups.size());
    for (int cell = 0; cell < cells; ++cell)
      transposed_[cell] =
          static_cast<std::uint8_t>((cell % board.cols_) * board.cols_ + cell / board.cols_);
    // Ids are goal cells; the database knows tiles by value: map through the goal.
    const Tiles& goal = database.goal();
    for (std::size_t g = 0; g < groups.size(); ++g) {
      tables_[g] = database.table(g).data();
      for (const int tile : groups[g]) {
        const auto cell = std::find(goal.begin(), goal.end(), tile) - goal.begin();
        members_[g][member_count_[g]++] = static_cast<std::uint8_t>(cell);
        group_of_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(g);
      }
    }
    for (int cell = 0; cell < cells; ++cell) {
      where_[board.board_[cell]] = static_cast<std::uint16_t>(cell);
      tiles_[cell] = board.board_[cell];
      int count = 0;
      for (int move = 0; move < 4; ++move) {
        if (board.target_[cell][move] < 0) continue;
        steps_[cell][count++] = {board.target_[cell][move], static_cast<std::int8_t>(move)};
      }
      step_count_[cell] = count;
    }
    blank_ = board.blank_;
    // Reflection: the transposed board (goal cell (r, c) to (c, r)) is as far from the goal
    // when the goal maps onto itself (the blank's cell on the diagonal), so its lookup in the
    // same tables bounds this board's distance too: a second partition for free.
    reflect_ = board.rows_ == board.cols_ && board.blank_id_ == transposed_[board.blank_id_];
    for (int id = 0; id < cells; ++id) mirror_group_of_[id] = group_of_[transposed_[id]];
  }

  std::optional<IdaStarResult> run() {
    Values values{};
    for (int g = 0; g < group_count_; ++g) {
      values.plain[g] = tables_[g][rank(g, -1, 0)];
      values.plain_sum += values.plain[g];
      if (reflect_) {
        values.mirrored[g] = tables_[g][mirrored_rank(g, -1, 0)];
        values.mirrored_sum += values.mirrored[g];
      }
    }
    if (values.plain_sum == 0) return IdaStarResult{};
    return deepen(std::max(values.plain_sum, values.mirrored_sum),
                  [&] { return dfs(0, -1, values); });
  }

 private:
  static constexpr int kMaxGroups = 8;
  struct Step {
    std::int8_t from, move;
  };
  // The groups' values for one board, plain and reflected, and their sums.
  struct Values {
    int plain[kMaxGroups];
    int mirrored[kMaxGroups];
    int plain_sum = 0, mirrored_sum = 0;
  };

  // The rank of group g's placement with tile `moved` on cell `to` (moved = -1: as it stands).
  std::uint32_t rank(int g, int moved, int to) const {
    int placement[kMaxPatternTiles];
    const int k = member_count_[g];
    for (int i = 0; i < k; ++i) {
      const int id = members_[g][i];
      placement[i] = id == moved ? to : where_[id];
    }
    return PatternDatabase::rank_placement(placement, k, board_.cells_);
  }
  // Group h's rank in the transposed board: its tile t sits where the transpose of t sits in
  // this board, transposed.
  std::uint32_t mirrored_rank(int h, int moved, int to) const {
    int placement[kMaxPatternTiles];
    const int k = member_count_[h];
    for (int i = 0; i < k; ++i) {
      const int source = transposed_[members_[h][i]];
      placement[i] = transposed_[source == moved ? to : where_[source]];
    }
    return PatternDatabase::rank_placement(placement, k, board_.cells_);
  }

  Outcome dfs(int g, int previous, const Values& values) {
    ++expanded_;
    const int blank = blank_;
    const int count = step_count_[blank];
    std::uint32_t ranks[4], mirrored_ranks[4];
    for (int i = 0; i < count; ++i) {
      const Step step = steps_[blank][i];
      if (step.move == (previous ^ 1)) continue;
      const int id = tiles_[step.from];
      ranks[i] = rank(group_of_[id], id, blank);
      __builtin_prefetch(tables_[group_of_[id]] + ranks[i]);
      if (!reflect_) continue;
      mirrored_ranks[i] = mirrored_rank(mirror_group_of_[id], id, blank);
      __builtin_prefetch(tables_[mirror_group_of_[id]] + mirrored_ranks[i]);
    }
    for (int i = 0; i < count; ++i) {
      const Step step = steps_[blank][i];
      if (step.move == (previous ^ 1)) continue;
      ++generated_;
      const int from = step.from;
      const int id = tiles_[from];
      Values child = values;
      const int group = group_of_[id];
      child.plain[group] = tables_[group][ranks[i]];
      child.plain_sum += child.plain[group] - values.plain[group];
      int h = child.plain_sum;
      if (reflect_ && g + 1 + h <= bound_) {
        const int mirror = mirror_group_of_[id];
        child.mirrored[mirror] = tables_[mirror][mirrored_ranks[i]];
        child.mirrored_sum += child.mirrored[mirror] - values.mirrored[mirror];
        h = std::max(h, child.mirrored_sum);
      }
      if (const int f = g + 1 + h; f > bound_) {
        next_bound_ = std::min(next_bound_, f);
        continue;
      }
      if (h == 0) {  // every group on its goal cells: the goal
        path_.push_back(static_cast<BlankMove>(step.move));
        return Outcome::found;
      }
      if (generated_ >= limit_) return Outcome::stopped;
      tiles_[blank] = static_cast<std::uint16_t>(id);
      where_[id] = static_cast<std::uint16_t>(blank);
      blank_ = from;
      const Outcome below = dfs(g + 1, step.move, child);
      blank_ = blank;
      where_[id] = static_cast<std::uint16_t>(from);
      tiles_[from] = static_cast<std::uint16_t>(id);
      if (below == Outcome::found) path_.push_back(static_cast<BlankMove>(step.move));
      if (below != Outcome::exhausted) return below;
    }
    return Outcome::exhausted;
  }

  const Board& board_;
  const PatternDatabase& database_;
  int group_count_ = 0;
  const std::uint8_t* tables_[kMaxGroups]{};
  std::uint8_t members_[kMaxGroups][kMaxPatternTiles]{};  // each group's ids, in its order
  int member_count_[kMaxGroups]{};
  std::uint8_t group_of_[kIdaMaxCells]{};         // id -> its group
  std::uint8_t mirror_group_of_[kIdaMaxCells]{};  // id -> the group of its transpose
  std::uint8_t transposed_[kIdaMaxCells]{};
  std::uint16_t where_[kIdaMaxCells]{};  // id -> the cell it is on now
  std::uint16_t tiles_[kIdaMaxCells]{};  // cell -> id (the blank's cell: stale, never read)
  int blank_ = 0;
  bool reflect_ = false;
  Step steps_[kIdaMaxCells][4]{};
  int step_count_[kIdaMaxCells]{};
};

// Plain Manhattan IDA* as one tight loop: h travels down the recursion (no stack of saved
// values), a child with h = 0 is the goal, the path is written only once found, and the board is
// kept in 16-bit cells (a byte store may alias every member, so the loop would reload them all).
// Counts are the generic Search's, node for node.
class ManhattanSearch : IdaDeepening {
 public:
  ManhattanSearch(const Board& board, std::uint64_t node_limit)
      : IdaDeepening(node_limit), board_(board) {
    const int cells = board.cells_;
    // Per blank cell and previous move (0: none), the moves to try, the undoing one left out,
    // each with its tile's change of distance for every tile id.
    for (int cell = 0; cell < cells; ++cell) {
      tiles_[cell] = board.board_[cell];
      for (int previous = -1; previous < 4; ++previous) {
        int count = 0;
        for (int move = 0; move < 4; ++move) {
          const int from = board.target_[cell][move];
          if (from < 0 || (previous >= 0 && move == (previous ^ 1))) continue;
          Step& step = steps_[cell][previous + 1][count++];
          step.from = static_cast<std::int8_t>(from);
          step.move = static_cast<std::int8_t>(move);
          for (int id = 0; id < cells; ++id)
            step.delta[id] =
                static_cast<std::int8_t>(board.distance_[id][cell] - board.distance_[id][from]);
        }
        step_count_[cell][previous + 1] = count;
      }
    }
    blank_ = board.blank_;
  }

  std::optional<IdaStarResult> run() {
    const int h = board_.manhattan();
    if (h == 0) return IdaStarResult{};
    return deepen(h, [&] { return dfs(0, h, -1); });
  }

 private:
  struct Step {
    std::int8_t from, move;
    std::int8_t delta[kIdaMaxCells];  // by tile id: its distance after the move minus before
  };

  // Not inlined into itself: GCC's recursive inlining of this loop made it some 10% slower.
  [[gnu::noinline]] Outcome dfs(int g, int h, int previous) {
    ++expanded_;
    const int blank = blank_;
    const int count = step_count_[blank][previous + 1];
    const Step* steps = steps_[blank][previous + 1];
    for (int i = 0; i < count; ++i) {
      const Step& step = steps[i];
      ++generated_;
      const int from = step.from;
      const int id = tiles_[from];
      const int child_h = h + step.delta[id];
      if (const int f = g + 1 + child_h; f > bound_) {
        next_bound_ = std::min(next_bound_, f);
        continue;
      }
      if (child_h == 0) {
        path_.push_back(static_cast<BlankMove>(step.move));
        return Outcome::found;
      }
      if (generated_ >= limit_) return Outcome::stopped;
      tiles_[blank] = static_cast<std::uint16_t>(id);
      blank_ = from;
      const Outcome below = dfs(g + 1, child_h, step.move);
      blank_ = blank;
      tiles_[from] = static_cast<std::uint16_t>(id);
      if (below == Outcome::found) path_.push_back(static_cast<BlankMove>(step.move));
      if (below != Outcome::exhausted) return below;
    }
    return Outcome::exhausted;
  }

  const Board& board_;
  std::uint16_t tiles_[kIdaMaxCells]{};  // the blank's cell holds a stale id: never read
  int blank_ = 0;
  Step steps_[kIdaMaxCells][5][4]{};
  int step_count_[kIdaMaxCells][5]{};
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
    case IdaHeuristic::manhattan:
      return ManhattanSearch(board, options.node_limit).run();
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
      return DatabaseSearch(board, *database, options.node_limit).run();
    }
  }
  return std::nullopt;
}

}  // namespace sg::ref
