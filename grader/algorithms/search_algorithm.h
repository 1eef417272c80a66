// The algorithm a `search` test judges against: a name from the spec's `algorithms:` (or a
// mapping in the test itself) read into the reference's terms, and the reference's run of it on
// the test's problem, once per successor-order variant the test accepts (Berkeley's tests accept
// the successors pushed as listed or reversed).
//
// An algorithm is a mapping:
//   strategy     bfs | dfs | ucs | greedy | astar           (best-first: reference/search.h)
//                | depth_limited | iterative_deepening | ida_star | local_beam
//                                                            (reference/deepening.h)
//   graph_search true (an explored set) | false (a tree search that revisits)
//   goal_test    expansion | generation
//   tie_break    earliest | latest                          (among equal priorities)
//   duplicates   checked | lazy | reached                   (lazy: Berkeley's graphSearch;
//                                                            reached: AIMA 4th edition's table)
//   update_frontier, reopen_closed: true | false            (priority searches)
//   reverse_successors true: push successors in the reverse of the domain's order (a stack that
//                      pops the domain's first successor first)
//   limit (depth_limited), max_depth and first_limit (iterative_deepening), avoid_cycles
//   (depth-bounded; with reverse_successors, AIMA 4th edition's stack of children),
//   figure       a textbook figure as a preset: aima3e-3.11, aima3e-3.14, aima3e-3.17,
//                aima3e-3.18, aima4e-3.7, aima4e-3.9, aima4e-3.12 (search_algorithm.cc says what
//                each sets; the algorithm's own keys win)
//   beam_width, max_steps (local_beam), max_expansions (all; default 1000000)
#pragma once

#include <string>
#include <vector>

#include "checkers/search_answer_checker.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "reference/deepening.h"
#include "reference/search.h"

namespace sg {

struct SearchAlgorithm {
  enum class Family { best_first, depth_limited, iterative_deepening, ida_star, local_beam };
  std::string name;  ///< As the spec names it, for feedback ("ucs").
  Family family = Family::best_first;
  ref::SearchPolicy policy;  ///< best_first.
  ref::DeepeningOptions deepening;
  int limit = 0;
  int max_depth = 50;
  std::size_t beam_width = 2;
  std::size_t max_steps = 100;

  /// True when the algorithm always finds a cheapest path (uniform-cost, A* with an admissible
  /// heuristic, breadth-first on unit costs): its cost is the optimum to judge against.
  bool priority_ordered() const;
};

/// The algorithm in feedback's words: "A*", "uniform-cost search", "iterative deepening search".
std::string algorithm_title(const SearchAlgorithm& algorithm);

/// Why the algorithm must find a cheapest path ("A* with an admissible heuristic must find a
/// shortest path"; a shortest one when `counts_moves`), or "" when it need not.
std::string optimality_reason(const SearchAlgorithm& algorithm, bool counts_moves);

/// The test's `algorithm:` (a name in the spec's `algorithms`, or a mapping). Throws SpecError at
/// the key.
SearchAlgorithm search_algorithm(const Assignment& assignment, const TestSpec& test);

/// The successor-order variants a test accepts (`accept: [as_listed, reversed]`; default
/// as_listed only): false = as listed, true = reversed.
std::vector<bool> accepted_variants(const TestSpec& test);

/// Runs `algorithm` on `domain`'s problem, with the successors reversed when `reversed`.
ReferenceRun run_reference(const SearchDomain& domain, const SearchAlgorithm& algorithm,
                           bool reversed);

/// The cheapest cost from the start to a goal, or nullopt if none: uniform-cost search, or on a
/// board (unit costs) its shortest solution (domains/board_optimum.h).
std::optional<double> optimal_cost(const SearchDomain& domain);

}  // namespace sg
