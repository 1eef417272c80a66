// print_path: calls the submission's printPath_8p(startState, goalState, path) with the
// reference's iterative-deepening path and checks that it prints something. A2 leaves the format
// to the student ("You choose the format"), so by default nothing about the text is judged, and
// A2 uses it as feedback only (its `grades` binds no criterion). A course that fixes the format
// gives `line:`, a line template (`{state}`, `{h}`, `{g}`, `{depth}`, ...): the printed path is
// then judged as a solve trace is, line by line (kinds/domain_trace.h), against the path handed in.
//
// Spec keys: start, goal (states; goal defaults to the domain's), limit (maxDepth for the
// reference path), function (default printPath_8p), domain (one of the spec's `domains`, a
// graph or a maze, instead of the sliding-tile `domain`; its states as the driver passes them),
// line (a line template; absent: any format).
// Aspects: prints; with `line`, path (the handed path's states, in order), heuristic (each
// figure right for its line) and format (every line the template).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class PrintPathKind : public TestKind {
 public:
  std::string_view name() const override { return "print_path"; }
  std::vector<std::string> aspects() const override {
    return {"prints", "path", "heuristic", "format"};
  }
  bool uses_action_order(const Assignment&) const override { return true; }
  std::vector<std::string> keys() const override {
    return {"start", "goal", "limit", "function", "domain", "line"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
};

}  // namespace sg
