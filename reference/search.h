// Best-first search over any Problem, with the policies assignments (and students' mistakes)
// differ in, named: breadth-first, depth-first, uniform-cost, greedy best-first and A* are one
// algorithm whose frontier is ordered by a priority (none, none, g, h, g + h) with ties broken by
// insertion order (earliest first: a FIFO queue; latest first: a stack).
//
//   node <- the initial state; if goal test at generation and it is a goal: done
//   loop: node <- pop the frontier's best entry (empty: failure)
//         lazy duplicates: skip it if its state was expanded already (graph search)
//         goal test at expansion: if its state is a goal, done (the goal is not expanded)
//         expand it: record it, mark its state explored (graph search), and for each successor,
//           in the domain's order or reversed: count it generated;
//           goal test at generation: if a goal, done;
//           graph search, checked duplicates: skip a state already explored (or reopen it when
//             the new path is cheaper and reopen_closed); a state already on the frontier is
//             skipped, or its entry takes the cheaper path when update_frontier (keeping its
//             place among ties, as the course's PriorityQueue.enqueue does);
//           graph search, reached duplicates (AIMA 4th edition, figure 3.7): skip a state
//             reached before at a cost no greater; otherwise it is reached at this cost and a
//             new entry is pushed, the costlier one left on the frontier (and expanded again
//             when it pops: nothing is checked when popping);
//           push it.
//
// Every run yields the path (states and actions), its cost, the expansion order, optionally the
// frontier after each expansion, and counts (expanded, generated, max frontier). This file has no
// I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/problem.h"
#include "reference/tie_break.h"

namespace sg::ref {

/// What the frontier is ordered by.
enum class Strategy {
  breadth_first,      ///< Insertion order, earliest first (a FIFO queue).
  depth_first,        ///< Insertion order, latest first (a stack).
  uniform_cost,       ///< g, the path cost.
  greedy_best_first,  ///< h.
  astar,              ///< g + h.
};

/// "bfs", "dfs", "ucs", "greedy", "astar".
std::string_view to_string(Strategy strategy);
/// Inverse of to_string; also accepts the long names ("breadth_first", ...).
std::optional<Strategy> parse_strategy(std::string_view name);

/// When a state is tested for being a goal.
enum class GoalTest { on_expansion, on_generation };

/// How a graph search treats a state that is generated again.
enum class Duplicates {
  checked,  ///< Not pushed when explored or on the frontier (the textbook's graph search).
  lazy,     ///< Always pushed; skipped when popped if already expanded (Berkeley's graphSearch).
  /// Pushed when new or reached more cheaply than before; never skipped when popped (AIMA 4th
  /// edition's best_first_search: a `reached` table, stale entries expanded again).
  reached,
};

struct SearchPolicy {
  Strategy strategy = Strategy::breadth_first;
  bool graph_search = true;  ///< An explored set; false: tree search (states are revisited).
  GoalTest goal_test = GoalTest::on_expansion;
  /// Default: earliest for every strategy but depth-first (latest, so it is a stack).
  std::optional<TieBreak> tie_break;
  Duplicates duplicates = Duplicates::checked;
  bool reverse_successors = false;  ///< Push successors in the reverse of the domain's order.
  bool update_frontier = true;      ///< checked duplicates: a cheaper path replaces the entry's.
  bool reopen_closed = false;       ///< checked duplicates: re-open an explored state for a
                                    ///< cheaper path (A* with an inconsistent heuristic).
  std::size_t max_expansions = 1000000;  ///< Past it the run stops with budget_exceeded.
  bool record_frontier = false;          ///< Keep the frontier after each expansion.
};

/// The tie-breaking a policy uses (its own, or the strategy's default).
TieBreak effective_tie_break(const SearchPolicy& policy);

struct SearchRun {
  bool found = false;
  bool budget_exceeded = false;
  std::vector<State> path;           ///< Initial state .. goal (empty when not found).
  std::vector<std::string> actions;  ///< path.size() - 1 actions.
  double cost = 0.0;
  std::vector<State> expanded;  ///< The states whose successors were generated, in order.
  /// With record_frontier: the frontier's states, best first, after each expansion.
  std::vector<std::vector<State>> frontiers;
  std::size_t generated = 0;     ///< Successors generated (including ones not pushed).
  std::size_t max_frontier = 0;  ///< The frontier's largest size.
  /// The depth (actions from the initial state) of the deepest node ever on the frontier
  /// (ColumbiaX's max_search_depth); 0 when only the initial node was.
  std::size_t max_depth = 0;
};

/// Runs the search. Never throws for anything the problem does (beyond std::bad_alloc).
SearchRun search(const Problem& problem, const SearchPolicy& policy);

/// The outcome of replaying a student's expansion order against a priority-ordered search.
struct ExpansionReplay {
  bool consistent = true;
  std::size_t diverged_at = 0;  ///< Index in the student's order of the first misfit.
  std::vector<State> allowed;   ///< What could have been expanded there instead.
  std::size_t matched = 0;      ///< How many of the student's expansions fit.
  bool ended_early = false;     ///< The frontier ran out or a goal was reached first.
  /// After all of the student's expansions, the search would stop: a goal is among the best
  /// entries (goal test on expansion) or was generated (goal test on generation).
  bool goal_next = false;
};

/// Whether `expanded` is an expansion order that `policy`'s search could produce under SOME
/// tie-breaking: at each step the student's state must be one of the frontier's entries of best
/// priority; the replay follows the student's choice. For uniform-cost, greedy and A* only
/// (breadth- and depth-first orders depend on nothing but the successor order: compare them
/// exactly). Throws std::invalid_argument for breadth- or depth-first.
ExpansionReplay replay_expansions(const Problem& problem, const SearchPolicy& policy,
                                  const std::vector<State>& expanded);

}  // namespace sg::ref
