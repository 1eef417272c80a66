#include "reference/indexed_heap.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <stdexcept>
#include <utility>

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace indexed_heap_test {

TEST(IndexedHeapTest, PopsInKeyOrder) {
  IndexedHeap<int> heap;
  EXPECT_TRUE(heap.empty());
  heap.push(0, 5);
  heap.push(1, 3);
  heap.push(2, 8);
  heap.push(3, 1);
  EXPECT_EQ(heap.size(), 4u);
  EXPECT_EQ(heap.top(), 3u);
  EXPECT_EQ(heap.top_key(), 1);
  EXPECT_EQ(heap.pop(), 3u);
  EXPECT_EQ(heap.pop(), 1u);
  EXPECT_EQ(heap.pop(), 0u);
  EXPECT_EQ(heap.pop(), 2u);
  EXPECT_TRUE(heap.empty());
}

TEST(IndexedHeapTest, DecreaseKeyMovesAnEntryUp) {
  IndexedHeap<int> heap;
  heap.push(7, 10);
  heap.push(2, 20);
  heap.push(4, 30);
  EXPECT_TRUE(heap.contains(4));
  EXPECT_FALSE(heap.contains(5));
  EXPECT_FALSE(heap.contains(1000));
  heap.decrease_key(4, 5);
  EXPECT_EQ(heap.key(4), 5);
  EXPECT_EQ(heap.pop(), 4u);
  EXPECT_FALSE(heap.contains(4));
  heap.decrease_key(2, 20);  // An equal key is accepted.
  EXPECT_EQ(heap.pop(), 7u);
  EXPECT_EQ(heap.pop(), 2u);
}

TEST(IndexedHeapTest, AnIdCanReturnAfterBeingPopped) {
  IndexedHeap<int> heap;
  heap.push(0, 1);
  EXPECT_EQ(heap.pop(), 0u);
  heap.push(0, 2);
  EXPECT_EQ(heap.key(0), 2);
}

TEST(IndexedHeapTest, Errors) {
  IndexedHeap<int> heap;
  EXPECT_THROW(heap.pop(), std::out_of_range);
  EXPECT_THROW(heap.top(), std::out_of_range);
  EXPECT_THROW(heap.top_key(), std::out_of_range);
  EXPECT_THROW(heap.key(0), std::out_of_range);
  EXPECT_THROW(heap.decrease_key(0, 1), std::out_of_range);
  heap.push(0, 5);
  EXPECT_THROW(heap.push(0, 4), std::invalid_argument);
  EXPECT_THROW(heap.decrease_key(0, 6), std::invalid_argument);
  EXPECT_EQ(heap.key(0), 5);
  heap.clear();
  EXPECT_TRUE(heap.empty());
  EXPECT_FALSE(heap.contains(0));
}

TEST(IndexedHeapTest, CustomCompareMakesAMaxHeap) {
  IndexedHeap<int, std::greater<int>> heap;
  heap.push(0, 1);
  heap.push(1, 9);
  heap.push(2, 5);
  EXPECT_EQ(heap.pop(), 1u);
  heap.decrease_key(0, 7);  // "Decrease" = move towards the top, i.e. a larger int here.
  EXPECT_EQ(heap.pop(), 0u);
}

// Random push / pop / decrease-key sequences against a naive model: a std::map from id to key,
// popping the smallest (key, id). Keys are unique pairs (key, id) so the popped id is determined.
TEST(IndexedHeapTest, MatchesNaiveModelOnRandomOperations) {
  using Key = std::pair<int, std::size_t>;
  std::mt19937 rng(2024);
  for (int round = 0; round < 20; ++round) {
    IndexedHeap<Key> heap;
    std::map<std::size_t, Key> model;
    const std::size_t ids = 1 + rng() % 200;
    for (int step = 0; step < 5000; ++step) {
      const std::size_t id = rng() % ids;
      switch (rng() % 3) {
        case 0: {  // push (or decrease-key if present)
          const Key key{static_cast<int>(rng() % 1000), id};
          if (model.count(id)) {
            if (key < model[id]) {
              heap.decrease_key(id, key);
              model[id] = key;
            }
          } else {
            heap.push(id, key);
            model[id] = key;
          }
          break;
        }
        case 1: {  // decrease-key of a present id
          if (!model.count(id)) break;
          Key key = model[id];
          key.first -= static_cast<int>(rng() % 50);
          heap.decrease_key(id, key);
          model[id] = key;
          break;
        }
        case 2: {  // pop
          if (model.empty()) {
            EXPECT_TRUE(heap.empty());
            break;
          }
          auto best = model.begin();
          for (auto it = model.begin(); it != model.end(); ++it) {
            if (it->second < best->second) best = it;
          }
          ASSERT_EQ(heap.top_key(), best->second);
          ASSERT_EQ(heap.pop(), best->first);
          model.erase(best);
          break;
        }
      }
      ASSERT_EQ(heap.size(), model.size());
      for (const auto& [model_id, model_key] : model) {
        ASSERT_TRUE(heap.contains(model_id));
        ASSERT_EQ(heap.key(model_id), model_key);
      }
    }
  }
}

}  // namespace indexed_heap_test
}  // namespace
}  // namespace sg::ref
