// Checks a sequence of operations on the student's PriorityQueue (enqueue, pop, is_empty, str,
// max_len) against the reference model of the course's class (reference/course_priority_queue.h).
// The first step whose observation differs decides the outcome; feedback names the step, what it
// tests, what the queue should hold and what it holds, with a hint for the classic mistakes
// (a duplicate entry instead of an update, an update by a higher g, the wrong one of equal f).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/course_priority_queue.h"

namespace sg {

enum class PqOperation { construct, enqueue, pop, is_empty, str, max_len };

/// What one step must produce, per the reference model.
struct PqExpectedStep {
  PqOperation operation = PqOperation::enqueue;
  std::string call;  ///< As the student would type it, e.g. "pq.enqueue({'state': [...], ...})".
  std::string
      purpose;  ///< What the step tests, e.g. "the state is already queued with g 1; g 0 is lower".
  std::optional<ref::PqEntry> popped;                ///< For pop.
  std::optional<bool> empty;                         ///< For is_empty.
  std::optional<std::size_t> max_len;                ///< For max_len.
  std::optional<std::vector<ref::PqEntry>> entries;  ///< For str, in list order.
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

/// One aspect ("behaviour") for the whole sequence.
AspectOutcome check_priority_queue(const std::vector<PqExpectedStep>& expected,
                                   const std::vector<PqObservedStep>& observed);

/// Python rendering of a queue entry as the course prints it (parent shown by its state only).
std::string describe_entry(const ref::PqEntry& entry);

}  // namespace sg
