#include "algorithms/search_mutants.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sg {
namespace {

using Family = SearchAlgorithm::Family;
using ref::Strategy;

// A tree search on a graph with cycles never ends; a student's would be stopped by its limit.
constexpr std::size_t kTreeSearchBudget = 20000;
// A breadth-first search with a stack wanders depth-first: on a 15-puzzle it would expand the
// default million states (seconds of the reference, a minute of a student's Python) before its
// goal. The whole 8-puzzle (181,440 states) stays within this.
constexpr std::size_t kWanderingBudget = 200000;

bool best_first(const SearchAlgorithm& algorithm, std::initializer_list<Strategy> strategies) {
  return algorithm.family == Family::best_first &&
         std::find(strategies.begin(), strategies.end(), algorithm.policy.strategy) !=
             strategies.end();
}

}  // namespace

std::vector<SearchMutant> search_mutants(const SearchAlgorithm& algorithm) {
  std::vector<SearchMutant> mutants;
  const auto add = [&](std::string id, std::string mistake, auto change) {
    SearchMutant mutant{std::move(id), std::move(mistake), algorithm, false};
    change(mutant);
    mutants.push_back(std::move(mutant));
  };
  const ref::SearchPolicy& policy = algorithm.policy;
  const bool any_best_first = algorithm.family == Family::best_first;

  if (any_best_first && policy.goal_test == ref::GoalTest::on_expansion)
    add("goal_test_at_generation",
        "tests the goal when a node is generated, not when it is expanded",
        [](SearchMutant& m) { m.algorithm.policy.goal_test = ref::GoalTest::on_generation; });
  if (any_best_first && policy.graph_search)
    add("no_explored_set", "keeps no explored set, so it expands states again (a tree search)",
        [](SearchMutant& m) {
          m.algorithm.policy.graph_search = false;
          m.algorithm.policy.max_expansions =
              std::min(m.algorithm.policy.max_expansions, kTreeSearchBudget);
        });
  if (best_first(algorithm, {Strategy::breadth_first}))
    add("lifo", "takes the newest node off the frontier first (a stack, not a FIFO queue)",
        [](SearchMutant& m) {
          m.algorithm.policy.tie_break = ref::TieBreak::latest_inserted;
          m.algorithm.policy.max_expansions =
              std::min(m.algorithm.policy.max_expansions, kWanderingBudget);
        });
  if (best_first(algorithm,
                 {Strategy::uniform_cost, Strategy::astar, Strategy::greedy_best_first}) &&
      ref::effective_tie_break(policy) == ref::TieBreak::earliest_inserted)
    add("lifo", "breaks ties between equal priorities newest first (LIFO), not oldest first",
        [](SearchMutant& m) { m.algorithm.policy.tie_break = ref::TieBreak::latest_inserted; });
  if (any_best_first)
    add("successors_reversed", "generates the successors in the reverse of the required order",
        [](SearchMutant& m) {
          m.algorithm.policy.reverse_successors = !m.algorithm.policy.reverse_successors;
        });
  if (best_first(algorithm, {Strategy::uniform_cost}))
    add("ucs_by_depth", "orders the frontier by depth (number of steps), not by path cost",
        [](SearchMutant& m) { m.algorithm.policy.strategy = Strategy::breadth_first; });
  if (best_first(algorithm, {Strategy::uniform_cost, Strategy::astar}) && policy.graph_search &&
      policy.duplicates == ref::Duplicates::checked && policy.update_frontier)
    add("no_frontier_update",
        "keeps a frontier entry's first path when a cheaper path to its state is found",
        [](SearchMutant& m) { m.algorithm.policy.update_frontier = false; });
  if (best_first(algorithm, {Strategy::astar}) && policy.graph_search && policy.reopen_closed)
    add("closes_too_early",
        "never reopens an explored state, even when a cheaper path to it is found",
        [](SearchMutant& m) { m.algorithm.policy.reopen_closed = false; });
  if (best_first(algorithm, {Strategy::astar}))
    add("astar_without_h", "orders the frontier by path cost g alone, ignoring the heuristic",
        [](SearchMutant& m) { m.algorithm.policy.strategy = Strategy::uniform_cost; });
  if (best_first(algorithm, {Strategy::astar}))
    add("greedy_for_astar", "orders the frontier by h alone, not by g + h",
        [](SearchMutant& m) { m.algorithm.policy.strategy = Strategy::greedy_best_first; });
  if (algorithm.family == Family::depth_limited) {
    add("depth_limit_plus_one", "goes one step deeper than the depth limit",
        [](SearchMutant& m) { m.algorithm.limit += 1; });
    if (algorithm.limit > 0)
      add("depth_limit_minus_one", "stops one step short of the depth limit",
          [](SearchMutant& m) { m.algorithm.limit -= 1; });
  }
  if (algorithm.family == Family::iterative_deepening) {
    add("max_depth_plus_one", "tries one depth limit more than maxDepth", [](SearchMutant& m) {
      m.algorithm.max_depth += 1;
      m.bound_only = true;
    });
    if (algorithm.max_depth > 0)
      add("max_depth_minus_one",
          "stops one depth limit short of maxDepth (never tries maxDepth itself)",
          [](SearchMutant& m) {
            m.algorithm.max_depth -= 1;
            m.bound_only = true;
          });
  }
  if (algorithm.family == Family::depth_limited || algorithm.family == Family::iterative_deepening)
    add("cutoff_as_failure",
        "reports 'failure' where the depth limit cut the search off ('cutoff')",
        [](SearchMutant& m) { m.cutoff_as_failure = true; });
  return mutants;
}

