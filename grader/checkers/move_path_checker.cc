#include "checkers/move_path_checker.h"

#include <fmt/format.h>

#include <stdexcept>

namespace sg {
namespace {

std::string edge_of(ref::BlankMove move) {
  switch (move) {
    case ref::BlankMove::up:
      return "top row";
    case ref::BlankMove::down:
      return "bottom row";
    case ref::BlankMove::left:
      return "leftmost column";
    case ref::BlankMove::right:
      return "rightmost column";
  }
  return "edge";
}

}  // namespace

AspectOutcome check_move_path(const ref::TilePuzzle& puzzle, const MovePathExpected& expected,
                              const std::vector<ref::BlankMove>& path,
                              const MoveNotation& notation) {
  if (const std::string problem = puzzle.validate(expected.start); !problem.empty()) {
    throw std::invalid_argument("check_move_path: invalid start: " + problem);
  }
  AspectOutcome outcome;
  outcome.aspect = "path";
  ref::Tiles state = expected.start;
  for (std::size_t i = 0; i < path.size(); ++i) {
    std::optional<ref::Tiles> next = puzzle.result(state, path[i]);
    if (!next) {
      outcome.feedback =
          fmt::format("move {} of the path ({}) is illegal: in {} the blank is in the {}", i + 1,
                      notation.move_name(path[i]), notation.state_text(state), edge_of(path[i]));
      return outcome;
    }
    state = std::move(*next);
  }
  if (!puzzle.is_goal(state)) {
    outcome.feedback = fmt::format("the path's {} move{} lead to {}, which is not the goal {}",
                                   path.size(), path.size() == 1 ? "" : "s",
                                   notation.state_text(state), notation.state_text(puzzle.goal()));
    return outcome;
  }
  if (expected.require_optimal && path.size() != expected.optimal_length) {
    outcome.feedback =
        fmt::format("the path reaches the goal in {} move{}, but the shortest path has {}",
                    path.size(), path.size() == 1 ? "" : "s", expected.optimal_length);
    return outcome;
  }
  outcome.passed = true;
  return outcome;
}

}  // namespace sg
