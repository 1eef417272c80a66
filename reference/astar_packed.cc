#include "reference/astar_packed.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "reference/astar_search.h"

namespace sg::ref {
namespace {

using Packed = std::uint64_t;
constexpr std::size_t kMaxCells = 16;
constexpr Packed kEmptySlot = ~Packed{0};  // all cells 15: never a board that packs here
// h's share of each cell by the value on it (heuristics.h's heuristics add up cell by cell).
using CostTable = std::array<std::array<std::uint8_t, 16>, kMaxCells>;

class Packing {
 public:
  explicit Packing(std::size_t cells) : cells_(cells) {}
  int shift(std::size_t cell) const { return static_cast<int>(4 * (cells_ - 1 - cell)); }
  int at(Packed board, std::size_t cell) const {
    return static_cast<int>((board >> shift(cell)) & 0xf);
  }
  Packed pack(const Tiles& tiles) const {
    Packed board = 0;
    for (std::size_t cell = 0; cell < cells_; ++cell)
      board |= static_cast<Packed>(tiles[cell]) << shift(cell);
    return board;
  }
  Tiles unpack(Packed board) const {
    Tiles tiles(cells_);
    for (std::size_t cell = 0; cell < cells_; ++cell) tiles[cell] = at(board, cell);
    return tiles;
  }
  // The board with the blank on `blank` and the tile on `target` swapped.
  Packed swap(Packed board, std::size_t blank, std::size_t target) const {
    const Packed tile = static_cast<Packed>(at(board, target));
    return (board & ~(Packed{0xf} << shift(target))) | (tile << shift(blank));
  }
  std::size_t blank(Packed board) const {
    for (std::size_t cell = 0; cell < cells_; ++cell)
      if (at(board, cell) == 0) return cell;
    return cells_;
  }

 private:
  std::size_t cells_;
};

// States to node ids: open addressing with linear probing, kept at most half full.
class StateTable {
 public:
  StateTable() { rehash(1 << 12); }
  // Asks the memory for the slot where a probe for `state` starts.
  void prefetch(Packed state) const { __builtin_prefetch(keys_.data() + index(state)); }
  // The id of `state`, inserting `id` for it when new; second: whether it was new.
  std::pair<std::size_t, bool> find_or_insert(Packed state, std::size_t id) {
    if (2 * (size_ + 1) > keys_.size()) rehash(keys_.size() * 2);
    for (std::size_t slot = index(state);; slot = (slot + 1) & mask_) {
      if (keys_[slot] == state) return {ids_[slot], false};
      if (keys_[slot] == kEmptySlot) {
        keys_[slot] = state;
        ids_[slot] = static_cast<std::uint32_t>(id);
        ++size_;
        return {id, true};
      }
    }
  }

