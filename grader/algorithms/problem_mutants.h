// Mutants of a search problem a student formulates (a Berkeley-style problem class, search_problem
// tests): the reference's problem explored as the Python driver explores a student's, then given
// one classic slip, so `audit` can judge each as a student's problem.
//
// The catalogue (each only where the slip changes what is explored):
//   goal_never_true          an isGoalState that never returns True
//   last_successor_dropped   a getSuccessors that leaves out each state's last successor
//   step_costs_one           a getSuccessors whose steps all cost 1, not their own cost
#pragma once

#include <string>
#include <vector>

#include "checkers/problem_judgements.h"
#include "reference/problem.h"

namespace sg {

/// The reference's problem explored as the driver's `explore` op explores a student's
/// (breadth-first, every state found expanded, up to `max_states` expansions): what a correct
/// problem class gives.
ExploredProblem explore_reference(const ref::Problem& problem, std::size_t max_states);

struct ProblemMutant {
  std::string id;       ///< Catalogue id, e.g. "goal_never_true".
  std::string mistake;  ///< In the student's terms.
  ExploredProblem explored;
};

/// The catalogue's slips applied to `correct` (explore_reference's), in catalogue order; a slip
/// that changes nothing there is left out.
std::vector<ProblemMutant> problem_mutants(const ExploredProblem& correct);

}  // namespace sg
