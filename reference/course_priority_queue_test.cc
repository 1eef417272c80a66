#include "reference/course_priority_queue.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

#include "reference/heuristics.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace course_priority_queue_test {

using ::testing::ElementsAre;

const Tiles kRoot = {1, 2, 3, 4, 5, 0, 6, 7, 8};

PqEntry entry(Tiles state, int h, int g, std::optional<Tiles> parent) {
  return PqEntry{std::move(state), h, g, g + h, std::move(parent)};
}

std::vector<Tiles> states_of(const CoursePriorityQueue& pq) {
  std::vector<Tiles> out;
  for (const PqEntry& e : pq.entries()) out.push_back(e.state);
  return out;
}

// The seed's "Priority Queue" section, step by step.
TEST(CoursePriorityQueueTest, SeedExample) {
  const TilePuzzle puzzle(3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  CoursePriorityQueue pq;
  EXPECT_TRUE(pq.is_empty());
  EXPECT_EQ(pq.max_len(), 0u);

  // >>> pq.enqueue({'state': [1, 2, 3, 4, 5, 0, 6, 7, 8], 'h': 3, 'g': 0, 'parent': None, 'f': 3})
  const PqEntry root{kRoot, 3, 0, 3, std::nullopt};
  pq.enqueue(root);
  EXPECT_THAT(pq.entries(), ElementsAre(root));
  EXPECT_EQ(pq.max_len(), 1u);

  // Pop: the queue is empty.
  EXPECT_EQ(pq.pop(), root);
  EXPECT_TRUE(pq.is_empty());

  // Generate and enqueue the root's successors (ascending order, g 1, parent the root).
  for (const Successor& s : puzzle.successors_ascending(kRoot)) {
    pq.enqueue(entry(s.state, evaluate(puzzle, s.state, Heuristic::misplaced_tiles), 1, kRoot));
  }
  const PqEntry first{{1, 2, 0, 4, 5, 3, 6, 7, 8}, 4, 1, 5, kRoot};
  const PqEntry second{{1, 2, 3, 0, 5, 4, 6, 7, 8}, 4, 1, 5, kRoot};
  const PqEntry third{{1, 2, 3, 4, 0, 5, 6, 7, 8}, 4, 1, 5, kRoot};
  const PqEntry fourth{{1, 2, 3, 4, 5, 8, 6, 7, 0}, 3, 1, 4, kRoot};
  EXPECT_THAT(pq.entries(), ElementsAre(first, second, third, fourth));
  EXPECT_EQ(pq.max_len(), 4u);

  // >>> pq.enqueue(<the first child, but with a g of 0 and an f of 4>): updated in place.
  pq.enqueue(PqEntry{{1, 2, 0, 4, 5, 3, 6, 7, 8}, 4, 0, 4, kRoot});
  const PqEntry first_updated{{1, 2, 0, 4, 5, 3, 6, 7, 8}, 4, 0, 4, kRoot};
  EXPECT_THAT(pq.entries(), ElementsAre(first_updated, second, third, fourth));
  EXPECT_EQ(pq.max_len(), 4u);

  // The updated entry keeps its place in the list, so it wins the f = 4 tie with the fourth.
  EXPECT_EQ(pq.pop(), first_updated);
  EXPECT_EQ(pq.pop(), fourth);
  EXPECT_EQ(pq.pop(), second);
  EXPECT_EQ(pq.pop(), third);
  EXPECT_TRUE(pq.is_empty());
  EXPECT_EQ(pq.max_len(), 4u);
}

TEST(CoursePriorityQueueTest, HigherOrEqualGChangesNothing) {
  CoursePriorityQueue pq;
  const Tiles a = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  const Tiles b = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  pq.enqueue(entry(a, 2, 3, std::nullopt));
  pq.enqueue(entry(b, 1, 1, a));
  const std::vector<PqEntry> before = pq.entries();

  pq.enqueue(entry(a, 2, 5, b));  // Higher g.
  EXPECT_EQ(pq.entries(), before);
  pq.enqueue(entry(a, 2, 3, b));  // Equal g, different parent: still no change.
  EXPECT_EQ(pq.entries(), before);
  pq.enqueue(PqEntry{b, 7, 1, 8, std::nullopt});  // Equal g with other h/f: no change either.
  EXPECT_EQ(pq.entries(), before);
  EXPECT_EQ(pq.max_len(), 2u);
}

TEST(CoursePriorityQueueTest, LowerGUpdatesGFAndParentButNotH) {
  CoursePriorityQueue pq;
  const Tiles a = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  const Tiles b = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  const Tiles c = {1, 2, 3, 4, 5, 0, 7, 8, 6};
  pq.enqueue(entry(c, 0, 0, std::nullopt));
  pq.enqueue(entry(a, 2, 5, b));
  pq.enqueue(PqEntry{a, 9, 2, 4, c});
  EXPECT_THAT(pq.entries(), ElementsAre(entry(c, 0, 0, std::nullopt), PqEntry{a, 2, 2, 4, c}));
  EXPECT_EQ(pq.max_len(), 2u);
}

TEST(CoursePriorityQueueTest, PopTakesTheEarliestAmongEqualF) {
  CoursePriorityQueue pq;
  const Tiles a = {0, 1, 2, 3};
  const Tiles b = {1, 0, 2, 3};
  const Tiles c = {1, 2, 0, 3};
  const Tiles d = {1, 2, 3, 0};
  pq.enqueue(entry(a, 3, 1, std::nullopt));  // f 4
  pq.enqueue(entry(b, 1, 1, std::nullopt));  // f 2
  pq.enqueue(entry(c, 0, 2, std::nullopt));  // f 2
  pq.enqueue(entry(d, 1, 1, std::nullopt));  // f 2
  EXPECT_EQ(pq.pop().state, b);
  EXPECT_EQ(pq.pop().state, c);
  EXPECT_EQ(pq.pop().state, d);
  EXPECT_EQ(pq.pop().state, a);
  EXPECT_EQ(pq.max_len(), 4u);
}

TEST(CoursePriorityQueueTest, UpdatedEntryKeepsItsPositionForTieBreaking) {
  CoursePriorityQueue pq;
  const Tiles a = {0, 1, 2, 3};
  const Tiles b = {1, 0, 2, 3};
  const Tiles c = {1, 2, 0, 3};
  pq.enqueue(entry(a, 1, 5, std::nullopt));  // f 6, first in the list
  pq.enqueue(entry(b, 1, 2, std::nullopt));  // f 3
  pq.enqueue(entry(c, 1, 2, std::nullopt));  // f 3
  pq.enqueue(entry(a, 1, 2, b));             // a improves to f 3 and stays first
  EXPECT_THAT(states_of(pq), ElementsAre(a, b, c));
  EXPECT_EQ(pq.pop().state, a);
  EXPECT_EQ(pq.pop().state, b);
}

TEST(CoursePriorityQueueTest, MaxLenIsTheHighWaterMark) {
  CoursePriorityQueue pq;
  pq.enqueue(entry({0, 1}, 1, 0, std::nullopt));
  pq.enqueue(entry({1, 0}, 0, 1, std::nullopt));
  EXPECT_EQ(pq.max_len(), 2u);
  pq.pop();
  pq.pop();
  EXPECT_EQ(pq.max_len(), 2u);
  pq.enqueue(entry({0, 1}, 1, 0, std::nullopt));
  EXPECT_EQ(pq.max_len(), 2u);
}

TEST(CoursePriorityQueueTest, PopOnEmptyThrows) {
  CoursePriorityQueue pq;
  EXPECT_THROW(pq.pop(), std::out_of_range);
}

}  // namespace course_priority_queue_test
}  // namespace
}  // namespace sg::ref

namespace sg::ref {
namespace {
namespace course_priority_queue_test {

// The rules the grader's mutants vary: a queue that never updates, and one whose pop takes the
// latest of equal f.
TEST(CoursePriorityQueueTest, OtherRulesNeverUpdateOrPopTheLatestOfEqualF) {
  const Tiles a = {1, 2, 3, 4, 5, 6, 7, 0, 8};
  const Tiles b = {1, 2, 3, 4, 5, 6, 0, 7, 8};
  CoursePriorityQueue keeps({false, TieBreak::earliest_inserted});
  keeps.enqueue(entry(a, 1, 3, std::nullopt));
  keeps.enqueue(entry(a, 1, 1, b));
  EXPECT_EQ(keeps.entries().front().g, 3) << "a lower g changes nothing";
  CoursePriorityQueue latest({true, TieBreak::latest_inserted});
  latest.enqueue(entry(a, 1, 1, std::nullopt));
  latest.enqueue(entry(b, 2, 0, std::nullopt));
  EXPECT_EQ(latest.pop().state, b) << "f 2 both: the latest first";
  EXPECT_EQ(latest.pop().state, a);
}

}  // namespace course_priority_queue_test
}  // namespace
}  // namespace sg::ref
