#include "reference/tree_astar_dequeues.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace sg::ref {
namespace {

// A depth-first walk of the search tree bounded by f <= bound, counting nodes; the board is
// changed in place and restored, h kept incrementally (one tile moves one cell per move).
class BoundedTreeCount {
 public:
  BoundedTreeCount(const TilePuzzle& puzzle, Tiles board, TreeAstarVariant variant, int bound,
                   std::uint64_t limit)
      : puzzle_(puzzle),
        board_(std::move(board)),
        variant_(variant),
        bound_(bound),
        limit_(limit) {}

  void run() {
    std::size_t blank = 0;
    while (board_[blank] != 0) ++blank;
    const int h = evaluate(puzzle_, board_, variant_.priority);
    const std::uint64_t tail = visit(blank, 0, h, board_.size());
    if (h == bound_) entry = std::min(entry, tail);
  }

  static constexpr std::uint64_t kNone = UINT64_MAX;
  std::uint64_t below = 0;   // nodes with f < bound
  std::uint64_t within = 0;  // nodes with f <= bound
  std::uint64_t goals = 0;   // goal nodes (f = bound)
  // The fewest nodes with f = bound a path to a goal must pass, entering them from a node with
  // f < bound (all of which are dequeued anyway) or at the root.
  std::uint64_t entry = kNone;
  bool stopped = false;

 private:
  // The change of h when `tile` moves from cell `from` to cell `to`.
  int delta(int tile, std::size_t from, std::size_t to) const {
    const std::size_t goal = *puzzle_.goal_cell(tile);
    if (variant_.priority == Heuristic::misplaced_tiles)
      return static_cast<int>(to != goal) - static_cast<int>(from != goal);
    const auto distance = [&](std::size_t cell) {
      const int cols = puzzle_.cols();
      const int r = static_cast<int>(cell) / cols, c = static_cast<int>(cell) % cols;
      const int gr = static_cast<int>(goal) / cols, gc = static_cast<int>(goal) % cols;
      return std::abs(r - gr) + std::abs(c - gc);
    };
    return distance(to) - distance(from);
  }

  // `back`: the blank's previous cell (the parent's board), or board size at the root. Returns,
  // for a node with f = bound, the fewest nodes (itself included) on a path of f = bound nodes
  // from it to a goal; kNone otherwise.
  std::uint64_t visit(std::size_t blank, int g, int h, std::size_t back) {
    if (g + h > bound_) return kNone;
    const bool on_bound = g + h == bound_;
    ++within;
    if (!on_bound) ++below;
    if (limit_ != 0 && within >= limit_) {
      stopped = true;
      return kNone;
    }
    if (h == 0) {  // the goal (h is 0 only there): its children are never generated
      ++goals;
      return 1;
    }
    std::uint64_t tail = kNone;
    for (const BlankMove move :
         {BlankMove::up, BlankMove::down, BlankMove::left, BlankMove::right}) {
      const std::optional<std::size_t> next = puzzle_.target_cell(blank, move);
      if (!next || (variant_.skips_parent && *next == back)) continue;
      const int tile = board_[*next];
      board_[blank] = tile;
      board_[*next] = 0;
      const std::uint64_t child = visit(*next, g + 1, h + delta(tile, *next, blank), blank);
      board_[*next] = tile;
      board_[blank] = 0;
      if (stopped) return kNone;
      if (child == kNone) continue;
      if (on_bound)
        tail = std::min(tail, child + 1);
      else
        entry = std::min(entry, child);
    }
    return tail;
  }

  const TilePuzzle& puzzle_;
  Tiles board_;
  TreeAstarVariant variant_;
  int bound_;
  std::uint64_t limit_;
};

}  // namespace

TreeNodeCounts count_tree_nodes(const TilePuzzle& puzzle, const Tiles& start, int bound,
                                TreeAstarVariant variant, std::uint64_t node_limit) {
  if (puzzle.topology() != Topology::bounded || !puzzle.tiles_distinct() ||
      puzzle.blank_count() != 1)
    throw std::invalid_argument(
        "tree_astar_dequeues needs a bounded board with one blank and distinct tiles");
  if (!puzzle.is_board(start)) throw std::invalid_argument("tree_astar_dequeues: not a board");
  if (variant.priority != Heuristic::misplaced_tiles && variant.priority != Heuristic::manhattan)
    throw std::invalid_argument("tree_astar_dequeues: the priority is Hamming or Manhattan");
  if (bound < 0) throw std::invalid_argument("tree_astar_dequeues: a negative bound");
  BoundedTreeCount count(puzzle, start, variant, bound, node_limit);
  count.run();
  return {count.below, count.within, count.goals,
          count.entry == BoundedTreeCount::kNone ? 0 : count.entry, !count.stopped};
}

TreeAstarDequeues tree_astar_dequeues(const TilePuzzle& puzzle, const Tiles& start,
                                      int optimal_moves, TreeAstarVariant variant,
                                      std::uint64_t node_limit) {
  const TreeNodeCounts count = count_tree_nodes(puzzle, start, optimal_moves, variant, node_limit);
  if (!count.complete) return {count.below + 1, count.within, false};
  if (count.goal_tail == 0)
    throw std::invalid_argument("tree_astar_dequeues: no goal within " +
                                std::to_string(optimal_moves) + " moves");
  // Only one goal node is dequeued: the search stops there.
  return {count.below + count.goal_tail, count.within - count.goals + 1, true};
}

}  // namespace sg::ref
