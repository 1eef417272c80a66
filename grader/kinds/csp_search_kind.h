// csp_search: a search a Python function runs on a CSP handed to it, judged by what it assigned.
// The CSP is AIMA's (`CSP` with variables, domains, neighbors, constraints, assign, nconflicts,
// curr_domains, suppose, prune, choices, restore, conflicted_vars: the driver's `aima_csp`),
// built from the test's problem (domains/csp_problem.h), and every `assign` it receives is
// recorded: the search's assignments, in order, judged against the reference's under the
// spec's named policies (reference/csp_search.h, reference/min_conflicts.h), and the solution
// it returns judged against the constraints (checkers/csp_judgements.h). Python's `random` is
// seeded before the call, so a search that breaks ties or draws as the book's code does makes
// the reference's draws.
//
// Spec keys:
//   csp        the problem: {nqueens: 8}, {map: australia} or {sudoku: "..."} (AIMA's forms:
//              N-Queens' columns and rows as the integers 0 .. n-1; a map's regions and colours,
//              a Sudoku's cells A1 .. I9 and digits, as text)
//   call       {function: backtracking_search, kwargs: {select_unassigned_variable: mrv, ...}}:
//              the function is called with the CSP; each kwarg names a function of the
//              submission's module (a whole number is passed as it is: max_steps: 1000)
//   algorithm  backtracking (default) or min_conflicts: what the reference runs
//   policies   backtracking's: {variables: first_unassigned | mrv | mrv_degree | aima_mrv,
//              values: domain | lcv | aima_lcv, inference: none | forward_checking | mac,
//              restore: snapshot | append} (default first_unassigned, domain, none, append: as
//              the book's backtracking_search with its defaults)
//   accept     other policies whose assignments pass too, each over `policies`: [{variables:
//              mrv}] accepts MRV's ties broken in the variables' order besides the book's random
//   seed       random.seed(seed) before the call (default 0)
//   max_steps  min_conflicts' (default 100000, the book's)
//   judge      {solution: true, assignments: true} (the default)
// Aspects: solution (the returned assignment complete and breaking no constraint, or None where
// the reference finds none), assignments (every assign, in order, as the reference's).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class CspSearchKind : public TestKind {
 public:
  std::string_view name() const override { return "csp_search"; }
  std::vector<std::string> aspects() const override { return {"solution", "assignments"}; }
  std::vector<std::string> keys() const override {
    return {"csp", "call", "algorithm", "policies", "accept", "seed", "max_steps", "judge"};
  }
  std::vector<std::string> judged_aspects(const Assignment& assignment,
                                          const TestSpec& test) const override;
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Backtracking with a policy dropped, as a student's helper that does not work: MRV that
  /// takes the first unassigned variable (first_unassigned), LCV that keeps the domain's order
  /// (domain_order), forward checking that prunes nothing (no_inference); and min-conflicts that
  /// repairs any variable, conflicted or not (any_variable).
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
