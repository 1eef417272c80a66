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
};

/// The test's space. Throws SpecError at the key, and at the test when the space has more than
/// `max_states` states.
HeuristicSpace heuristic_space(const Assignment& assignment, const TestSpec& test);

/// A state as feedback shows it: a board as its rows ("_" for a blank) then its text, any other
/// state as its text.
std::function<std::string(const ref::State&)> state_drawer(const HeuristicSpace& space);

/// The expansion counts of a test's `informed.at_most`: 1 to kMaxInformedTiers whole numbers,
/// each below the one before (checkers/heuristic_judgements.h's tiers). Throws SpecError at
/// `informed/at_most` or at the entry that is wrong.
std::vector<std::size_t> read_informed_at_most(const TestSpec& test);

}  // namespace sg
