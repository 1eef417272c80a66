// Local beam search (AIMA 4.1.3) on a local-search space (local_search.h): k states at a time;
// each step generates every neighbour of every state of the beam (in beam order, then the
// space's), skipping states already in the beam or generated earlier in the step, stops at the
// first one generated at the target value, and keeps the k best (ties: the earlier generated).
// The eight-puzzle seed's local beam (reference/deepening.h, over any Problem's paths) is this
// search, the Problem's states seen as a space with h as the value and its goal test as the
// target. This file has no I/O.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "reference/local_search.h"

namespace sg::ref {

struct LocalBeamOptions {
  std::size_t k = 2;
  Objective objective = Objective::minimise;
  std::optional<double> target = 0.0;  ///< A state of this value ends the search; none: never.
  std::size_t max_steps = 1000;
  /// End when the best of the new beam is no better than the best of the last (the seed's
  /// stop); false: run to the target or the step cap.
  bool stop_without_improvement = true;
  /// When set, the search ends at a state it accepts instead of at `target` (a Problem's goal
  /// test, which h = 0 need not imply).
  std::function<bool(const LocalState&)> is_goal;
};

/// The beams, the first being the starts, and the state at the target when one was generated.
struct LocalBeamRun {
  std::vector<std::vector<LocalState>> beams;
  std::optional<LocalState> reached;
  std::size_t generated = 0;
  /// parents[i][j]: the index in beams[i] of the state beams[i + 1][j] was first generated from.
  std::vector<std::vector<std::size_t>> parents;
};

/// Throws std::invalid_argument when `starts` is empty or holds no state of the space.
LocalBeamRun local_beam(const LocalSpace& space, std::vector<LocalState> starts,
                        const LocalBeamOptions& options);

}  // namespace sg::ref
