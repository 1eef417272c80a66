// search: the general test of a search assignment, composed of shared parts rather than written
// for one: a DOMAIN (domains/search_domain.h: a graph or maze the spec names, or its sliding-tile
// puzzle), an ALGORITHM with named policies (algorithms/search_algorithm.h), the spec's ADAPTER
// (adapters/search_adapter.h: a Python function, a problem object, a program) and JUDGEMENTS
// (checkers/search_judgements.h). A new assignment that searches is a YAML file.
//
// Spec keys:
//   domain     a name in the spec's `domains` (absent: the spec's sliding-tile `domain`)
//   start      the start (a graph's node, a board); goal: a node, a list of nodes, or a board
//              (a maze has both in its map)
//   algorithm  a name in the spec's `algorithms`, a bare strategy (bfs, ucs, ...), or a mapping
//   accept     successor orders a correct search may follow: [as_listed] (default), [as_listed,
//              reversed] (Berkeley's tests accept both)
//   call       (function, problem_object adapters) e.g. "ucs(graph, start, goal)",
//              "aStarSearch(problem, heuristic)"
//   args, run_as  (program adapter) the arguments (templates), the name {algorithm} stands for
//   section    (program adapter) the part of the output this test reads: the section whose
//              header (the adapter's output.section) names it, for a program that runs every
//              search in one go (checkers/field_extractor.h output_sections)
//   judge      which aspects are judged and how (default {path: true}):
//                path: true            legal steps to a goal; when no path exists, the
//                                      submission must say so (None, [], 'failure')
//                optimal: true         its cost is the cheapest (uniform-cost's)
//                exact: true           it is the reference algorithm's path (an accepted variant)
//                cost: true            the cost reported with it is the path's cost
//                expansions: exact | ties   the states expanded, in order (problem objects):
//                                      equal to the reference's, or any order its tie-breaking
//                                      allows (priority searches)
//                expanded_count: {tolerance: 0.1}   the reported number of expanded nodes;
//                                      `ties`: within what every tie-breaking of A* expands
//                                      (reference/astar_ties.h)
//                search_depth: true    (program adapter) the reported depth is the goal's: the
//                                      path's number of moves
//                max_search_depth: true | ties   the deepest node ever on the frontier, as the
//                                      reference's search (breadth- and depth-first: exactly),
//                                      or within what every tie-breaking of A* gives
//                reported_time: true, reported_memory: true   what the program measured of
//                                      itself: a number, not negative, within the run's wall
//                                      time and peak memory (checkers/reported_measures.h)
//                outcome: true         'cutoff' / 'failure' / a path, as the reference's
//                result: true          (function adapter; depth-limited and iterative
//                                      deepening) the value returned is the reference's:
//                                      'cutoff', 'failure' or a path from the start to the goal,
//                                      a shortest one (iterative deepening) or one within the
//                                      limit (checkers/search_result_checker.h);
//                                      {start: omitted}: the path leaves out the start (A2's
//                                      depthLimitedSearch)
//   cross_check  {result: cutoff | failure | path, moves: N, cost: C}: figures the assignment
//              publishes, which the reference must reproduce (kinds/published_figures.h)
//   reject     (program adapter) true: `start` is a node the graph lacks (or a board the
//              domain refuses), written as the test gives it; the program must say so without a
//              crash and print no path (adapters/program_rejection.h; `exit_status: ignored`)
// Aspects: path, optimal, exact, cost, expansions, expanded_count, outcome, result, search_depth,
// max_search_depth, reported_time, reported_memory (those judged); rejection (reject tests).
// A failed test's feedback names the likely mistake when the submission's answer equals one of
// the algorithm's mutants' (algorithms/search_mutants.h).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class SearchKind : public TestKind {
 public:
  std::string_view name() const override { return "search"; }
  std::vector<std::string> aspects() const override {
    return {"path",          "optimal",         "exact",        "cost",
            "expansions",    "expanded_count",  "outcome",      "result",
            "search_depth",  "max_search_depth", "reported_time", "reported_memory",
            "rejection"};
  }
  std::vector<std::string> keys() const override {
    return {"domain", "start",  "goal",  "algorithm", "accept",  "call",
            "args",   "run_as", "judge", "reject",    "section", "cross_check"};
  }
  /// The aspects its `judge:` names (`rejection` for a reject test).
  std::vector<std::string> judged_aspects(const Assignment& assignment,
                                          const TestSpec& test) const override;
  /// A board's successors follow `domain.action_order` under `search.successor_order: move_order`.
  bool uses_action_order(const Assignment& assignment) const override;
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// The catalogue's mutants of the test's algorithm (algorithms/search_mutants.h), judged on the
  /// test as students; a mutant whose mistake the test's `accept` allows is left out.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
