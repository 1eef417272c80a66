// An indexed binary min-heap: the A* frontier.
//
// Items are node ids (dense small integers, e.g. indices into a node table), each with a key.
// Besides push and pop-min, the heap supports decrease-key in O(log n): it tracks the current
// array position of every id, so an entry already on the frontier can be found and re-keyed in
// place instead of being pushed again (no stale duplicates, so the frontier size is exactly the
// number of distinct states on it). Ties between equal keys are NOT broken by the heap; callers
// that need a specific tie-breaking put it into the key (A* uses (f, insertion sequence)).
//
// Header-only; Key needs to be copyable and ordered by Compare (a strict weak order).
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace sg::ref {

/// A binary min-heap of ids in [0, capacity) keyed by `Key`, smallest per `Compare` on top.
/// Memory: O(max id + number of entries). All operations O(log n) except `contains`/`key`, O(1).
template <typename Key, typename Compare = std::less<Key>>
class IndexedHeap {
 public:
  using Id = std::size_t;

  /// An empty heap ordered by `compare` (smallest on top).
  explicit IndexedHeap(Compare compare = Compare()) : compare_(std::move(compare)) {}

  /// Number of ids on the heap.
  std::size_t size() const { return heap_.size(); }
  /// True iff no id is on the heap.
  bool empty() const { return heap_.empty(); }

  /// True iff `id` is currently on the heap.
  bool contains(Id id) const { return id < position_.size() && position_[id] != kAbsent; }

  /// Adds `id` with `key`. Throws std::invalid_argument if `id` is already on the heap.
  void push(Id id, Key key) {
    if (contains(id)) throw std::invalid_argument("IndexedHeap::push: id already on the heap");
    if (id >= position_.size()) position_.resize(id + 1, kAbsent);
    heap_.push_back(Entry{std::move(key), id});
    position_[id] = heap_.size() - 1;
    sift_up(heap_.size() - 1);
  }

  /// The id with the smallest key (any one of them if several keys are equivalent).
  /// Throws std::out_of_range if the heap is empty.
  Id top() const {
    if (heap_.empty()) throw std::out_of_range("IndexedHeap::top: heap is empty");
    return heap_.front().id;
  }

  /// The smallest key. Throws std::out_of_range if the heap is empty.
  const Key& top_key() const {
    if (heap_.empty()) throw std::out_of_range("IndexedHeap::top_key: heap is empty");
    return heap_.front().key;
  }

  /// Removes and returns the id with the smallest key. Throws std::out_of_range if empty.
  Id pop() {
    if (heap_.empty()) throw std::out_of_range("IndexedHeap::pop: heap is empty");
    const Id id = heap_.front().id;
    position_[id] = kAbsent;
    if (heap_.size() > 1) {
      heap_.front() = std::move(heap_.back());
      position_[heap_.front().id] = 0;
      heap_.pop_back();
      sift_down(0);
    } else {
      heap_.pop_back();
    }
    return id;
  }

  /// The current key of `id`. Throws std::out_of_range if `id` is not on the heap.
  const Key& key(Id id) const {
    if (!contains(id)) throw std::out_of_range("IndexedHeap::key: id not on the heap");
    return heap_[position_[id]].key;
  }

  /// Lowers the key of `id` to `key` and restores the heap order, O(log n).
  /// Throws std::out_of_range if `id` is not on the heap, std::invalid_argument if `key` is
  /// greater than the current key (an equal key is accepted and changes nothing in the order).
  void decrease_key(Id id, Key key) {
    if (!contains(id)) throw std::out_of_range("IndexedHeap::decrease_key: id not on the heap");
    const std::size_t pos = position_[id];
    if (compare_(heap_[pos].key, key)) {
      throw std::invalid_argument("IndexedHeap::decrease_key: new key is greater");
    }
    heap_[pos].key = std::move(key);
    sift_up(pos);
  }

  /// Removes every id.
  void clear() {
    heap_.clear();
    position_.clear();
  }

 private:
  static constexpr std::size_t kAbsent = std::numeric_limits<std::size_t>::max();

  struct Entry {
    Key key;
    Id id;
  };

  bool less(std::size_t a, std::size_t b) const { return compare_(heap_[a].key, heap_[b].key); }

  void swap_entries(std::size_t a, std::size_t b) {
    std::swap(heap_[a], heap_[b]);
    position_[heap_[a].id] = a;
    position_[heap_[b].id] = b;
  }

  void sift_up(std::size_t pos) {
    while (pos > 0) {
      const std::size_t parent = (pos - 1) / 2;
      if (!less(pos, parent)) break;
      swap_entries(pos, parent);
      pos = parent;
    }
  }

  void sift_down(std::size_t pos) {
    const std::size_t n = heap_.size();
    while (true) {
      const std::size_t left = 2 * pos + 1;
      if (left >= n) break;
      std::size_t smallest = left;
      const std::size_t right = left + 1;
      if (right < n && less(right, left)) smallest = right;
      if (!less(smallest, pos)) break;
      swap_entries(pos, smallest);
      pos = smallest;
    }
  }

  Compare compare_;
  std::vector<Entry> heap_;
  std::vector<std::size_t> position_;  // position_[id] = index in heap_, or kAbsent.
};

}  // namespace sg::ref
