#include "reference/iddfs.h"

#include <algorithm>
#include <stdexcept>

#include "reference/tile_problem.h"

namespace sg::ref {
namespace {

class IddfsSearch {
 public:
  IddfsSearch(const Problem& problem, const IddfsOptions& options, TracedIddfsResult& result)
      : problem_(problem), options_(options), result_(result) {}

  // Depth-limited DFS below `state` at `depth`; true when the goal was found.
  bool visit(const State& state, int depth, int limit) {
    std::vector<Step> steps = problem_.successors(state);
    if (options_.reverse_successors) std::reverse(steps.begin(), steps.end());
    for (const Step& next : steps) {
      if (!emit({IddfsEventType::move, depth + 1, limit, next.action})) return false;
      path_.push_back(next.action);
      if (depth + 1 == limit) {
        if (!emit({IddfsEventType::check, limit, limit, {}})) return false;
        if (problem_.is_goal(next.state)) return true;
      } else if (visit(next.state, depth + 1, limit)) {
        return true;
      }
      if (result_.truncated) return false;
      path_.pop_back();
    }
    return false;
  }

  bool iteration(const State& start, int limit) {
    if (limit == 0) {
      if (!emit({IddfsEventType::check, 0, 0, {}})) return false;
      return problem_.is_goal(start);
    }
    return visit(start, 0, limit);
  }

  std::vector<std::string>& path() { return path_; }

 private:
  bool emit(TracedEvent event) {
    if (result_.trace.size() >= options_.max_events) {
      result_.truncated = true;
      return false;
    }
    result_.trace.push_back(std::move(event));
    return true;
  }

  const Problem& problem_;
  const IddfsOptions& options_;
  TracedIddfsResult& result_;
  std::vector<std::string> path_;
};

}  // namespace

TracedIddfsResult traced_iterative_deepening(const Problem& problem, const IddfsOptions& options) {
  if (options.first_limit < 0 || options.max_limit < options.first_limit) {
    throw std::invalid_argument("iterative_deepening: need 0 <= first_limit <= max_limit");
  }
  TracedIddfsResult result;
  const State start = problem.initial_state();
  if (options.check_start && problem.is_goal(start)) {
    result.found = true;
    result.last_limit = 0;
    return result;
  }
  IddfsSearch search(problem, options, result);
  for (int limit = options.first_limit; limit <= options.max_limit; ++limit) {
    result.last_limit = limit;
    search.path().clear();
    if (search.iteration(start, limit)) {
      result.found = true;
      result.actions = search.path();
      return result;
    }
    if (result.truncated) return result;
  }
  return result;
}

IddfsResult iterative_deepening(const TilePuzzle& puzzle, const Tiles& start,
                                const IddfsOptions& options) {
  if (const std::string problem = puzzle.validate(start); !problem.empty()) {
    throw std::invalid_argument("iterative_deepening: invalid start: " + problem);
  }
  const TileProblem problem(puzzle, start, Heuristic::zero, options.move_order);
  const TracedIddfsResult traced = traced_iterative_deepening(problem, options);
  const auto move_of = [](const std::string& action) {
    const std::optional<BlankMove> move = parse_blank_move(action);
    if (!move) throw std::logic_error("a board's action is not a blank move: " + action);
    return *move;
  };
  IddfsResult result{traced.found, {}, {}, traced.last_limit, traced.truncated};
  for (const std::string& action : traced.actions) result.path.push_back(move_of(action));
  result.trace.reserve(traced.trace.size());
  for (const TracedEvent& event : traced.trace)
    result.trace.push_back(
        {event.type, event.depth, event.limit,
         event.type == IddfsEventType::move ? move_of(event.action) : BlankMove::up});
  return result;
}

}  // namespace sg::ref
