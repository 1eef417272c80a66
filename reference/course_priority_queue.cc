#include "reference/course_priority_queue.h"

#include <stdexcept>
#include <utility>

namespace sg::ref {

void CoursePriorityQueue::enqueue(PqEntry entry) {
  bool in_open = false;
  for (PqEntry& existing : queue_) {
    if (existing.state == entry.state) {
      in_open = true;
      if (rules_.update_on_lower_g && entry.g < existing.g) {
        existing.g = entry.g;
        existing.f = entry.f;
        existing.parent_state = std::move(entry.parent_state);
      }
      break;
    }
  }
  if (!in_open) queue_.push_back(std::move(entry));
  if (queue_.size() > max_len_) max_len_ = queue_.size();
}

PqEntry CoursePriorityQueue::pop() {
  if (queue_.empty()) throw std::out_of_range("CoursePriorityQueue::pop: queue is empty");
  std::size_t min_f = 0;
  for (std::size_t i = 1; i < queue_.size(); ++i) {
    const bool better = rules_.tie_break == TieBreak::earliest_inserted
                            ? queue_[i].f < queue_[min_f].f
                            : queue_[i].f <= queue_[min_f].f;
    if (better) min_f = i;
  }
  PqEntry popped = std::move(queue_[min_f]);
  queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(min_f));
  return popped;
}

}  // namespace sg::ref
