#include "reference/queue_length.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <tuple>
#include <unordered_set>

namespace sg::ref {
namespace {

// The heapq pattern: entries (f, state, g) popped smallest first (Python compares the tuples:
// f, then the state as a list), a state pushed again whenever it is generated, stale entries
// skipped on pop. Returns the largest heap length right after a push.
std::size_t heapq_max_frontier(const TilePuzzle& puzzle, const Tiles& start, Heuristic heuristic,
                               const FrontierPolicy& policy, bool skip_closed_before_push,
                               std::size_t node_limit) {
  using Entry = std::tuple<int, Tiles, int>;  // f, state, g
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  std::unordered_set<Tiles, TilesHash> closed;
  heap.emplace(evaluate(puzzle, start, heuristic), start, 0);
  std::size_t largest = 1;
  std::size_t expanded = 0;
  while (!heap.empty()) {
    auto [f, state, g] = heap.top();
    heap.pop();
    if (!closed.insert(state).second) continue;  // a stale entry
    if (puzzle.is_goal(state)) return largest;
    if (++expanded > node_limit) break;
    const std::vector<Successor> next = policy.successor_order == SuccessorOrder::ascending_state
                                            ? puzzle.successors_ascending(state)
                                            : puzzle.successors(state, policy.move_order);
    for (const Successor& successor : next) {
      if (skip_closed_before_push && closed.count(successor.state)) continue;
      heap.emplace(g + 1 + evaluate(puzzle, successor.state, heuristic), successor.state, g + 1);
      largest = std::max(largest, heap.size());
    }
  }
  throw std::invalid_argument("the heapq variant of A* did not reach the goal");
}

// The heapq pattern on any problem: (priority, state, g) entries popped smallest first, ties to
// the smaller state, a state pushed whenever it is generated (unless already expanded, with
// skip_closed_before_push), stale entries skipped on pop. The largest heap right after a push.
std::size_t heapq_max_frontier(const Problem& problem, const SearchPolicy& policy,
                               const StateLess& state_less, bool skip_closed_before_push) {
  struct Entry {
    double priority;
    State state;
    double g;
  };
  const auto after = [&state_less](const Entry& a, const Entry& b) {  // b pops first
    if (a.priority != b.priority) return a.priority > b.priority;
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
  const State start = problem.initial_state();
  heap.push({priority(start, 0), start, 0});
  std::size_t largest = 1;
  std::size_t expanded = 0;
  while (!heap.empty()) {
    const Entry entry = heap.top();
    heap.pop();
    if (!closed.insert(entry.state).second) continue;  // a stale entry
    if (problem.is_goal(entry.state)) return largest;
    if (++expanded > policy.max_expansions) break;
    std::vector<Step> next = problem.successors(entry.state);
    if (policy.reverse_successors) std::reverse(next.begin(), next.end());
    for (const Step& step : next) {
      if (skip_closed_before_push && closed.count(step.state)) continue;
      heap.push({priority(step.state, entry.g + step.cost), step.state, entry.g + step.cost});
      largest = std::max(largest, heap.size());
    }
  }
  throw std::invalid_argument("the heapq variant of the search did not reach a goal");
}

}  // namespace

QueueLengthRange max_queue_length_range(const TilePuzzle& puzzle, const Tiles& start,
                                        Heuristic heuristic, const FrontierPolicy& policy,
                                        std::size_t node_limit) {
  QueueLengthRange range;
  for (const bool update : {true, false}) {
    for (const TieBreak tie : {TieBreak::earliest_inserted, TieBreak::latest_inserted}) {
      FrontierPolicy variant = policy;
      variant.update_on_lower_g = update;
      variant.tie_break = tie;
      const AStarResult result = astar(puzzle, start, heuristic, variant, node_limit);
      if (!result.found) throw std::invalid_argument("a variant of A* did not reach the goal");
      range.variants.push_back(
          {std::string(update ? "a lower g updates the entry in place"
                              : "the first entry is kept") +
               (tie == TieBreak::earliest_inserted ? ", ties to the earliest entry"
                                                   : ", ties to the latest entry"),
           result.max_frontier});
    }
  }
  for (const bool skip : {true, false}) {
    range.variants.push_back(
        {std::string("heapq (f, state, ...) entries, every generated state pushed, ") +
             (skip ? "closed states skipped before the push" : "closed states skipped on pop"),
         heapq_max_frontier(puzzle, start, heuristic, policy, skip, node_limit)});
  }
  range.low = range.high = range.variants.front().max_frontier;
  for (const QueueLengthVariant& variant : range.variants) {
    range.low = std::min(range.low, variant.max_frontier);
    range.high = std::max(range.high, variant.max_frontier);
  }
  return range;
}

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
    for (const bool skip : {true, false})
      range.variants.push_back(
          {std::string("heapq (priority, state, ...) entries, every generated state pushed, ") +
               (skip ? "closed states skipped before the push" : "closed states skipped on pop"),
           heapq_max_frontier(problem, policy, less, skip)});
  }
  range.low = range.high = range.variants.front().max_frontier;
  for (const QueueLengthVariant& variant : range.variants) {
    range.low = std::min(range.low, variant.max_frontier);
    range.high = std::max(range.high, variant.max_frontier);
  }
  return range;
}

}  // namespace sg::ref
