#include "reference/state_space.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "reference/tile_problem.h"

namespace sg::ref {
namespace {

constexpr int kMaxCells = 16;  // 4 bits a cell in a 64-bit word
constexpr int kMaxValues = 16;

int nibble(std::uint64_t packed, int cell) {
  return static_cast<int>((packed >> (4 * cell)) & 0xf);
}

std::uint64_t with_nibble(std::uint64_t packed, int cell, int value) {
  const int shift = 4 * cell;
  return (packed & ~(std::uint64_t{0xf} << shift)) | (static_cast<std::uint64_t>(value) << shift);
}

}  // namespace

StateSpace::StateSpace(BoardSpace space) : space_(std::move(space)) {
  const int rows = space_.rows, cols = space_.cols;
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("a board needs at least one row and column");
  cells_ = rows * cols;
  if (static_cast<int>(space_.goal.size()) != cells_) {
    throw std::invalid_argument("the goal has " + std::to_string(space_.goal.size()) +
                                " cells, expected " + std::to_string(cells_));
  }
  if (cells_ > kMaxCells)
    throw std::invalid_argument("a whole state space is enumerated for at most 16 cells");
  values_ = space_.goal;
  std::sort(values_.begin(), values_.end());
  values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  if (values_.front() != 0) throw std::invalid_argument("the goal has no blank (0)");
  if (static_cast<int>(values_.size()) > kMaxValues)
    throw std::invalid_argument("a board to enumerate has at most 16 distinct values");
  value_counts_.assign(values_.size(), 0);
  for (const int value : space_.goal) {
    const auto at = std::lower_bound(values_.begin(), values_.end(), value) - values_.begin();
    ++value_counts_[static_cast<std::size_t>(at)];
  }
  factorial_.assign(static_cast<std::size_t>(cells_) + 1, 1);
  for (int i = 1; i <= cells_; ++i)
    factorial_[i] = factorial_[i - 1] * static_cast<std::uint64_t>(i);
  arrangements_ = factorial_[cells_];
  for (const int count : value_counts_) arrangements_ /= factorial_[count];
  if (arrangements_ > kMaxArrangements) {
    throw std::invalid_argument("the board has " + std::to_string(arrangements_) +
                                " arrangements, more than a whole state space may hold");
  }

  // Where a tile in each cell can slide: the cells one step away (wrapping on a torus), each once.
  neighbours_.resize(static_cast<std::size_t>(cells_));
  for (int cell = 0; cell < cells_; ++cell) {
    const int r = cell / cols, c = cell % cols;
    const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& step : steps) {
      int nr = r + step[0], nc = c + step[1];
      if (space_.topology == Topology::torus) {
        nr = (nr + rows) % rows;
        nc = (nc + cols) % cols;
      } else if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) {
        continue;
      }
      const int next = nr * cols + nc;
      auto& list = neighbours_[static_cast<std::size_t>(cell)];
      if (next != cell && std::find(list.begin(), list.end(), next) == list.end())
        list.push_back(next);
    }
  }

  // Breadth-first from the goal, one level at a time.
  distance_.assign(arrangements_, kUnreached);
  std::vector<Packed> level = {pack(space_.goal)};
  distance_[rank_packed(level.front())] = 0;
  std::vector<Packed> next;
  for (int depth = 0; !level.empty(); ++depth) {
    by_distance_.push_back(level.size());
    reachable_ += level.size();
    if (depth + 1 >= kUnreached)
      throw std::invalid_argument("the state space is deeper than 254 moves");
    next.clear();
    for (const Packed board : level) {
      for (int blank = 0; blank < cells_; ++blank) {
        if (nibble(board, blank) != 0) continue;
        for (const int from : neighbours_[static_cast<std::size_t>(blank)]) {
          const int value = nibble(board, from);
          if (value == 0) continue;  // two blanks: no move
          const Packed moved = with_nibble(with_nibble(board, blank, value), from, 0);
          std::uint8_t& seen = distance_[rank_packed(moved)];
          if (seen != kUnreached) continue;
          seen = static_cast<std::uint8_t>(depth + 1);
          next.push_back(moved);
        }
      }
    }
    level.swap(next);
  }
}

