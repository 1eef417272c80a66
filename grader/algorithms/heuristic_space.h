// What a heuristic is judged on (heuristic tests): the test's domain and the space of its states
// with their h* (the whole reachable space, or a board's seeded sample: reference/sampled_space.h),
// the baseline its `stronger_than` names, and the informedness tiers of `informed:`, with the
// search they count the expansions of (`algorithm:`, default Berkeley's A*). Computed once per
// spec and test (domains/reference_cache.h). Judging is checkers/heuristic_judgements.h.
//
// Test keys: domain (one of `domains`; default the spec's sliding-tile `domain`, whose space is
// every board reachable from its goal), start and goal (a graph's), stronger_than (`domain`, or
// for boards `manhattan` or `misplaced`), max_states (default 200000), sample {walks,
// max_length, seed} (boards), informed {starts, at_most}, algorithm.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkers/heuristic_judgements.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "reference/admissibility.h"
#include "reference/tile_puzzle.h"

namespace sg {

struct HeuristicSpace {
  SearchDomain domain;
  std::optional<ref::TilePuzzle> puzzle;         ///< Boards only.
  std::shared_ptr<const ref::CostToGoal> space;  ///< Every state judged, with its h*.
  std::optional<HeuristicBaseline> baseline;     ///< `stronger_than`'s.
  std::optional<InformedTiers> informed;         ///< `informed:`'s.
  /// Indices into space->states in the order the student's function is asked on them: nearest
  /// the goal first (h*), ties by the state's value as the student receives it. So a call that
  /// raises names the board nearest the goal, and what is asked does not depend on the order in
  /// which the world lists its moves (a built-in board and a rules file ask alike).
  std::shared_ptr<const std::vector<std::size_t>> asked;
};

/// The test's space. Throws SpecError at the key, and at the test when the space has more than
/// `max_states` states.
HeuristicSpace heuristic_space(const Assignment& assignment, const TestSpec& test);

/// space->states in the order `asked` gives.
std::vector<ref::State> states_as_asked(const HeuristicSpace& space);

/// A state as feedback shows it: a board as its rows ("_" for a blank) then its text, any other
/// state as its text.
std::function<std::string(const ref::State&)> state_drawer(const HeuristicSpace& space);

/// The expansion counts of a test's `informed.at_most`: 1 to kMaxInformedTiers whole numbers,
/// each below the one before (checkers/heuristic_judgements.h's tiers). Throws SpecError at
/// `informed/at_most` or at the entry that is wrong.
std::vector<std::size_t> read_informed_at_most(const TestSpec& test);

}  // namespace sg
