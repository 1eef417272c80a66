// Judgements of a heuristic a student wrote, on every state of a space the reference enumerated
// with its h* (ref::CostToGoal): each a separately graded aspect.
//   goal_zero  — h is 0 at every goal;
//   admissible — h(s) <= h*(s) on every state (from which a goal can be reached);
//   consistent — h(s) <= c(s, s') + h(s') on every edge;
//   stronger   — h(s) >= a baseline's (such as Manhattan) everywhere and > it somewhere;
//   informed_1..informed_4 — the reference's own A* guided by h, run from stated starts, expands
//                at most a tier's number of states in all (credited only if h is admissible).
// Feedback names one counterexample, the one nearest a goal (smallest h*), drawn in the domain's
// terms, and how many states (or edges) fail. This file knows no domain and runs no process.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/admissibility.h"
#include "reference/problem.h"
#include "reference/search.h"

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

/// The reference's search from each start of a test's tiers, guided by one h: expansions per
/// start, and their sum (nullopt when a run ran out of the policy's max_expansions).
struct InformedCount {
  std::vector<std::size_t> per_start;
  std::optional<std::size_t> total = 0;
};

/// What a student's count is shown beside: the counts with the domain's own h and with h*.
struct InformedBaselines {
  InformedCount domain;
  InformedCount perfect;
};

/// The informedness tiers a test asks for (as Berkeley's 15000 / 12000 / 9000 / 7000 nodes).
struct InformedTiers {
  ref::SearchPolicy policy;        ///< The reference's search, guided by the student's h.
  std::string algorithm = "A*";    ///< For feedback.
  std::vector<ref::State> starts;  ///< States of the space to search from.
  /// Tier k (informed_{k+1}) passes when the expansions over all starts are at most at_most[k];
  /// 1 to kMaxInformedTiers entries, strictly decreasing.
  std::vector<std::size_t> at_most;
  /// The baselines, when the problem is the spec's own (one computation per test rather than
  /// per judgement: a class, a spec's mutants); nullptr: each judgement computes them (a
  /// student's own problem).
  std::shared_ptr<const InformedBaselines> baselines;
};

constexpr std::size_t kMaxInformedTiers = 4;

/// The baselines of `tiers` on `problem`, whose states are `space`'s (h* from there).
InformedBaselines informed_baselines(const ref::Problem& problem, const ref::CostToGoal& space,
                                     const InformedTiers& tiers);

/// Judges how well `h` guides the reference's search: aspects informed_1 .. informed_4 (tiers
/// beyond `tiers.at_most` not judged). Each tier fails, whatever the count, when `admissible` is
/// false (an h that overestimates can expand few states by leading the search to a worse path).
/// Adds to `notes` the expansions per start with h, with the domain's own h and with h*.
std::vector<AspectOutcome> judge_informed(const ref::Problem& problem, const ref::CostToGoal& space,
                                          const std::vector<double>& h, bool admissible,
                                          const InformedTiers& tiers,
                                          std::vector<std::string>& notes);

/// Every judgement of a heuristic, in the aspects' order: goal_zero, admissible, consistent,
/// stronger (only with `judge_stronger`; not judged without a baseline), then informed_1 ..
/// informed_4 (judged against `tiers`, else not judged). What the heuristic kind and the
/// problem-class kind share; each puts its own reading of h (values, h_values) first.
std::vector<AspectOutcome> judge_heuristic_aspects(
    const ref::Problem& problem, const ref::CostToGoal& space, const std::vector<double>& h,
    const std::optional<HeuristicBaseline>& baseline,
    const std::function<std::string(const ref::State&)>& draw,
    const std::optional<InformedTiers>& tiers, bool judge_stronger,
    std::vector<std::string>& notes);

/// What the judgements expect, for people: the space's size and h*'s range.
std::string heuristic_expectation(const ref::CostToGoal& space,
                                  const std::optional<HeuristicBaseline>& baseline);

}  // namespace sg