 private:
  std::size_t index(Packed state) const {
    return static_cast<std::size_t>((state * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  void rehash(std::size_t capacity) {
    std::vector<Packed> keys(capacity, kEmptySlot);
    std::vector<std::uint32_t> ids(capacity);
    keys.swap(keys_);
    ids.swap(ids_);
    mask_ = capacity - 1;
    shift_ = 64 - std::countr_zero(capacity);
    for (std::size_t slot = 0; slot < keys.size(); ++slot) {
      if (keys[slot] == kEmptySlot) continue;
      std::size_t at = index(keys[slot]);
      while (keys_[at] != kEmptySlot) at = (at + 1) & mask_;
      keys_[at] = keys[slot];
      ids_[at] = ids[slot];
    }
  }

  std::vector<Packed> keys_;
  std::vector<std::uint32_t> ids_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  int shift_ = 64;
};

// h as heuristics.h defines it, as a table of each cell's share by the value on it.
std::optional<CostTable> cost_table(const TilePuzzle& puzzle, Heuristic heuristic) {
  CostTable cost{};
  if (heuristic == Heuristic::zero) return cost;
  if (heuristic == Heuristic::manhattan && !puzzle.tiles_distinct()) return std::nullopt;
  const int rows = puzzle.rows(), cols = puzzle.cols();
  const bool torus = puzzle.topology() == Topology::torus;
  for (std::size_t cell = 0; cell < puzzle.size(); ++cell) {
    for (int value = 1; value < 16; ++value) {
      if (heuristic == Heuristic::misplaced_tiles) {
        cost[cell][static_cast<std::size_t>(value)] = value != puzzle.goal()[cell] ? 1 : 0;
        continue;
      }
      const std::optional<std::size_t> home = puzzle.goal_cell(value);
      if (!home) continue;  // not on this board: a valid start never holds it
      int dr = std::abs(static_cast<int>(cell) / cols - static_cast<int>(*home) / cols);
      int dc = std::abs(static_cast<int>(cell) % cols - static_cast<int>(*home) % cols);
      if (torus) {
        dr = std::min(dr, rows - dr);
        dc = std::min(dc, cols - dc);
      }
      cost[cell][static_cast<std::size_t>(value)] = static_cast<std::uint8_t>(dr + dc);
    }
  }
  return cost;
}

// The Space of astar_search.h for packed boards.
class PackedSpace {
 public:
  using State = Packed;
  PackedSpace(const TilePuzzle& puzzle, const Tiles& start, const CostTable& cost,
              const FrontierPolicy& policy)
      : packing_(puzzle.size()),
        cells_(puzzle.size()),
        start_(packing_.pack(start)),
        goal_(packing_.pack(puzzle.goal())),
        cost_(cost),
        ascending_(policy.successor_order == SuccessorOrder::ascending_state),
        targets_(puzzle.size()) {
    // Each blank cell's targets in the order the policy tries moves, without repeats (as
    // TilePuzzle::successors: on a narrow torus two moves can reach one cell).
    std::vector<BlankMove> order(std::begin(kAllBlankMoves), std::end(kAllBlankMoves));
    if (!ascending_) order = policy.move_order;
    for (std::size_t blank = 0; blank < cells_; ++blank) {
      for (const BlankMove move : order) {
        const std::optional<std::size_t> target = puzzle.target_cell(blank, move);
        if (!target) continue;
        auto& list = targets_[blank];
        if (std::any_of(list.begin(), list.end(),
                        [&](const auto& t) { return t.second == *target; }))
          continue;
        list.emplace_back(move, *target);
      }
    }
  }

  State start() const { return start_; }
  bool is_goal(State board) const { return board == goal_; }
  int h(State board) const {
    int h = 0;
    for (std::size_t cell = 0; cell < cells_; ++cell)
      h += cost_[cell][static_cast<std::size_t>(packing_.at(board, cell))];
    return h;
  }
  using Successors = std::array<std::pair<State, BlankMove>, 4>;  // one blank
  std::size_t successors(State board, Successors& out) const {
    const std::size_t blank = packing_.blank(board);
    std::size_t count = 0;
    for (const auto& [move, target] : targets_[blank])
      out[count++] = {packing_.swap(board, blank, target), move};
    if (ascending_) std::sort(out.begin(), out.begin() + static_cast<long>(count));
    return count;
  }
  void prefetch(State board) const { table_.prefetch(board); }
  std::pair<std::size_t, bool> find_or_insert(State board, std::size_t id) {
    return table_.find_or_insert(board, id);
  }
  Tiles tiles(State board) const { return packing_.unpack(board); }

 private:
  Packing packing_;
  std::size_t cells_;
  Packed start_;
  Packed goal_;
  const CostTable& cost_;
  bool ascending_;
  std::vector<std::vector<std::pair<BlankMove, std::size_t>>> targets_;
  StateTable table_;
};

}  // namespace

std::optional<AStarResult> astar_packed(const TilePuzzle& puzzle, const Tiles& start,
                                        Heuristic heuristic, const FrontierPolicy& policy,
                                        std::size_t node_limit) {
  const std::size_t cells = puzzle.size();
  if (cells > kMaxCells || cells < 2 || puzzle.blank_count() != 1) return std::nullopt;
  for (const int value : puzzle.goal())
    if (value < 0 || value > 15) return std::nullopt;
  if (cells == kMaxCells && std::count(puzzle.goal().begin(), puzzle.goal().end(), 15) == 16)
    return std::nullopt;  // the one board that would read as an empty slot
  const auto cost = cost_table(puzzle, heuristic);
  if (!cost) return std::nullopt;

  PackedSpace space(puzzle, start, *cost, policy);
  return detail::run_astar(space, policy, node_limit);
}

}  // namespace sg::ref
