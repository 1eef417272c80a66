#include "reference/admissibility.h"

#include <deque>
#include <functional>
#include <limits>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sg::ref {

AdmissibilityCheck check_admissible(const Problem& problem, std::size_t max_states) {
  AdmissibilityCheck check;
  // The reachable space, breadth-first, with the reversed edges.
  std::vector<State> order;
  std::unordered_map<State, std::size_t> index;
  std::vector<std::vector<std::pair<std::size_t, double>>> into;  // into[t]: (s, cost) of s -> t
  std::deque<std::size_t> queue;
  const auto visit = [&](const State& state) {
    const auto [it, added] = index.emplace(state, order.size());
    if (added) {
      order.push_back(state);
      into.emplace_back();
      queue.push_back(it->second);
    }
    return it->second;
  };
  visit(problem.initial_state());
  while (!queue.empty()) {
    if (order.size() > max_states) {
      check.complete = false;
      return check;
    }
    const std::size_t from = queue.front();
    queue.pop_front();
    const State state = order[from];
    for (const Step& step : problem.successors(state)) {
      const std::size_t to = visit(step.state);
      into[to].emplace_back(from, step.cost);
    }
  }
  // h*: Dijkstra from every goal over the reversed edges.
  const double infinity = std::numeric_limits<double>::infinity();
  std::vector<double> cheapest(order.size(), infinity);
  using Entry = std::pair<double, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> frontier;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (problem.is_goal(order[i])) {
      cheapest[i] = 0.0;
      frontier.emplace(0.0, i);
    }
  }
  while (!frontier.empty()) {
    const auto [cost, at] = frontier.top();
    frontier.pop();
    if (cost > cheapest[at]) continue;
    for (const auto& [from, step] : into[at]) {
      if (cost + step < cheapest[from]) {
        cheapest[from] = cost + step;
        frontier.emplace(cheapest[from], from);
      }
    }
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    const double h = problem.h(order[i]);
    if (cheapest[i] < infinity && h > cheapest[i] + 1e-9) {
      check.first = Overestimate{order[i], h, cheapest[i]};
      return check;
    }
  }
  return check;
}

}  // namespace sg::ref
