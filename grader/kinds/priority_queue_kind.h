// priority_queue: drives the submission's PriorityQueue class through a sequence of steps and
// compares each result with the reference model of the course's class (aspect: behaviour).
// The queue holds states of any domain: the spec's sliding-tile `domain`, or one of its
// `domains` named by the test's `domain:` (a graph's `goal:` is the goal its h is of).
// Spec key `steps`, a list of:
//   enqueue: {state, g, parent: <name>|null, h: <default: the domain's h>, f: <default g+h>,
//             as: <name>}
//   enqueue_successors: {of: <name>}   the named entry's successors, in the domain's order,
//                                       with g + the step's cost and that entry as parent
//   pop | {pop: {as: <name>}}   is_empty   str   max_len
// Names bind queue entries (the same Python dict objects) so later steps can use them as parents.
#pragma once

#include "domains/sliding_tile_setup.h"
#include "kinds/test_kind.h"

namespace sg {

class PriorityQueueKind : public TestKind {
 public:
  std::string_view name() const override { return "priority_queue"; }
  std::vector<std::string> aspects() const override { return {"behaviour"}; }
  bool uses_action_order(const Assignment& assignment) const override {
    return successors_in_action_order(assignment);
  }
  std::vector<std::string> keys() const override { return {"steps", "class", "domain", "goal"}; }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: the course's queue with enqueue never updating a queued entry, and with pop taking
  /// the latest of equal f; each queue's answers judged as the student's.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