ReferenceRun run_mutant(const SearchDomain& domain, const SearchMutant& mutant) {
  ReferenceRun run = run_reference(domain, mutant.algorithm, false);
  if (mutant.cutoff_as_failure && run.outcome == "cutoff") run.outcome = "failure";
  return run;
}

std::optional<std::string> diagnose_search_mistake(const SearchAlgorithm& algorithm,
                                                   const ref::Problem& problem,
                                                   const ReferenceRun& reference,
                                                   const MutantRuns& mutants,
                                                   const SearchAnswer& call) {
  if (!call.unreadable.empty()) return std::nullopt;
  std::vector<std::string> reported;
  if (call.path || call.no_path) reported.push_back(call.no_path ? "answer" : "path");
  if (call.expanded) {
    reported.push_back("expansion order");
  } else if (call.expanded_count) {
    reported.push_back("number of expanded nodes");
  }
  if (reported.empty()) return std::nullopt;
  std::optional<std::vector<ref::State>> walked;
  if (call.path) walked = walk_path(problem, *call.path).states;
  std::vector<std::string> mistakes;
  for (const auto& [mutant, run] : mutants) {
    if (run.budget_exceeded) continue;
    // Equal to the reference: nothing to tell apart.
    if (run.path == reference.path && run.expanded == reference.expanded &&
        run.outcome == reference.outcome)
      continue;
    if (call.no_path != !run.found) continue;
    if (walked && *walked != run.path) continue;
    if (call.no_path && !call.outcome_word.empty() && call.outcome_word != run.outcome) continue;
    if (call.expanded && *call.expanded != run.expanded) continue;
    if (!call.expanded && call.expanded_count &&
        std::abs(*call.expanded_count - static_cast<double>(run.expanded.size())) > 1e-9)
      continue;
    mistakes.push_back(mutant.mistake);
  }
  if (mistakes.empty()) return std::nullopt;
  return fmt::format("Likely mistake: your {} {} {} that {}.", fmt::join(reported, " and "),
                     reported.size() > 1 ? "match" : "matches", algorithm_title(algorithm),
                     fmt::join(mistakes, "; or one that "));
}

}  // namespace sg
