// Judgements of a heuristic a student wrote, on every state of a space the reference enumerated
// with its h* (ref::CostToGoal): each a separately graded aspect.
//   goal_zero  — h is 0 at every goal;
//   admissible — h(s) <= h*(s) on every state (from which a goal can be reached);
//   consistent — h(s) <= c(s, s') + h(s') on every edge;
//   stronger   — h(s) >= a baseline's (such as Manhattan) everywhere and > it somewhere.
// Feedback names one counterexample, the one nearest a goal (smallest h*), drawn in the domain's
// terms, and how many states (or edges) fail. This file knows no domain and runs no process.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/admissibility.h"
#include "reference/problem.h"

namespace sg {

/// A heuristic to compare the student's with: its values per state of the space and its name.
struct HeuristicBaseline {
  std::string name;  ///< For feedback: "Manhattan distance".
  std::vector<double> values;
};

struct HeuristicJudgement {
  AspectOutcome goal_zero;
  AspectOutcome admissible;
  AspectOutcome consistent;
  AspectOutcome stronger;  ///< Not judged without a baseline.
  /// Figures for people: mean h against the baseline's and h*'s, the largest gap.
  std::vector<std::string> notes;
};

/// Judges `h` (one value per state of `space`, in its order). `draw` renders a state for
/// feedback (a board as its rows). Goals are the states `problem` says are goals.
HeuristicJudgement judge_heuristic(const ref::Problem& problem, const ref::CostToGoal& space,
                                   const std::vector<double>& h,
                                   const std::optional<HeuristicBaseline>& baseline,
                                   const std::function<std::string(const ref::State&)>& draw);

/// What the judgements expect, for people: the space's size and h*'s range.
std::string heuristic_expectation(const ref::CostToGoal& space,
                                  const std::optional<HeuristicBaseline>& baseline);

}  // namespace sg
