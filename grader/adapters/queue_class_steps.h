// A queue class driven step by step: a priority_queue test's `steps` (enqueue, enqueue_successors,
// pop, is_empty, str, max_len) become driver steps on the student's class, and the reference
// model of the course's queue (reference/course_priority_queue.h) answers each one. The queue
// holds states of any domain: the spec's sliding-tile `domain`, or one of its `domains` named by
// the test's `domain:` (a graph's `goal:` is the goal its h is of).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "adapters/driver_client.h"
#include "checkers/priority_queue_checker.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "reference/course_priority_queue.h"

namespace sg {

/// The test's steps translated into driver steps, with the model's expectations.
struct QueuePlan {
  std::shared_ptr<const SearchDomain> domain;  ///< Whose states the queue holds.
  nlohmann::json driver_steps = nlohmann::json::array();
  std::vector<std::string> driver_calls;    ///< Feedback name of each driver step.
  std::vector<PqExpectedStep> expected;     ///< One per checked step.
  std::vector<std::size_t> observed_index;  ///< Driver step whose record answers expected[i].
};

/// The plan of the test's `steps` against a model following `rules` (the course's class by
/// default: update in place on a lower g, the earliest of equal f). Throws SpecError at the
/// offending step: an unknown step, a state not of the domain, an unnamed parent, a pop from an
/// empty queue, a g or h that is not a whole number.
QueuePlan plan_queue_steps(const Assignment& assignment, const TestSpec& test,
                           ref::CourseQueueRules rules = {});

/// How the queue's states look in the student's process: the domain's values, shown by Python.
QueueStates queue_states(std::shared_ptr<const SearchDomain> domain);

/// What a queue following the plan's model shows at each checked step, as the driver would
/// record it (for mutants: another model's plan judged against the course's).
std::vector<PqObservedStep> model_observations(const QueuePlan& plan);

/// What the student's queue did at each checked step, read from the driver's transcript; a
/// step that raised carries its failure in the student's terms (file `module_file`).
std::vector<PqObservedStep> observed_queue_steps(const QueuePlan& plan,
                                                 const DriverTranscript& transcript,
                                                 const std::string& module_file);

/// The expected answers, one line per step that returns something, and print(pq)'s entries.
std::string expected_queue_text(const QueuePlan& plan);

}  // namespace sg
