// A search's answer judged against the reference's runs: the path (legal, reaching a goal), its
// optimality, the exact path, the cost reported, the expansion order (exactly, or up to the ties
// the policy allows) and count, the outcome word of a bounded search ("cutoff", "failure"). The
// answer is what an adapter read back (adapters/search_adapter.h); the runs are the reference's
// (algorithms/search_algorithm.h), one per successor order the test accepts. This file knows
// no adapter and runs no process.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "checkers/search_judgements.h"
#include "model/grade_report.h"
#include "reference/astar_ties.h"
#include "reference/problem.h"
#include "reference/search.h"

namespace sg {

/// What a search answered, in the domain's terms: what the judgements read.
struct SearchAnswer {
  bool no_path = false;             ///< It said there is no solution (None, [], "failure").
  std::string outcome_word;         ///< "failure" / "cutoff" when it returned such a word.
  std::optional<StudentPath> path;  ///< The path it returned or printed.
  std::optional<double> cost;       ///< The cost it reported.
  std::optional<std::vector<ref::State>> expanded;  ///< States it expanded, in order.
  std::optional<double> expanded_count;             ///< The number of expansions it reported.
  std::optional<double> search_depth;      ///< The depth of the goal it reported.
  std::optional<double> max_search_depth;  ///< The deepest frontier node it reported.
  std::string unreadable;  ///< Why the result could not be read (a wrong answer).
};

/// One run of the reference, in the judgements' terms.
struct ReferenceRun {
  bool found = false;
  bool budget_exceeded = false;
  std::string outcome;  ///< "found", "cutoff", "failure" (depth-bounded searches).
  std::vector<ref::State> path;
  std::vector<std::string> actions;
  double cost = 0.0;
  std::vector<ref::State> expanded;
  std::size_t generated = 0;
  std::size_t max_frontier = 0;
  std::size_t max_depth = 0;  ///< The deepest node ever on the frontier (best-first searches).
};

/// How a search test judges, and what against.
struct SearchAnswerExpected {
  const ref::Problem* problem = nullptr;  ///< The domain's problem the path is walked on.
  ref::SearchPolicy policy;               ///< The algorithm's, for the ties expansions allow.
  /// One per accepted variant, the first the main one (not copied: judged once per answer).
  std::span<const ReferenceRun> runs;
  std::optional<double> optimal;  ///< The cheapest cost (needed to judge `optimal`).
  /// The aspects judged, in order: path, optimal, exact, cost, expansions, expanded_count,
  /// outcome, search_depth (the reported depth is the path's number of moves), max_search_depth
  /// (the deepest frontier node: the reference's, or within the ties' range).
  std::vector<std::string> aspects;
  ExpansionMatch expansions = ExpansionMatch::exact;
  double tolerance = 0.0;  ///< expanded_count: a fraction of the reference's count.
  /// expanded_count and max_search_depth judged within what every tie-breaking of A* gives
  /// (`ties`, which must then be set) rather than against the runs.
  bool expanded_count_ties = false;
  bool max_depth_ties = false;
  const ref::AStarTies* ties = nullptr;
};

/// The aspects of `answer` (the submission's, or a mutant's as a student would return it).
/// An unreadable answer fails every aspect saying why; where no goal can be reached, the answer
/// must say so (and give the reference's outcome word when `outcome` is judged).
std::vector<AspectOutcome> judge_search_answer(const SearchAnswerExpected& expected,
                                               const SearchAnswer& answer);

}  // namespace sg
