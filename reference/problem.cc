#include "reference/problem.h"

#include <deque>
#include <unordered_set>

namespace sg::ref {

double Problem::h(const State&) const { return 0.0; }

bool Problem::is_state(const State& state) const {
  // Breadth-first over what is reachable; domains with a cheap direct test override this.
  const State start = initial_state();
  if (state == start) return true;
  std::unordered_set<State> seen{start};
  std::deque<State> queue{start};
  while (!queue.empty()) {
    const State current = std::move(queue.front());
    queue.pop_front();
    for (const Step& step : successors(current)) {
      if (step.state == state) return true;
      if (seen.insert(step.state).second) queue.push_back(step.state);
    }
  }
  return false;
}

std::optional<Step> Problem::step_between(const State& from, const State& to) const {
  std::optional<Step> best;
  for (Step& step : successors(from)) {
    if (step.state == to && (!best || step.cost < best->cost)) best = std::move(step);
  }
  return best;
}

std::optional<Step> Problem::step_named(const State& from, const std::string& action) const {
  for (Step& step : successors(from)) {
    if (step.action == action) return std::move(step);
  }
  return std::nullopt;
}

}  // namespace sg::ref
