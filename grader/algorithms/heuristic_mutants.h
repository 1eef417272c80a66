// Mutants of a heuristic function a student writes (heuristic tests): the domain's own heuristic
// with one mistake students make, as its values over the states a test judges, so `audit` can
// judge each as a student's h.
//
// The catalogue:
//   h_zero                   returns 0 everywhere (admissible and consistent, but uninformed)
//   h_doubled                twice the domain's heuristic (not admissible)
//   h_nonzero_at_goal        1 more than the domain's h at a goal
//   heuristic_counts_blank   (boards) the tile heuristic counting the blank as a tile
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/heuristics.h"
#include "reference/problem.h"
#include "reference/tile_puzzle.h"

namespace sg {

struct HeuristicMutant {
  std::string id;              ///< Catalogue id, e.g. "h_doubled".
  std::string mistake;         ///< In the student's terms.
  std::vector<double> values;  ///< h of each of the states, in their order.
};

/// The catalogue's mutants of `problem`'s h over `states`; `puzzle` and `heuristic` (the board's
/// tile heuristic) for boards, whose mutants include heuristic_counts_blank.
std::vector<HeuristicMutant> heuristic_mutants(const ref::Problem& problem,
                                               const std::vector<ref::State>& states,
                                               const ref::TilePuzzle* puzzle,
                                               ref::Heuristic heuristic);

}  // namespace sg
