#include "reference/admissibility.h"

#include <deque>
#include <functional>
#include <limits>
#include <queue>
#include <unordered_map>
#include <utility>

namespace sg::ref {

CostToGoal cost_to_goal(const Problem& problem, std::size_t max_states) {
  CostToGoal space;
  std::unordered_map<State, std::size_t> index;
  std::vector<std::vector<std::pair<std::size_t, double>>> into;  // into[t]: (s, cost) of s -> t
  std::deque<std::size_t> queue;
  const auto visit = [&](const State& state) {
    const auto [it, added] = index.emplace(state, space.states.size());
    if (added) {
      space.states.push_back(state);
      space.edges.emplace_back();
      into.emplace_back();
      queue.push_back(it->second);
    }
    return it->second;
  };
  visit(problem.initial_state());
  while (!queue.empty()) {
    if (space.states.size() > max_states) {
      space.complete = false;
      return space;
    }
    const std::size_t from = queue.front();
    queue.pop_front();
    const State state = space.states[from];
    for (const Step& step : problem.successors(state)) {
      const std::size_t to = visit(step.state);
      into[to].emplace_back(from, step.cost);
      space.edges[from].emplace_back(to, step.cost);
    }
  }
  // h*: Dijkstra from every goal over the reversed edges.
  space.cheapest.assign(space.states.size(), std::numeric_limits<double>::infinity());
  using Entry = std::pair<double, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> frontier;
  for (std::size_t i = 0; i < space.states.size(); ++i) {
    if (problem.is_goal(space.states[i])) {
      space.cheapest[i] = 0.0;
      frontier.emplace(0.0, i);
    }
  }
  while (!frontier.empty()) {
    const auto [cost, at] = frontier.top();
    frontier.pop();
    if (cost > space.cheapest[at]) continue;
    for (const auto& [from, step] : into[at]) {
      if (cost + step < space.cheapest[from]) {
        space.cheapest[from] = cost + step;
        frontier.emplace(space.cheapest[from], from);
      }
    }
  }
  return space;
}

AdmissibilityCheck check_admissible(const Problem& problem, std::size_t max_states) {
  AdmissibilityCheck check;
  const CostToGoal space = cost_to_goal(problem, max_states);
  check.complete = space.complete;
  if (!space.complete) return check;
  for (std::size_t i = 0; i < space.states.size(); ++i) {
    const double h = problem.h(space.states[i]);
    if (space.cheapest[i] < std::numeric_limits<double>::infinity() &&
        h > space.cheapest[i] + 1e-9) {
      check.first = Overestimate{space.states[i], h, space.cheapest[i]};
      return check;
    }
  }
  return check;
}

}  // namespace sg::ref
