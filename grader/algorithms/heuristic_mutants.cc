#include "algorithms/heuristic_mutants.h"

#include "reference/tile_problem.h"

namespace sg {

std::vector<HeuristicMutant> heuristic_mutants(const ref::Problem& problem,
                                               const std::vector<ref::State>& states,
                                               const ref::TilePuzzle* puzzle,
                                               ref::Heuristic heuristic) {
  std::vector<double> zero(states.size(), 0.0), twice, goal_plus_one;
  for (const auto& state : states) {
    twice.push_back(2 * problem.h(state));
    goal_plus_one.push_back(problem.h(state) + (problem.is_goal(state) ? 1 : 0));
  }
  std::vector<HeuristicMutant> mutants = {
      {"h_zero", "returns 0 everywhere", zero},
      {"h_doubled", "returns twice the domain's heuristic", twice},
      {"h_nonzero_at_goal", "returns 1 more than the domain's h at the goal", goal_plus_one}};
  if (puzzle != nullptr) {
    std::vector<double> blanks;
    for (const auto& state : states)
      blanks.push_back(
          ref::evaluate_counting_blank(*puzzle, *ref::parse_tiles_state(state), heuristic));
    mutants.push_back({"heuristic_counts_blank", "counts the blank as a tile", blanks});
  }
  return mutants;
}

}  // namespace sg
