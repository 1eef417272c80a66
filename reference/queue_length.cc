#include "reference/queue_length.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace sg::ref {
namespace {

// Which generated states the heapq pattern pushes.
enum class HeapqPush {
  every,           // every generated state, even one already expanded
  unless_closed,   // every generated state not yet expanded
  new_or_cheaper,  // a state never generated before, or one reached with a lower g than any
                   // before, open or closed (AIMA's `reached` table): the stale entry stays
};

// How equal priorities are ordered: Python's comparison of the states ((priority, state, ...)
// entries) or the order of the pushes ((priority, counter, state, ...) entries).
enum class HeapqTies { state_order, push_order };

// The heapq pattern on any problem: entries popped smallest priority first, ties as `ties`
// says, states pushed as `push` says, stale entries (a state already expanded) skipped on pop.
// The largest heap right after a push, stale entries included.
std::size_t heapq_max_frontier(const Problem& problem, const SearchPolicy& policy,
                               const StateLess& state_less, HeapqPush push, HeapqTies ties) {
  struct Entry {
    double priority;
    std::size_t order;  // the push's number
    State state;
    double g;
  };
  const auto after = [&state_less, ties](const Entry& a, const Entry& b) {  // b pops first
    if (a.priority != b.priority) return a.priority > b.priority;
    if (ties == HeapqTies::push_order) return a.order > b.order;
    return state_less(b.state, a.state);
  };
  const auto priority = [&](const State& state, double g) {
    switch (policy.strategy) {
      case Strategy::uniform_cost:
        return g;
      case Strategy::greedy_best_first:
        return problem.h(state);
      default:
        return g + problem.h(state);
    }
  };
  std::priority_queue<Entry, std::vector<Entry>, decltype(after)> heap(after);
  std::unordered_set<State> closed;
  std::unordered_map<State, double>
      best_g;  // new_or_cheaper: the lowest g each state was pushed with
  const State start = problem.initial_state();
  std::size_t pushes = 0;
  heap.push({priority(start, 0), pushes++, start, 0});
  best_g[start] = 0;
  std::size_t largest = 1;
  std::size_t expanded = 0;
  while (!heap.empty()) {
    const Entry entry = heap.top();
    heap.pop();
    if (push == HeapqPush::new_or_cheaper) {
      if (entry.g > best_g.at(entry.state)) continue;  // a stale entry
    } else if (!closed.insert(entry.state).second) {
      continue;  // a stale entry
    }
    if (problem.is_goal(entry.state)) return largest;
    if (++expanded > policy.max_expansions) break;
    std::vector<Step> next = problem.successors(entry.state);
    if (policy.reverse_successors) std::reverse(next.begin(), next.end());
    for (const Step& step : next) {
      const double g = entry.g + step.cost;
      if (push == HeapqPush::unless_closed && closed.count(step.state)) continue;
      if (push == HeapqPush::new_or_cheaper) {
        const auto [known, added] = best_g.emplace(step.state, g);
        if (!added) {
          if (g >= known->second) continue;
          known->second = g;
        }
      }
      heap.push({priority(step.state, g), pushes++, step.state, g});
      largest = std::max(largest, heap.size());
    }
  }
  throw std::invalid_argument("the heapq variant of the search did not reach a goal");
}

}  // namespace

QueueLengthRange max_frontier_range(const Problem& problem, const SearchPolicy& policy,
                                    const StateLess& state_less) {
  QueueLengthRange range;
  const auto add = [&](SearchPolicy variant, std::string name) {
    const SearchRun run = search(problem, variant);
    if (!run.found) throw std::invalid_argument("a variant of the search did not reach a goal");
    range.variants.push_back({std::move(name), run.max_frontier});
  };
  for (const TieBreak tie : {TieBreak::earliest_inserted, TieBreak::latest_inserted}) {
    const std::string ties = tie == TieBreak::earliest_inserted ? ", ties to the earliest entry"
                                                                : ", ties to the latest entry";
    for (const bool update : {true, false}) {
      SearchPolicy variant = policy;
      variant.duplicates = Duplicates::checked;
      variant.update_frontier = update;
      variant.tie_break = tie;
      add(variant,
          std::string(update ? "a lower g updates the entry in place" : "the first entry is kept") +
              ties);
    }
    SearchPolicy lazy = policy;
    lazy.duplicates = Duplicates::lazy;
    lazy.tie_break = tie;
    add(lazy, "every generated state pushed, stale entries skipped on pop" + ties);
  }
  if (policy.strategy == Strategy::uniform_cost || policy.strategy == Strategy::greedy_best_first ||
      policy.strategy == Strategy::astar) {
    const StateLess less = state_less ? state_less : StateLess(std::less<State>());
    const std::pair<HeapqPush, const char*> pushes[] = {
        {HeapqPush::unless_closed,
         "every generated state pushed, closed states skipped before the push"},
        {HeapqPush::every, "every generated state pushed, closed states skipped on pop"},
        {HeapqPush::new_or_cheaper,
         "a state pushed only when new or reached with a lower g (open or closed), the stale "
         "entry left in the heap"}};
    for (const auto& [push, pushed] : pushes) {
      range.variants.push_back(
          {std::string("heapq (priority, state, ...) entries, ") + pushed,
           heapq_max_frontier(problem, policy, less, push, HeapqTies::state_order)});
      range.variants.push_back(
          {std::string("heapq (priority, counter, state, ...) entries, ") + pushed,
           heapq_max_frontier(problem, policy, less, push, HeapqTies::push_order)});
    }
  }
  range.low = range.high = range.variants.front().max_frontier;
  for (const QueueLengthVariant& variant : range.variants) {
    range.low = std::min(range.low, variant.max_frontier);
    range.high = std::max(range.high, variant.max_frontier);
  }
  return range;
}

}  // namespace sg::ref
