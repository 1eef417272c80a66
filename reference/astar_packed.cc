#include "reference/astar_packed.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

#include "reference/indexed_heap.h"

namespace sg::ref {
namespace {

using Packed = std::uint64_t;
constexpr std::size_t kMaxCells = 16;
constexpr std::uint32_t kNoParent = std::numeric_limits<std::uint32_t>::max();
constexpr Packed kEmptySlot = ~Packed{0};  // all cells 15: never a board that packs here

struct Node {
  Packed state;
  int g;
  int h;
  std::uint32_t parent;
  std::int8_t move;  // a BlankMove, or -1 for the start
  bool closed;
};

// The frontier key of astar.cc: (f, order), order = +id or -id by the tie-break.
using FrontierKey = std::pair<int, std::int64_t>;

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
  // The id of `state`, inserting `id` for it when new; second: whether it was new.
  std::pair<std::uint32_t, bool> find_or_insert(Packed state, std::uint32_t id) {
    if (2 * (size_ + 1) > keys_.size()) rehash(keys_.size() * 2);
    for (std::size_t slot = index(state);; slot = (slot + 1) & mask_) {
      if (keys_[slot] == state) return {ids_[slot], false};
      if (keys_[slot] == kEmptySlot) {
        keys_[slot] = state;
        ids_[slot] = id;
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
std::optional<std::array<std::array<std::uint8_t, 16>, kMaxCells>> cost_table(
    const TilePuzzle& puzzle, Heuristic heuristic) {
  std::array<std::array<std::uint8_t, 16>, kMaxCells> cost{};
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

}  // namespace

std::optional<AStarResult> astar_packed(const TilePuzzle& puzzle, const Tiles& start,
                                        Heuristic heuristic, const FrontierPolicy& policy,
                                        std::size_t node_limit) {
  const std::size_t cells = puzzle.size();
  if (cells > kMaxCells || cells < 2) return std::nullopt;
  for (const int value : puzzle.goal())
    if (value < 0 || value > 15) return std::nullopt;
  if (cells == kMaxCells && std::count(puzzle.goal().begin(), puzzle.goal().end(), 15) == 16)
    return std::nullopt;  // the one board that would read as an empty slot
  const auto cost = cost_table(puzzle, heuristic);
  if (!cost) return std::nullopt;

  const Packing packing(cells);
  const auto h_of = [&](Packed board) {
    int h = 0;
    for (std::size_t cell = 0; cell < cells; ++cell)
      h += (*cost)[cell][static_cast<std::size_t>(packing.at(board, cell))];
    return h;
  };
  // Each blank cell's targets in the order the policy tries moves, without repeats (as
  // TilePuzzle::successors: on a narrow torus two moves can reach one cell).
  const bool ascending = policy.successor_order == SuccessorOrder::ascending_state;
  std::vector<BlankMove> order(std::begin(kAllBlankMoves), std::end(kAllBlankMoves));
  if (!ascending) order = policy.move_order;
  std::vector<std::vector<std::pair<BlankMove, std::size_t>>> targets(cells);
  for (std::size_t blank = 0; blank < cells; ++blank) {
    for (const BlankMove move : order) {
      const std::optional<std::size_t> target = puzzle.target_cell(blank, move);
      if (!target) continue;
      auto& list = targets[blank];
      if (std::any_of(list.begin(), list.end(), [&](const auto& t) { return t.second == *target; }))
        continue;
      list.emplace_back(move, *target);
    }
  }

  std::vector<Node> nodes;
  StateTable table;
  IndexedHeap<FrontierKey> frontier;
  AStarResult result;
  const auto order_of = [&](std::size_t id) {
    const auto sequence = static_cast<std::int64_t>(id);
    return policy.tie_break == TieBreak::earliest_inserted ? sequence : -sequence;
  };
  const auto note_frontier_size = [&] {
    result.max_frontier = std::max(result.max_frontier, frontier.size());
  };
  const Packed goal = packing.pack(puzzle.goal());
  {
    const Packed board = packing.pack(start);
    const int h = h_of(board);
    nodes.push_back(Node{board, 0, h, kNoParent, -1, false});
    table.find_or_insert(board, 0);
    frontier.push(0, FrontierKey{h, order_of(0)});
    note_frontier_size();
  }

  std::array<std::pair<Packed, BlankMove>, 4> successors{};
  while (!frontier.empty()) {
    const std::size_t id = frontier.pop();
    nodes[id].closed = true;
    if (nodes[id].state == goal) {
      result.found = true;
      for (std::size_t at = id; at != kNoParent; at = nodes[at].parent) {
        const Node& node = nodes[at];
        result.path.push_back(SearchStep{
            packing.unpack(node.state), node.g, node.h,
            node.move < 0 ? std::nullopt : std::optional(static_cast<BlankMove>(node.move))});
      }
      std::reverse(result.path.begin(), result.path.end());
      return result;
    }
    if (node_limit != 0 && result.expanded >= node_limit) {
      result.limit_reached = true;
      return result;
    }
    ++result.expanded;
    const Packed board = nodes[id].state;
    const std::size_t blank = packing.blank(board);
    std::size_t count = 0;
    for (const auto& [move, target] : targets[blank])
      successors[count++] = {packing.swap(board, blank, target), move};
    if (ascending) std::sort(successors.begin(), successors.begin() + static_cast<long>(count));
    result.generated += count;
    const int g = nodes[id].g + 1;
    for (std::size_t s = 0; s < count; ++s) {
      const auto [next, move] = successors[s];
      const auto [found, is_new] =
          table.find_or_insert(next, static_cast<std::uint32_t>(nodes.size()));
      if (is_new) {
        const int h = h_of(next);
        nodes.push_back(Node{next, g, h, static_cast<std::uint32_t>(id),
                             static_cast<std::int8_t>(move), false});
        frontier.push(found, FrontierKey{g + h, order_of(found)});
      } else {
        Node& existing = nodes[found];
        if (existing.closed) continue;  // popped states are not enqueued again
        if (policy.update_on_lower_g && g < existing.g) {
          existing.g = g;
          existing.parent = static_cast<std::uint32_t>(id);
          existing.move = static_cast<std::int8_t>(move);
          frontier.decrease_key(found, FrontierKey{g + existing.h, order_of(found)});
        }
      }
      note_frontier_size();
    }
  }
  return result;  // the frontier ran empty: the goal is unreachable
}

}  // namespace sg::ref
