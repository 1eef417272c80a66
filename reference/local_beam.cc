#include "reference/local_beam.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace sg::ref {

LocalBeamRun local_beam(const LocalSpace& space, std::vector<LocalState> starts,
                        const LocalBeamOptions& options) {
  if (starts.empty()) throw std::invalid_argument("local beam search needs a start");
  for (const LocalState& start : starts)
    if (!space.is_state(start))
      throw std::invalid_argument("local beam search must start from states of the space");
  const auto better = [&](double a, double b) {
    return options.objective == Objective::minimise ? a < b : a > b;
  };
  const auto at_target = [&](const LocalState& state) {
    return options.target && space.value(state) == *options.target;
  };
  LocalBeamRun run;
  run.beams.push_back(starts);
  for (const LocalState& start : starts)
    if (at_target(start)) {
      run.reached = start;
      return run;
    }
  const auto best_of = [&](const std::vector<LocalState>& beam) {
    double best = space.value(beam.front());
    for (const LocalState& state : beam)
      if (better(space.value(state), best)) best = space.value(state);
    return best;
  };
  double best = best_of(starts);
  std::vector<LocalState> beam = std::move(starts);
  for (std::size_t step = 0; step < options.max_steps && options.k > 0; ++step) {
    std::set<LocalState> seen(beam.begin(), beam.end());
    std::vector<LocalState> candidates;
    for (const LocalState& state : beam)
      for (LocalState& next : space.neighbours(state)) {
        ++run.generated;
        if (at_target(next)) {
          run.reached = next;
          run.beams.push_back({std::move(next)});
          return run;
        }
        if (seen.insert(next).second) candidates.push_back(std::move(next));
      }
    if (candidates.empty()) break;
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const LocalState& a, const LocalState& b) {
                       return better(space.value(a), space.value(b));
                     });
    if (candidates.size() > options.k) candidates.resize(options.k);
    const double new_best = space.value(candidates.front());
    beam = std::move(candidates);
    run.beams.push_back(beam);
    if (options.stop_without_improvement && !better(new_best, best)) break;
    best = new_best;
  }
  return run;
}

}  // namespace sg::ref
