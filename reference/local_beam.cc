#include "reference/local_beam.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>

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
    if (options.is_goal) return options.is_goal(state);
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
    std::vector<std::pair<LocalState, std::size_t>> candidates;  // with the parent's index
    for (std::size_t parent = 0; parent < beam.size(); ++parent)
      for (LocalState& next : space.neighbours(beam[parent])) {
        ++run.generated;
        if (at_target(next)) {
          run.reached = next;
          run.beams.push_back({std::move(next)});
          run.parents.push_back({parent});
          return run;
        }
        if (seen.insert(next).second) candidates.emplace_back(std::move(next), parent);
      }
    if (candidates.empty()) break;
    std::stable_sort(candidates.begin(), candidates.end(), [&](const auto& a, const auto& b) {
      return better(space.value(a.first), space.value(b.first));
    });
    if (candidates.size() > options.k) candidates.resize(options.k);
    const double new_best = space.value(candidates.front().first);
    beam.clear();
    run.parents.emplace_back();
    for (auto& [state, parent] : candidates) {
      beam.push_back(std::move(state));
      run.parents.back().push_back(parent);
    }
    run.beams.push_back(beam);
    if (options.stop_without_improvement && !better(new_best, best)) break;
    best = new_best;
  }
  return run;
}

}  // namespace sg::ref
