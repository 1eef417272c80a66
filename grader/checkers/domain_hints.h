// What a domain can tell a student beyond the shared judgements of domain_trace_checker.h: the
// mistakes its handouts invite, said in its own words. A sliding-tile domain knows that a
// heuristic counting the blank is a common slip and that a torus move wraps around; a graph
// knows neither. Every member is optional: without it the checker's wording is generic.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "reference/problem.h"

namespace sg {

struct DomainHints {
  /// A heuristic a common mistake computes instead of the domain's, and what to tell a student
  /// whose every wrong h equals it.
  struct HeuristicSlip {
    std::string id;       ///< The audit's mutant name: "heuristic_counts_blank".
    std::string mistake;  ///< "counts the blank as a tile in the heuristic".
    std::function<double(const ref::State&)> h;
    std::string hint;  ///< "every wrong h is what ... gives when ...: the heuristic must not ..."
  };
  std::vector<HeuristicSlip> heuristic_slips;

  /// States a common mistake lists among a state's successors though they are none (two blanks
  /// side by side "swap": the state itself), for the audit's mutants.
  struct ListingSlip {
    std::string id;       ///< "blanks_swap".
    std::string mistake;  ///< "lists the state itself where two blanks are side by side".
    std::function<std::vector<ref::State>(const ref::State& parent)> extra;
  };
  std::vector<ListingSlip> listing_slips;

  /// The step from `parent` in words, for a successor that was not printed ("the blank on row
  /// 1, column 2 moves up"; "the blank moves up from the top row and wraps around to the bottom
  /// row"). Unset: the step's action is shown.
  std::function<std::string(const ref::State& parent, const ref::Step& step)> describe_step;

  /// The word for one step when every step costs 1 ("move"): a path's length is then counted
  /// in it ("your path takes 28 moves, but the shortest takes 20"). Empty: paths are compared
  /// by cost.
  std::string step_word;
};

}  // namespace sg
