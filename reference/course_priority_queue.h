// A model of the Torus 8-Puzzle assignment's Python `PriorityQueue` class.
//
// The course gives students a skeleton PriorityQueue whose queue is a plain Python list of dicts
// {'state', 'h', 'g', 'parent', 'f'}, and asks them to complete `enqueue` so that enqueuing a
// state already present "will not increase the size of the queue but rather update the cost to
// the lower of the two options". The graders test students' queues through its methods and
// str(pq), and the published `max_len` figures ("Max queue length: 27944") come from it. This
// class reproduces those semantics exactly, with the same deliberately simple list algorithms
// (linear scans), so that expected results of priority-queue tests can be computed and A*
// (astar.h), which implements the same semantics efficiently, can be cross-checked against it:
//
//   - enqueue(e): if no entry in the list has e.state, append e. Otherwise keep that one entry
//     IN PLACE; if e.g is strictly lower than its g, set its g, f and parent to e's (its h is
//     unchanged); an equal or higher g changes nothing.
//     Afterwards max_len = max(max_len, length of the list).
//   - pop(): remove and return the entry of minimal f; among equal f the earliest in list order
//     (the skeleton scans with a strict `<`).
//   - is_empty(): the list is empty.
//
// The entry's parent is recorded by state only (the Python dict nests the whole parent dict).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "reference/tie_break.h"
#include "reference/tile_puzzle.h"

namespace sg::ref {

/// One queue item: the Python dict {'state', 'h', 'g', 'parent', 'f'}, with the parent dict
/// reduced to its state (nullopt for the root, Python's None). f is stored as given (the course
/// always passes g + h; this model does not recompute it).
struct PqEntry {
  Tiles state;
  int h = 0;
  int g = 0;
  int f = 0;
  std::optional<Tiles> parent_state;

  friend bool operator==(const PqEntry&, const PqEntry&) = default;
};

/// The rules the queue follows: the course's by default. The grader's mutants vary them (a queue
/// whose enqueue never updates, a pop that takes the latest of equal f).
struct CourseQueueRules {
  bool update_on_lower_g = true;  ///< false: a queued state's entry never changes
  TieBreak tie_break = TieBreak::earliest_inserted;  ///< among equal f, in list order
};

/// The course's list-based priority queue (see the file comment for the exact semantics).
/// O(n) enqueue and pop: a model for computing expected results, not a fast frontier.
class CoursePriorityQueue {
 public:
  explicit CoursePriorityQueue(CourseQueueRules rules = {}) : rules_(rules) {}

  /// Appends `entry`, or updates the entry with the same state in place when entry.g is
  /// strictly lower (g, f and parent; h kept). Then updates max_len.
  void enqueue(PqEntry entry);

  /// Removes and returns the entry with minimal f, the earliest in list order among equal f.
  /// Throws std::out_of_range if the queue is empty.
  PqEntry pop();

  /// True iff the list is empty.
  bool is_empty() const { return queue_.empty(); }

  /// The list in its order — the order str(pq) prints the entries in.
  const std::vector<PqEntry>& entries() const { return queue_; }

  /// The largest list length seen after any enqueue (the skeleton's `max_len`); 0 initially.
  std::size_t max_len() const { return max_len_; }

 private:
  CourseQueueRules rules_;
  std::vector<PqEntry> queue_;
  std::size_t max_len_ = 0;
};

}  // namespace sg::ref
