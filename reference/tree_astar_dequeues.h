// How many search nodes a tree-search A* dequeues on a sliding-tile board: the A* of Princeton's
// 8-puzzle Solver (algs4's MinPQ of search nodes {board, moves, previous}, priority moves + h, no
// closed set: a board reached twice is two nodes), under every tie-breaking at once.
//
// With a consistent h (misplaced tiles and Manhattan are) f never decreases along a path, so
// before the first goal node (f = C*, the optimal number of moves) is dequeued every node with
// f < C* must be, and no node with f > C* can be; among the nodes with f = C* the tie-breaking
// decides. Hence, counting nodes of the search tree (children of a goal node never generated):
//   fewest = |{f < C*}| + the fewest f = C* nodes on a path from them to a goal (the goal's)
//   most   = |{f <= C*}| - the goal nodes + 1 (the search stops at the first)
// and every A* of that variant, whatever its MinPQ does with equal priorities, dequeues a number
// in [fewest, most]. The "critical optimization" of the course (never enqueue the board the
// parent came from) prunes the tree: a variant of its own. Counted by depth-first search bounded
// by f <= C*, memory linear in C*.
#pragma once

#include <cstdint>

#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// Which tree-search A*: its priority's heuristic (misplaced_tiles is the course's Hamming,
/// manhattan its Manhattan) and whether it skips the child equal to the parent's parent.
struct TreeAstarVariant {
  Heuristic priority = Heuristic::manhattan;
  bool skips_parent = true;
};

/// The range of dequeues (delMin calls, the goal's included) any tie-breaking gives.
struct TreeAstarDequeues {
  std::uint64_t fewest = 0;
  std::uint64_t most = 0;
  /// False when node_limit stopped the count: `most` is then only a lower bound of the true most.
  bool complete = true;
};

/// The nodes of `variant`'s search tree from `start` with f = moves + h below and within
/// `bound` (children of a goal node never generated): what a search dequeues before it dequeues
/// a goal at f = bound, or, from an unsolvable board (a twin searched beside the board in one
/// MinPQ), all it can dequeue by then.
struct TreeNodeCounts {
  std::uint64_t below = 0;   ///< f < bound
  std::uint64_t within = 0;  ///< f <= bound
  std::uint64_t goals = 0;   ///< goal nodes (f = bound)
  /// The fewest f = bound nodes on a path from a node with f < bound (or the root) to a goal;
  /// 0 when no goal lies within the bound.
  std::uint64_t goal_tail = 0;
  bool complete = true;  ///< False when node_limit stopped the count.
};

/// Counts `variant`'s tree from `start` (see TreeNodeCounts); stops after `node_limit` nodes (0:
/// never). Errors: as tree_astar_dequeues, except that no goal need lie within the bound.
TreeNodeCounts count_tree_nodes(const TilePuzzle& puzzle, const Tiles& start, int bound,
                                TreeAstarVariant variant, std::uint64_t node_limit = 0);

/// The dequeues of `variant` from `start` on `puzzle`, whose shortest solution has
/// `optimal_moves` moves (shortest_board_path's). Counting stops after `node_limit` nodes (0:
/// never). Errors: std::invalid_argument unless the puzzle is bounded with one blank and distinct
/// tiles, `start` is one of its boards, the heuristic is misplaced_tiles or manhattan and a goal
/// lies within `optimal_moves`.
TreeAstarDequeues tree_astar_dequeues(const TilePuzzle& puzzle, const Tiles& start,
                                      int optimal_moves, TreeAstarVariant variant,
                                      std::uint64_t node_limit = 0);

}  // namespace sg::ref
