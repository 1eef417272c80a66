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

// True iff `path` with every move reversed leads legally from `start` to the goal.
bool reaches_goal_reversed(const ref::TilePuzzle& puzzle, ref::Tiles state,
                           const std::vector<ref::BlankMove>& path) {
  for (const ref::BlankMove move : path) {
    std::optional<ref::Tiles> next = puzzle.result(state, ref::reverse(move));
    if (!next) return false;
    state = std::move(*next);
  }
  return puzzle.is_goal(state);
}

// Where the path is wrong, before optimality and bounds are considered; empty if it is legal
// and reaches the goal.
std::string legality_problem(const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                             const std::vector<ref::BlankMove>& path,
                             const MoveNotation& notation) {
  ref::Tiles state = start;
  for (std::size_t i = 0; i < path.size(); ++i) {
    std::optional<ref::Tiles> next = puzzle.result(state, path[i]);
    if (!next) {
      return fmt::format("move {} of the path ({}) is illegal: in {} the blank is in the {}", i + 1,
                         notation.move_name(path[i]), notation.state_text(state), edge_of(path[i]));
    }
    state = std::move(*next);
  }
  if (!puzzle.is_goal(state)) {
    return fmt::format("the path's {} move{} lead to {}, which is not the goal {}", path.size(),
                       path.size() == 1 ? "" : "s", notation.state_text(state),
                       notation.state_text(puzzle.goal()));
  }
  return "";
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
  if (std::string problem = legality_problem(puzzle, expected.start, path, notation);
      !problem.empty()) {
    if (!path.empty() && reaches_goal_reversed(puzzle, expected.start, path))
      problem +=
          "; read the other way round, every move of the path is right: the moves seem to name "
          "the direction the TILE slides, but this assignment names the direction the BLANK "
          "moves";
    outcome.feedback = std::move(problem);
    return outcome;
  }
  if (expected.max_length && path.size() > *expected.max_length) {
    outcome.feedback = fmt::format(
        "the path has {} moves, more than the depth bound {}: a depth-first search with "
        "a bound must not go deeper than the bound",
        path.size(), *expected.max_length);
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
