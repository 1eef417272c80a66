// Local beam search (AIMA 4.1.3) on a local-search space (local_search.h): k states at a time;
// each step generates every neighbour of every state of the beam (in beam order, then the
// space's), skipping states already in the beam or generated earlier in the step, stops at the
// first one generated at the target value, and keeps the k best (ties: the earlier generated).
// The eight-puzzle seed's local beam (reference/deepening.h, over a Problem's paths) is this
// search on TileLocalSpace from one start, as a test shows. This file has no I/O.
#pragma once

#include <cstddef>
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
};

/// The beams, the first being the starts, and the state at the target when one was generated.
struct LocalBeamRun {
  std::vector<std::vector<LocalState>> beams;
  std::optional<LocalState> reached;
  std::size_t generated = 0;
};

/// Throws std::invalid_argument when `starts` is empty or holds no state of the space.
LocalBeamRun local_beam(const LocalSpace& space, std::vector<LocalState> starts,
                        const LocalBeamOptions& options);

}  // namespace sg::ref
