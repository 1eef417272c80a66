// print_path: calls the submission's printPath_8p(startState, goalState, path) with the
// reference's iterative-deepening path and checks that it exists and prints something. The
// assignment leaves the format to the student ("You choose the format"), so nothing about the
// text is judged; A2 uses it as feedback only (its `grades` binds no criterion).
//
// Spec keys: start, goal (states; goal defaults to the domain's), limit (maxDepth for the
// reference path), function (default printPath_8p), domain (one of the spec's `domains`, a
// graph or a maze, instead of the sliding-tile `domain`; its states as the driver passes them).
// Aspects: prints.
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class PrintPathKind : public TestKind {
 public:
  std::string_view name() const override { return "print_path"; }
  std::vector<std::string> aspects() const override { return {"prints"}; }
  bool uses_action_order(const Assignment&) const override { return true; }
  std::vector<std::string> keys() const override {
    return {"start", "goal", "limit", "function", "domain"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
};

}  // namespace sg
