// Checks a sequence of operations on the student's PriorityQueue (enqueue, pop, is_empty, str,
// max_len) against the reference model of the course's class (reference/course_priority_queue.h).
// The first step whose observation differs decides the outcome; feedback names the step, what it
// tests, what the queue should hold and what it holds, with a hint for the classic mistakes
// (a duplicate entry instead of an update, an update by a higher g, the wrong one of equal f).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/course_priority_queue.h"
#include "reference/problem.h"

namespace sg {

enum class PqOperation { construct, enqueue, pop, is_empty, str, max_len };

/// A queue entry of any domain, its states in the domain's text (ref::State: "[1, 2, 0]",
/// "Arad", "(5, 5)").
using QueueEntry = ref::PqEntryOf<ref::State>;

/// How the queue's states look in the student's process.
struct QueueStates {
  /// A state value as the driver encodes it (a list, a string, a tuple) as the domain's state,
  /// or nullopt when it is none.
  std::function<std::optional<ref::State>(const nlohmann::json&)> read;
  /// The state as Python prints it: "[1, 2, 0]", "'Arad'", "(5, 5)".
  std::function<std::string(const ref::State&)> show;
};

/// What one step must produce, per the reference model.
struct PqExpectedStep {
  PqOperation operation = PqOperation::enqueue;
  std::string call;  ///< As the student would type it, e.g. "pq.enqueue({'state': [...], ...})".
  std::string
      purpose;  ///< What the step tests, e.g. "the state is already queued with g 1; g 0 is lower".
  std::optional<QueueEntry> popped;                ///< For pop.
  std::optional<bool> empty;                       ///< For is_empty.
  std::optional<std::size_t> max_len;              ///< For max_len.
  std::optional<std::vector<QueueEntry>> entries;  ///< For str, in list order.
};

/// What one step did in the student's process (from the driver's step record).
struct PqObservedStep {
  bool ran = false;      ///< False when the process ended before the step (timeout, crash).
  bool ok = false;       ///< False when the step raised.
  nlohmann::json value;  ///< Returned value (driver encoding).
  nlohmann::json lines;  ///< For str: each line of str(pq) as a literal, or null.
  /// For str: every literal in str(pq), whatever separates them (the course's __str__ joins the
  /// dicts with a space, the handout shows one per line), or null if it is not such a sequence.
  nlohmann::json items;
  std::string text;   ///< For str: the raw string.
  std::string error;  ///< "TypeError: ..." with traceback, when !ok.
};

/// One aspect ("behaviour") for the whole sequence; `states` reads and shows the domain's states.
AspectOutcome check_priority_queue(const std::vector<PqExpectedStep>& expected,
                                   const std::vector<PqObservedStep>& observed,
                                   const QueueStates& states);

/// Python rendering of a queue entry as the course prints it (parent shown by its state only).
std::string describe_entry(const QueueEntry& entry, const QueueStates& states);

}  // namespace sg
