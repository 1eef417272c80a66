#include "reference/tree_astar_dequeues.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <queue>
#include <random>
#include <tuple>
#include <vector>

#include "reference/ida_star.h"

namespace sg::ref {
namespace {

TilePuzzle eight_puzzle() {
  return TilePuzzle(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0});
}

// The course's Solver, literally: a MinPQ of search nodes ordered by moves + h, then by the
// tie-breaking given (a key per node), no closed set; the critical optimization optional.
enum class Ties { fifo, lifo, lowest_h, highest_h };

std::uint64_t solver_dequeues(const TilePuzzle& puzzle, const Tiles& start,
                              TreeAstarVariant variant, Ties ties) {
  struct Node {
    Tiles board;
    int moves;
    std::shared_ptr<const Node> previous;
  };
  using Entry = std::tuple<int, std::int64_t, std::shared_ptr<const Node>>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> frontier;
  std::int64_t sequence = 0;
  const auto push = [&](std::shared_ptr<const Node> node) {
    const int h = evaluate(puzzle, node->board, variant.priority);
    ++sequence;
    const std::int64_t key = ties == Ties::fifo       ? sequence
                             : ties == Ties::lifo     ? -sequence
                             : ties == Ties::lowest_h ? h * 1'000'000'000LL + sequence
                                                      : -h * 1'000'000'000LL + sequence;
    frontier.emplace(node->moves + h, key, std::move(node));
  };
  push(std::make_shared<const Node>(Node{start, 0, nullptr}));
  std::uint64_t dequeued = 0;
  while (true) {
    const auto node = std::get<2>(frontier.top());
    frontier.pop();
    ++dequeued;
    if (puzzle.is_goal(node->board)) return dequeued;
    for (const Successor& next : puzzle.successors_ascending(node->board)) {
      if (variant.skips_parent && node->previous && next.state == node->previous->board) continue;
      push(std::make_shared<const Node>(Node{next.state, node->moves + 1, node}));
    }
  }
}

Tiles scrambled(const TilePuzzle& puzzle, int moves, std::mt19937& random) {
  Tiles board = puzzle.goal();
  for (int i = 0; i < moves; ++i) {
    const auto next = puzzle.successors_ascending(board);
    board = next[random() % next.size()].state;
  }
  return board;
}

TEST(TreeAstarDequeues, TheGoalItselfIsOneDequeue) {
  const TilePuzzle puzzle = eight_puzzle();
  const TreeAstarDequeues range = tree_astar_dequeues(puzzle, puzzle.goal(), 0, {});
  EXPECT_EQ(range.fewest, 1u);
  EXPECT_EQ(range.most, 1u);
  EXPECT_TRUE(range.complete);
}

TEST(TreeAstarDequeues, OneMoveAwayIsTheRootAndTheGoal) {
  const TilePuzzle puzzle = eight_puzzle();
  const Tiles board = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  for (const bool skips : {true, false}) {
    const TreeAstarDequeues range =
        tree_astar_dequeues(puzzle, board, 1, {Heuristic::manhattan, skips});
    EXPECT_EQ(range.fewest, 2u);
    EXPECT_EQ(range.most, 2u);
  }
}

// Every literal Solver, whatever its MinPQ does with equal priorities, lies in the range; the
// critical optimization and Manhattan (against Hamming) never raise the most.
TEST(TreeAstarDequeues, EverySolversCountLiesInItsVariantsRange) {
  const TilePuzzle puzzle = eight_puzzle();
  std::mt19937 random(7);
  for (int trial = 0; trial < 40; ++trial) {
    const Tiles board = scrambled(puzzle, 6 + trial % 15, random);
    const int moves = static_cast<int>(ida_star(puzzle, board)->moves.size());
    for (const Heuristic priority : {Heuristic::manhattan, Heuristic::misplaced_tiles}) {
      for (const bool skips : {true, false}) {
        const TreeAstarVariant variant{priority, skips};
        const TreeAstarDequeues range = tree_astar_dequeues(puzzle, board, moves, variant);
        ASSERT_TRUE(range.complete);
        ASSERT_LE(range.fewest, range.most);
        for (const Ties ties : {Ties::fifo, Ties::lifo, Ties::lowest_h, Ties::highest_h}) {
          const std::uint64_t got = solver_dequeues(puzzle, board, variant, ties);
          EXPECT_GE(got, range.fewest) << "trial " << trial << " ties " << static_cast<int>(ties);
          EXPECT_LE(got, range.most) << "trial " << trial << " ties " << static_cast<int>(ties);
        }
      }
      EXPECT_LE(tree_astar_dequeues(puzzle, board, moves, {priority, true}).most,
                tree_astar_dequeues(puzzle, board, moves, {priority, false}).most);
    }
    EXPECT_LE(tree_astar_dequeues(puzzle, board, moves, {Heuristic::manhattan, true}).fewest,
              tree_astar_dequeues(puzzle, board, moves, {Heuristic::misplaced_tiles, true}).fewest);
  }
}

TEST(TreeAstarDequeues, TheNodeLimitSaysTheCountIsIncomplete) {
  const TilePuzzle puzzle = eight_puzzle();
  const Tiles board = {8, 7, 0, 3, 4, 1, 2, 6, 5};  // 24 moves
  const TreeAstarDequeues range =
      tree_astar_dequeues(puzzle, board, 24, {Heuristic::misplaced_tiles, false}, 100);
  EXPECT_FALSE(range.complete);
  EXPECT_EQ(range.most, 100u);
}

TEST(TreeAstarDequeues, RejectsWhatItCannotCount) {
  const TilePuzzle torus(3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  EXPECT_THROW(tree_astar_dequeues(torus, torus.goal(), 0, {}), std::invalid_argument);
  const TilePuzzle puzzle = eight_puzzle();
  EXPECT_THROW(tree_astar_dequeues(puzzle, {1, 2, 3, 4, 5, 6, 7, 0, 8}, 0, {}),
               std::invalid_argument);
  EXPECT_THROW(tree_astar_dequeues(puzzle, puzzle.goal(), 0, {Heuristic::zero, true}),
               std::invalid_argument);
}

}  // namespace
}  // namespace sg::ref
