// solve: calls the submission's solve and checks the printed path against the reference's
// search (aspects: path, heuristic, format, max_queue), composed from the spec's parts
// (kinds/domain_trace.h). Spec keys: state, function (the seed form, shorthand for the
// composition); exact_path (default false: any cheapest path passes); max_queue_line (optional |
// required | forbidden); max_queue_length (feedback | exact | range); cross_check {moves,
// max_queue_length}: figures published with the assignment that the reference must reproduce (a
// mismatch is a grader error, never the student's fault); or the composed keys (domain, call,
// line, last_line, algorithm, start, goal).
#pragma once

#include <string>
#include <vector>

#include "checkers/domain_trace_checker.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/test_kind.h"

namespace sg {

/// `max_queue_line:` (optional | required | forbidden), for tiles and named domains alike.
MaxQueueLine read_max_queue_line(const TestSpec& test);
/// `max_queue_length:` (feedback | exact | range).
QueueCountJudgement read_max_queue_length(const TestSpec& test);

class SolveKind : public TestKind {
 public:
  std::string_view name() const override { return "solve"; }
  std::vector<std::string> aspects() const override {
    return {"path", "heuristic", "format", "max_queue"};
  }
  bool uses_action_order(const Assignment& assignment) const override {
    return successors_in_action_order(assignment);
  }
  std::vector<std::string> keys() const override;
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: greedy instead of A*; -1 printed for a judged max queue length. What each
  /// prints judged as the student's output.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
