// The searches of AIMA's chapter 6 over a Csp (csp.h), with the policies courses name as named
// policies rather than hard-wired: backtracking search with a variable order (the variables'
// order, minimum remaining values, MRV with the degree heuristic breaking its ties), a value order
// (the domain's, least constraining value) and an inference (none, forward checking, MAC with
// AC-3); AC-3 alone (its result, the arc-consistent closure, is the same whatever order its
// queue takes the arcs in); and counting solutions. Each reports what a grader needs: the
// assignments in order, their number (AIMA's nassigns), the backtracks, the domains.
//
// Backtracking as AIMA's backtracking_search writes it: pick an unassigned variable; for each
// value in order that conflicts with no assigned neighbor (and breaks no n-ary constraint whose
// scope is then complete), assign it, suppose it (its current domain becomes that value), run the
// inference; when it does not fail, recurse; restore the inference's prunings after a failure;
// unassign the variable when every value failed. Ties of MRV are broken by the variables' order.
// No I/O, no grading.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/csp.h"

namespace sg::ref {

enum class VariableOrder {
  first_unassigned,  ///< The variables' order (AIMA's first_unassigned_variable).
  mrv,               ///< Fewest remaining values, ties in the variables' order.
  mrv_degree,        ///< MRV, ties broken by most unassigned neighbors, then the variables' order.
  /// MRV as aima-python's `mrv` runs: the remaining values are the current domain's (every
  /// assignment `suppose`s, so the book's `curr_domains` exists from the first on: without an
  /// inference every unassigned variable ties), ties broken by `argmin_random_tie`, the first of
  /// least in a `random.shuffle` of the unassigned variables, drawn from the policy's seed.
  aima_mrv,
};
enum class ValueOrder {
  domain,  ///< The domain's order (AIMA's unordered_domain_values).
  lcv,     ///< Least constraining first: fewest values ruled out for unassigned neighbors (stable).
  /// aima-python's `lcv`: the current domain sorted (stably) by conflicts with the assigned
  /// neighbors (`nconflicts`), not by the values ruled out for the others.
  aima_lcv,
};
/// How a failed value's prunings (its `suppose` and its inference's) are undone.
enum class DomainRestore {
  snapshot,  ///< Every domain as it was, in its order.
  /// aima-python's `restore`: each pruned value appended to its domain again, in the order it was
  /// pruned, so a later try takes a domain's values in a new order.
  append,
};
enum class Inference {
  none,
  forward_checking,  ///< Prune the neighbors' values inconsistent with the assignment.
  mac,               ///< AC-3 from the arcs into the assigned variable.
};

/// "first_unassigned", "mrv", "mrv_degree", "aima_mrv"; "domain", "lcv", "aima_lcv"; "none",
/// "forward_checking", "mac":
/// the names specs use. Nullopt for another name.
std::optional<VariableOrder> parse_variable_order(std::string_view name);
std::optional<ValueOrder> parse_value_order(std::string_view name);
std::optional<Inference> parse_inference(std::string_view name);
/// "snapshot", "append"; nullopt for another name.
std::optional<DomainRestore> parse_domain_restore(std::string_view name);

struct BacktrackingPolicy {
  VariableOrder variables = VariableOrder::first_unassigned;
  ValueOrder values = ValueOrder::domain;
  Inference inference = Inference::none;
  DomainRestore restore = DomainRestore::snapshot;
  /// `random.seed(seed)` before the search, for an order that draws (aima_mrv's ties).
  std::int64_t seed = 0;
  std::size_t max_assignments = 5000000;  ///< Past it the run stops with budget_exceeded.
};

struct BacktrackingRun {
  bool solved = false;
  bool budget_exceeded = false;
  CspAssignment solution;  ///< Every variable assigned when solved.
  /// Every assignment made, in order: (variable, value).
  std::vector<std::pair<std::size_t, std::size_t>> assignments;
  std::size_t backtracks = 0;  ///< Variables given up on (every value failed), the root's aside.
};

/// Backtracking search as above.
BacktrackingRun backtracking_search(const Csp& csp, const BacktrackingPolicy& policy);

/// Current domains: per variable, its values (indices into Csp::values()).
using CspDomains = std::vector<std::vector<std::size_t>>;

struct Ac3Run {
  bool consistent = true;     ///< False when a domain was wiped out (AIMA's AC3 returns False).
  CspDomains domains;         ///< The arc-consistent closure (as far as it got, when inconsistent).
  std::size_t revisions = 0;  ///< Arcs revised.
};

/// AC-3 from `domains` (the CSP's own when empty), every arc queued.
Ac3Run ac3(const Csp& csp, CspDomains domains = {});

/// True when every domain holds exactly one value.
bool every_domain_single(const CspDomains& domains);

/// The CSP's solutions, counted up to `most` (a Sudoku's uniqueness: most = 2).
std::size_t count_solutions(const Csp& csp, std::size_t most);

}  // namespace sg::ref
