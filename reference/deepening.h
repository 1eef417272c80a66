// The searches that do not keep a frontier of the whole graph, over any Problem: depth-limited
// search (AIMA figure 3.17), iterative deepening (3.18), IDA* (f-cost contours) and local beam
// search. Like search.h, each run yields the path, its cost, the expansion order and counts.
//
//   depth_limited(s, limit): goal test first; at the limit: cutoff; otherwise expand s and
//     recurse on each successor in the domain's order; a solution below is returned at once;
//     'cutoff' if any branch was cut off, else 'failure'. With `avoid_cycles`, a successor
//     already on the current path is skipped (the usual "no loops" refinement).
//   iterative_deepening: depth_limited with limits 0 (or first_limit), 1, ..., max_depth; stops
//     at a solution or a failure (nothing was cut off: deeper limits cannot help).
//   With reverse_successors and avoid_cycles, depth_limited expands exactly what AIMA's 4th
//   edition's (figure 3.12) does: a stack of every child, the last pushed popped first, the goal
//   tested when popped, a node at the limit a cutoff, and a node whose state is on its own path
//   popped but not expanded (here: never recursed into).
//   ida_star: depth-first with f = g + h bounded by a threshold that starts at h(start) and rises
//     to the least f that exceeded it.
//   local_beam(k): local_beam.h's search over the problem's states, h their value and the goal
//     test its target: the k states of least h, starting from the initial state; each step
//     generates every successor of the beam (in beam order, then the domain's order) and keeps
//     the k of least h (ties: the earlier generated); stops at a goal generated, or when the
//     beam does not improve (the best h stays), or after max_steps. Not complete, not optimal.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reference/problem.h"

namespace sg::ref {

/// How a depth-bounded search ended.
enum class DeepeningStatus {
  found,    ///< The path holds a solution.
  cutoff,   ///< A state at the bound was not expanded: a solution may lie deeper.
  failure,  ///< Every branch dead-ends within the bound: no solution.
};

struct DeepeningOptions {
  bool avoid_cycles = false;  ///< Skip successors already on the current path.
  /// Try the successors in the reverse of the domain's order: the order a depth-limited search
  /// that pushes every child on a stack and pops the last pushed follows (AIMA 4th edition,
  /// figure 3.12).
  bool reverse_successors = false;
  int first_limit = 0;  ///< iterative_deepening's first limit (0; AIMA's 4th edition starts at 1).
  std::size_t max_expansions = 1000000;  ///< Past it: budget_exceeded.
};

struct DeepeningRun {
  DeepeningStatus status = DeepeningStatus::failure;
  bool budget_exceeded = false;
  std::vector<State> path;           ///< Initial state .. goal when found.
  std::vector<std::string> actions;  ///< path.size() - 1 actions.
  double cost = 0.0;
  std::vector<State> expanded;  ///< Over every iteration, in order.
  int depth = 0;                ///< The last depth limit (or f-threshold, rounded up) tried.
  std::size_t generated = 0;
};

DeepeningRun depth_limited(const Problem& problem, int limit, const DeepeningOptions& options = {});
DeepeningRun iterative_deepening(const Problem& problem, int max_depth,
                                 const DeepeningOptions& options = {});
DeepeningRun ida_star(const Problem& problem, const DeepeningOptions& options = {});

struct BeamRun {
  bool found = false;
  std::vector<State> path;  ///< Initial state .. goal, through the states that were kept.
  std::vector<std::string> actions;
  double cost = 0.0;
  std::vector<std::vector<State>> beams;  ///< The beam after each step (the first: the start).
  std::size_t generated = 0;
};

BeamRun local_beam(const Problem& problem, std::size_t k, std::size_t max_steps);

}  // namespace sg::ref
