// The game-tree search a `game_search` test judges against, read from the test's keys into the
// reference's terms (reference/game_search.h), as algorithms/search_algorithm.h reads a search's:
//   algorithm   minimax | alpha_beta | expectimax   (required: the search the student wrote)
//   depth       1 to 20
//   depth_unit  per_ply (Berkeley's self.depth: every agent moves once; default) | per_move
//   prune       strict (Berkeley's rule, default) | on_equality   (alpha_beta only)
//   ties        any (any optimal root action, default) | first | last
#pragma once

#include "checkers/game_judgements.h"
#include "model/assignment.h"
#include "reference/game_search.h"

namespace sg {

struct GameAlgorithm {
  ref::GameSearchOptions options;
  RootActionRule ties = RootActionRule::any_optimal;  ///< Which root actions pass.
};

/// The test's game search. Throws SpecError at the key.
GameAlgorithm game_algorithm(const TestSpec& test);

}  // namespace sg