StateSpace::Packed StateSpace::pack(const Tiles& board) const {
  Packed packed = 0;
  for (int cell = 0; cell < cells_; ++cell) {
    const auto at = std::lower_bound(values_.begin(), values_.end(), board[cell]) - values_.begin();
    packed = with_nibble(packed, cell, static_cast<int>(at));
  }
  return packed;
}

// The rank among the multiset's arrangements: for each cell, the arrangements that put a smaller
// value there with the same cells before it. `total` is the number of arrangements of what is
// left; placing value u first leaves total * count[u] / remaining of them.
std::uint64_t StateSpace::rank_packed(Packed board) const {
  int counts[kMaxValues];
  std::copy(value_counts_.begin(), value_counts_.end(), counts);
  std::uint64_t total = arrangements_;
  std::uint64_t rank = 0;
  for (int cell = 0, remaining = cells_; cell < cells_; ++cell, --remaining) {
    const int value = nibble(board, cell);
    const auto left = static_cast<std::uint64_t>(remaining);
    for (int u = 0; u < value; ++u) rank += total * static_cast<std::uint64_t>(counts[u]) / left;
    total = total * static_cast<std::uint64_t>(counts[value]) / left;
    --counts[value];
  }
  return rank;
}

std::optional<std::uint64_t> StateSpace::rank(const Tiles& board) const {
  if (static_cast<int>(board.size()) != cells_) return std::nullopt;
  std::vector<int> counts(values_.size(), 0);
  for (const int value : board) {
    const auto at = std::lower_bound(values_.begin(), values_.end(), value);
    if (at == values_.end() || *at != value) return std::nullopt;
    ++counts[static_cast<std::size_t>(at - values_.begin())];
  }
  if (counts != value_counts_) return std::nullopt;
  return rank_packed(pack(board));
}

Tiles StateSpace::unrank(std::uint64_t rank) const {
  if (rank >= arrangements_) throw std::out_of_range("no arrangement has this rank");
  std::vector<int> counts = value_counts_;
  std::uint64_t total = arrangements_;
  Tiles board(static_cast<std::size_t>(cells_));
  for (int cell = 0, remaining = cells_; cell < cells_; ++cell, --remaining) {
    const auto left = static_cast<std::uint64_t>(remaining);
    for (std::size_t u = 0; u < counts.size(); ++u) {
      const std::uint64_t block = total * static_cast<std::uint64_t>(counts[u]) / left;
      if (rank < block) {
        board[static_cast<std::size_t>(cell)] = values_[u];
        total = block;
        --counts[u];
        break;
      }
      rank -= block;
    }
  }
  return board;
}

std::optional<int> StateSpace::distance(const Tiles& board) const {
  const std::optional<std::uint64_t> at = rank(board);
  if (!at || distance_[*at] == kUnreached) return std::nullopt;
  return distance_[*at];
}

CostToGoal StateSpace::cost_to_goal() const {
  if (arrangements_ > (std::uint64_t{1} << 26))
    throw std::invalid_argument("too many arrangements to list every board");
  constexpr std::uint32_t kNone = 0xffffffffu;
  std::vector<std::uint32_t> index_of(arrangements_, kNone);
  std::vector<Packed> boards;
  CostToGoal space;
  for (std::uint64_t rank = 0; rank < arrangements_; ++rank) {
    if (distance_[rank] == kUnreached) continue;
    index_of[rank] = static_cast<std::uint32_t>(boards.size());
    const Tiles board = unrank(rank);
    boards.push_back(pack(board));
    space.states.push_back(tiles_state(board));
    space.cheapest.push_back(distance_[rank]);
  }
  space.edges.resize(boards.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const Packed board = boards[i];
    for (int blank = 0; blank < cells_; ++blank) {
      if (nibble(board, blank) != 0) continue;
      for (const int from : neighbours_[static_cast<std::size_t>(blank)]) {
        const int value = nibble(board, from);
        if (value == 0) continue;
        const Packed moved = with_nibble(with_nibble(board, blank, value), from, 0);
        space.edges[i].emplace_back(index_of[rank_packed(moved)], 1.0);
      }
    }
  }
  return space;
}

}  // namespace sg::ref
