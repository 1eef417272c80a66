#include "reference/iddfs.h"

#include <stdexcept>

namespace sg::ref {
namespace {

class Search {
 public:
  Search(const TilePuzzle& puzzle, const IddfsOptions& options, IddfsResult& result)
      : puzzle_(puzzle), options_(options), result_(result) {}

  // Depth-limited DFS below `state` at `depth`; true when the goal was found.
  bool visit(const Tiles& state, int depth, int limit) {
    for (const Successor& next : puzzle_.successors(state, options_.move_order)) {
      if (!emit({IddfsEventType::move, depth + 1, limit, next.move})) return false;
      path_.push_back(next.move);
      if (depth + 1 == limit) {
        if (!emit({IddfsEventType::check, limit, limit, BlankMove::up})) return false;
        if (puzzle_.is_goal(next.state)) return true;
      } else if (visit(next.state, depth + 1, limit)) {
        return true;
      }
      if (result_.truncated) return false;
      path_.pop_back();
    }
    return false;
  }

  bool iteration(const Tiles& start, int limit) {
    if (limit == 0) {
      if (!emit({IddfsEventType::check, 0, 0, BlankMove::up})) return false;
      return puzzle_.is_goal(start);
    }
    return visit(start, 0, limit);
  }

  std::vector<BlankMove>& path() { return path_; }

 private:
  bool emit(const IddfsEvent& event) {
    if (result_.trace.size() >= options_.max_events) {
      result_.truncated = true;
      return false;
    }
    result_.trace.push_back(event);
    return true;
  }

  const TilePuzzle& puzzle_;
  const IddfsOptions& options_;
  IddfsResult& result_;
  std::vector<BlankMove> path_;
};

}  // namespace

IddfsResult iterative_deepening(const TilePuzzle& puzzle, const Tiles& start,
                                const IddfsOptions& options) {
  if (const std::string problem = puzzle.validate(start); !problem.empty()) {
    throw std::invalid_argument("iterative_deepening: invalid start: " + problem);
  }
  if (options.first_limit < 0 || options.max_limit < options.first_limit) {
    throw std::invalid_argument("iterative_deepening: need 0 <= first_limit <= max_limit");
  }
  IddfsResult result;
  if (options.check_start && puzzle.is_goal(start)) {
    result.found = true;
    result.last_limit = 0;
    return result;
  }
  Search search(puzzle, options, result);
  for (int limit = options.first_limit; limit <= options.max_limit; ++limit) {
    result.last_limit = limit;
    search.path().clear();
    if (search.iteration(start, limit)) {
      result.found = true;
      result.path = search.path();
      return result;
    }
    if (result.truncated) return result;
  }
  return result;
}

}  // namespace sg::ref
