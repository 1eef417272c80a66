// csp: a constraint satisfaction problem solved by the submission, judged by what it assigned:
// a CSP from the reference (reference/csp_problems.h: a Sudoku, N-Queens, a map to colour), the
// program adapter (the course's command line, its answer on stdout or in a file: ColumbiaX's
// `python3 driver.py <81 digits>` writing output.txt), and the CSP judgements
// (checkers/csp_judgements.h): the assignment complete, in its domains and breaking no
// constraint; and the method the program names, the one that solves the puzzle.
//
// Spec keys:
//   csp      the problem: {sudoku: "003020600..."} (81 or 16 characters, 0 or . empty),
//            {nqueens: 8}, or {map: australia}
//   args     (else the adapter's) the program's arguments: templates, {puzzle} the problem as
//            the test writes it (the Sudoku's characters, N, the map's name)
//   judge    {solution: true, method: true} (default {solution: true})
// The spec's `adapter: {type: program, args: [...], output: {solution: PATTERN, method:
// PATTERN, methods: {ac3: AC3, search: BTS}}}`: the group `solution` holds the answer (a
// Sudoku's digits; else the values in the variables' order), the group `method` the method
// named, `methods` the names of AC-3 alone and of a search.
// Aspects: solution, method (and `exit` under `exit_status: graded`).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class CspKind : public TestKind {
 public:
  std::string_view name() const override { return "csp"; }
  std::vector<std::string> aspects() const override { return {"solution", "method"}; }
  std::vector<std::string> keys() const override { return {"csp", "args", "judge"}; }
  std::vector<std::string> judged_aspects(const Assignment& assignment,
                                          const TestSpec& test) const override;
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// A program that stops after AC-3 (the cells it leaves open written 0, named AC3:
  /// ac3_only), and one that names its method wrongly: always the search (always_search) or
  /// always AC-3 (always_ac3).
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
