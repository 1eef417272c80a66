#include "reference/tile_puzzle.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

namespace sg::ref {
namespace {

// "once", "twice", "3 times".
std::string times(std::size_t n) {
  if (n == 1) return "once";
  if (n == 2) return "twice";
  return std::to_string(n) + " times";
}

// "tile 9" or "the blank (0)".
std::string tile_name(int value) {
  return value == 0 ? std::string("the blank (0)") : "tile " + std::to_string(value);
}

// How many elements equal sorted[i] starting at i (sorted must be sorted ascending).
std::size_t run_length(const Tiles& sorted, std::size_t i) {
  std::size_t j = i;
  while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
  return j - i;
}

}  // namespace

std::size_t TilesHash::operator()(const Tiles& tiles) const noexcept {
  // FNV-1a over the values, then a final avalanche (splitmix64) so low bits are well mixed.
  std::uint64_t h = 1469598103934665603ULL;
  for (int v : tiles) {
    h ^= static_cast<std::uint32_t>(v);
    h *= 1099511628211ULL;
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return static_cast<std::size_t>(h);
}

BlankMove reverse(BlankMove move) {
  switch (move) {
    case BlankMove::up:
      return BlankMove::down;
    case BlankMove::down:
      return BlankMove::up;
    case BlankMove::left:
      return BlankMove::right;
    case BlankMove::right:
      return BlankMove::left;
  }
  return move;
}

std::string to_string(BlankMove move) {
  switch (move) {
    case BlankMove::up:
      return "up";
    case BlankMove::down:
      return "down";
    case BlankMove::left:
      return "left";
    case BlankMove::right:
      return "right";
  }
  return "?";
}

std::optional<BlankMove> parse_blank_move(std::string_view text) {
  for (BlankMove m : kAllBlankMoves) {
    if (text == to_string(m)) return m;
  }
  return std::nullopt;
}

TilePuzzle::TilePuzzle(int rows, int cols, Topology topology, Tiles goal)
    : rows_(rows), cols_(cols), topology_(topology), goal_(std::move(goal)) {
  if (rows < 1 || cols < 1) {
    throw std::invalid_argument("puzzle must have at least 1 row and 1 column, got " +
                                std::to_string(rows) + "x" + std::to_string(cols));
  }
  const auto cells = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  if (goal_.size() != cells) {
    throw std::invalid_argument("goal has " + std::to_string(goal_.size()) + " tiles, expected " +
                                std::to_string(cells) + " for a " + std::to_string(rows) + "x" +
                                std::to_string(cols) + " puzzle");
  }
  blank_count_ = static_cast<std::size_t>(std::count(goal_.begin(), goal_.end(), 0));
  if (blank_count_ == 0) throw std::invalid_argument("goal must contain a blank (0), found none");
  sorted_goal_ = goal_;
  std::sort(sorted_goal_.begin(), sorted_goal_.end());
  const auto first_tile = sorted_goal_.begin() + static_cast<std::ptrdiff_t>(blank_count_);
  tiles_distinct_ = std::adjacent_find(first_tile, sorted_goal_.end()) == sorted_goal_.end();
  goal_cells_.reserve(cells);
  for (std::size_t i = 0; i < cells; ++i) goal_cells_.emplace_back(goal_[i], i);
  std::sort(goal_cells_.begin(), goal_cells_.end());
}

std::optional<std::size_t> TilePuzzle::goal_cell(int tile) const {
  auto it = std::lower_bound(goal_cells_.begin(), goal_cells_.end(),
                             std::pair<int, std::size_t>(tile, 0));
  if (it == goal_cells_.end() || it->first != tile) return std::nullopt;
  return it->second;
}

std::string TilePuzzle::validate(const Tiles& state) const {
  if (state.size() != size()) {
    return "state has " + std::to_string(state.size()) + " tiles, expected " +
           std::to_string(size());
  }
  Tiles sorted = state;
  std::sort(sorted.begin(), sorted.end());
  if (sorted == sorted_goal_) return "";
  // Walk both sorted multisets in step; report the smallest value whose counts differ.
  std::size_t i = 0;  // into sorted (the state)
  std::size_t j = 0;  // into sorted_goal_
  while (i < sorted.size() || j < sorted_goal_.size()) {
    if (j == sorted_goal_.size() || (i < sorted.size() && sorted[i] < sorted_goal_[j])) {
      return tile_name(sorted[i]) + " is not part of this puzzle";
    }
    if (i == sorted.size() || sorted_goal_[j] < sorted[i]) {
      return tile_name(sorted_goal_[j]) + " is missing, expected " +
             times(run_length(sorted_goal_, j));
    }
    const std::size_t have = run_length(sorted, i);
    const std::size_t want = run_length(sorted_goal_, j);
    if (have != want) {
      return tile_name(sorted[i]) + " appears " + times(have) + ", expected " + times(want);
    }
    i += have;
    j += want;
  }
  return "";  // Unreachable: the multisets differ, so the loop returns.
}

bool TilePuzzle::is_board(const Tiles& state) const {
  if (state.size() != size()) return false;
  std::array<int, 64> cells{};
  if (state.size() > cells.size()) return validate(state).empty();
  const auto used = cells.begin() + static_cast<std::ptrdiff_t>(state.size());
  std::copy(state.begin(), state.end(), cells.begin());
  std::sort(cells.begin(), used);
  return std::equal(cells.begin(), used, sorted_goal_.begin());
}

std::optional<std::size_t> TilePuzzle::target_cell(std::size_t blank, BlankMove move) const {
  const int r = static_cast<int>(blank) / cols_;
  const int c = static_cast<int>(blank) % cols_;
  int tr = r;
  int tc = c;
  switch (move) {
    case BlankMove::up:
      tr = r - 1;
      break;
    case BlankMove::down:
      tr = r + 1;
      break;
    case BlankMove::left:
      tc = c - 1;
      break;
    case BlankMove::right:
      tc = c + 1;
      break;
  }
  if (topology_ == Topology::torus) {
    tr = (tr + rows_) % rows_;
    tc = (tc + cols_) % cols_;
  } else if (tr < 0 || tr >= rows_ || tc < 0 || tc >= cols_) {
    return std::nullopt;
  }
  const auto target = static_cast<std::size_t>(tr * cols_ + tc);
  if (target == blank) return std::nullopt;  // 1-row / 1-column torus: the blank stays put.
  return target;
}

std::size_t TilePuzzle::checked_blank(const Tiles& state) const {
  if (state.size() != size()) {
    throw std::invalid_argument("state has " + std::to_string(state.size()) + " tiles, expected " +
                                std::to_string(size()));
  }
  auto it = std::find(state.begin(), state.end(), 0);
  if (it == state.end()) throw std::invalid_argument("state has no blank (0)");
  return static_cast<std::size_t>(it - state.begin());
}

std::optional<Tiles> TilePuzzle::result(const Tiles& state, BlankMove move) const {
  const std::size_t blank = checked_blank(state);
  if (std::find(state.begin() + static_cast<std::ptrdiff_t>(blank) + 1, state.end(), 0) !=
      state.end()) {
    throw std::invalid_argument("the board has more than one blank: say which blank moves");
  }
  return result(state, blank, move);
}

std::optional<Tiles> TilePuzzle::result(const Tiles& state, std::size_t blank_cell,
                                        BlankMove move) const {
  if (state.size() != size() || blank_cell >= state.size() || state[blank_cell] != 0)
    throw std::invalid_argument("no blank on cell " + std::to_string(blank_cell));
  const auto target = target_cell(blank_cell, move);
  if (!target || state[*target] == 0) return std::nullopt;
  Tiles next = state;
  std::swap(next[blank_cell], next[*target]);
  return next;
}

std::vector<std::size_t> TilePuzzle::blank_cells(const Tiles& state) const {
  std::vector<std::size_t> cells;
  for (std::size_t i = 0; i < state.size(); ++i)
    if (state[i] == 0) cells.push_back(i);
  return cells;
}

std::vector<Successor> TilePuzzle::successors(const Tiles& state,
                                              std::span<const BlankMove> order) const {
  checked_blank(state);
  std::vector<Successor> out;
  out.reserve(order.size());
  for (std::size_t blank = 0; blank < state.size(); ++blank) {
    if (state[blank] != 0) continue;
    std::size_t targeted[4];  // Distinct targets so far; a blank has at most 4 neighbour cells.
    std::size_t n_targeted = 0;
    for (BlankMove move : order) {
      const auto target = target_cell(blank, move);
      if (!target || state[*target] == 0) continue;
      if (std::find(targeted, targeted + n_targeted, *target) != targeted + n_targeted) continue;
      targeted[n_targeted++] = *target;
      Tiles next = state;
      std::swap(next[blank], next[*target]);
      out.push_back(Successor{move, std::move(next), blank});
    }
  }
  return out;
}

std::vector<Successor> TilePuzzle::successors_ascending(const Tiles& state) const {
  std::vector<Successor> out = successors(state, kAllBlankMoves);
  std::sort(out.begin(), out.end(),
            [](const Successor& a, const Successor& b) { return a.state < b.state; });
  return out;
}

std::optional<BlankMove> TilePuzzle::move_between(const Tiles& from, const Tiles& to) const {
  if (from.size() != size() || to.size() != size() || from == to) return std::nullopt;
  for (std::size_t blank = 0; blank < from.size(); ++blank) {
    if (from[blank] != 0) continue;
    for (BlankMove move : kAllBlankMoves) {
      const auto target = target_cell(blank, move);
      if (!target || from[*target] == 0) continue;
      // `to` must equal `from` with cells blank and target swapped.
      if (to[blank] != from[*target] || to[*target] != from[blank]) continue;
      bool same_elsewhere = true;
      for (std::size_t i = 0; i < from.size() && same_elsewhere; ++i) {
        if (i != blank && i != *target && from[i] != to[i]) same_elsewhere = false;
      }
      if (same_elsewhere) return move;
    }
  }
  return std::nullopt;
}

}  // namespace sg::ref
