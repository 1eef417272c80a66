// Mutants of a search algorithm: the same algorithm with one classic student mistake, named in
// the student's terms. They serve two readers. `audit` runs them as students to measure whether a
// spec's tests catch each mistake (its mutation score); the grader compares a failing student's
// answer with theirs to diagnose the likely mistake ("your path matches breadth-first search
// that tests the goal when a node is generated").
//
// The catalogue (each applies only where the mistake can be made):
//   goal_test_at_generation  best-first with the goal test at expansion -> at generation
//   no_explored_set          a graph search -> a tree search that revisits states
//   lifo                     breadth-first -> a stack; priority searches -> ties popped latest
//   successors_reversed      successors generated in the reverse of the required order
//   ucs_by_depth             uniform-cost -> the frontier ordered by depth (breadth-first)
//   no_frontier_update       uniform-cost / A* -> a cheaper path never replaces a frontier entry
//   closes_too_early         A* that reopens explored states -> one that never does
//   astar_without_h          A* -> ordered by g alone (uniform-cost)
//   greedy_for_astar         A* -> ordered by h alone (greedy best-first)
//   depth_limit_plus_one     depth-limited search -> one step deeper than the limit
//   depth_limit_minus_one    depth-limited search -> one step shallower than the limit
//   max_depth_plus_one       iterative deepening -> one depth limit more than maxDepth
//   max_depth_minus_one      iterative deepening -> never tries maxDepth itself
//   cutoff_as_failure        depth-bounded search that reports 'failure' where it was cut off
#pragma once

#include <string>
#include <vector>

#include "algorithms/search_algorithm.h"

namespace sg {

struct SearchMutant {
  std::string id;       ///< "goal_test_at_generation": stable, for specs and reports.
  std::string mistake;  ///< "tests the goal when a node is generated, not when it is expanded"
  SearchAlgorithm algorithm;       ///< The mutated algorithm.
  bool cutoff_as_failure = false;  ///< Report 'failure' where the run says 'cutoff'.
  /// It moves only a depth bound: where its run is the reference's, the search never came near
  /// the bound (iterative deepening from limit 1 to a goal at depth 7, max_depth 50), and no
  /// test of that search could catch it (an equivalent mutant, left out of audits).
  bool bound_only = false;
};

/// The mutants that apply to `algorithm`, in catalogue order. Tree-search mutants keep a small
/// expansion budget (a tree search on a graph with cycles never ends; the budget stands for the
/// student's time limit).
std::vector<SearchMutant> search_mutants(const SearchAlgorithm& algorithm);

/// The mutant's run on `domain` (as run_reference, then the mutant's reporting mistake).
ReferenceRun run_mutant(const SearchDomain& domain, const SearchMutant& mutant);

/// Mutants with their runs on one test's domain.
using MutantRuns = std::vector<std::pair<SearchMutant, ReferenceRun>>;

/// "Likely mistake: your path and expansion order match A* search that never reopens ...": the
/// mutants of `algorithm` whose runs equal `answer` in everything it reported (path or no path,
/// the outcome word, the expansions or their number), leaving out those that equal `reference`;
/// nullopt when none does or the answer reported nothing to compare.
std::optional<std::string> diagnose_search_mistake(const SearchAlgorithm& algorithm,
                                                   const ref::Problem& problem,
                                                   const ReferenceRun& reference,
                                                   const MutantRuns& mutants,
                                                   const SearchAnswer& answer);

}  // namespace sg
