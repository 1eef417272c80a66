// The judgements every search test is made of, over any ref::Problem (graph, maze, board): a path
// walked step by step (legal, reaches a goal, its cost), its cost against the optimum, the path
// or the expansion order against the reference's (exactly, under any accepted successor-order
// variant, or in any order the tie-breaking allows), a count within a stated tolerance, and the
// first divergence of two sequences. Each returns an AspectOutcome whose feedback names the first
// thing that is wrong, in the domain's own terms. Reading what the student produced (their
// notation) happens before, in the adapter; judging happens here. No process is run here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/problem.h"
#include "reference/search.h"

namespace sg {

/// A path as the student gave it.
struct StudentPath {
  enum class Form { states, actions };
  Form form = Form::states;
  /// Form::states: the states in order (the start included or not, see includes_start);
  /// Form::actions: the action names in order.
  std::vector<std::string> items;
  bool includes_start = true;  ///< Form::states only.
};

/// A path walked from the initial state.
struct PathWalk {
  bool legal = true;
  std::size_t steps = 0;             ///< Steps taken (all of them when legal).
  std::string problem;               ///< Why it is not legal: the first illegal step.
  std::vector<ref::State> states;    ///< Initial state, then the state after each legal step.
  std::vector<std::string> actions;  ///< The action of each legal step.
  double cost = 0.0;                 ///< Of the legal steps.
  bool reaches_goal = false;         ///< Legal and ending at a goal.
};

/// Walks `path` from problem.initial_state(). A step is legal when the domain has it: an action
/// of that name (Form::actions), or an action leading to the next state (Form::states; the
/// cheapest when several do). Feedback names the step's number, the state it was taken from and
/// the state's actions.
PathWalk walk_path(const ref::Problem& problem, const StudentPath& path);

/// Aspect "path": the walk is legal and ends at a goal (or, with `require_goal` false, only
/// legal). `noun` names the path in feedback, e.g. "the returned path".
AspectOutcome judge_path(const PathWalk& walk, bool require_goal = true,
                         const std::string& noun = "the path");

/// Aspect "optimal": the walk reaches a goal at the optimal cost (within 1e-6).
AspectOutcome judge_optimal(const PathWalk& walk, double optimal_cost);

/// Aspect "exact": the walk's states equal one of `accepted` (the reference's paths, one per
/// accepted variant, e.g. the successor order as listed and reversed). Feedback names the first
/// step that leaves the closest one.
AspectOutcome judge_exact_path(const PathWalk& walk,
                               const std::vector<std::vector<ref::State>>& accepted);

/// Aspect "cost": the cost the student reported equals the cost of the path they gave.
AspectOutcome judge_reported_cost(const PathWalk& walk, std::optional<double> reported);

/// The first index at which two sequences differ, or nullopt when they are equal.
struct Divergence {
  std::size_t index = 0;
  std::optional<std::string> expected;  ///< nullopt: the expected sequence had ended.
  std::optional<std::string> got;       ///< nullopt: the student's had ended.
};
std::optional<Divergence> first_divergence(const std::vector<std::string>& expected,
                                           const std::vector<std::string>& got);

/// How an expansion order is judged.
enum class ExpansionMatch {
  exact,  ///< Equal to one of the accepted reference orders.
  ties,   ///< Any order the search's tie-breaking could produce (priority searches: replayed).
};

/// Aspect "expansions": `expanded` (the states the student expanded, in order) against the
/// reference. exact: equals one of `accepted`; feedback names the first divergence from the
/// closest. ties: replay_expansions() under `policy` on `problem`, plus the search must stop
/// right after (a goal next); where the reference reaches no goal (`goal_reached` false: it
/// fails or is cut off), it must instead expand as many states as one accepted order does.
AspectOutcome judge_expansions(const std::vector<ref::State>& expanded, ExpansionMatch match,
                               const std::vector<std::vector<ref::State>>& accepted,
                               const ref::Problem& problem, const ref::SearchPolicy& policy,
                               bool goal_reached = true);

/// Aspect named `aspect`: `value` is within `tolerance` (a fraction: 0.1 = 10 %) of `expected`
/// (any of them, when several variants are accepted). `what` names the figure, e.g. "nodes
/// expanded".
AspectOutcome judge_count(const std::string& aspect, const std::string& what,
                          std::optional<double> value, const std::vector<double>& expected,
                          double tolerance);

/// Aspect named `aspect`: `value` lies in [`fewest`, `most`], the range every tie-breaking of
/// the search gives (reference/astar_ties.h); `what` names the figure, `why` says where the
/// range comes from ("an A* expands every state with f < C* and some with f = C*").
AspectOutcome judge_range(const std::string& aspect, const std::string& what,
                          std::optional<double> value, std::size_t fewest, std::size_t most,
                          const std::string& why);

}  // namespace sg
