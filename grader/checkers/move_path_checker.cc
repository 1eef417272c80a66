#include "checkers/move_path_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "reference/tile_problem.h"

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

// True iff `path`, every name a blank move, with each move reversed leads legally from `start`
// to a goal.
bool reaches_goal_reversed(const ref::Problem& world, ref::State state,
                           const std::vector<std::string>& path) {
  for (const std::string& name : path) {
    const std::optional<ref::BlankMove> move = ref::parse_blank_move(name);
    if (!move) return false;
    std::optional<ref::Step> next = world.step_named(state, ref::to_string(ref::reverse(*move)));
    if (!next) return false;
    state = std::move(next->state);
  }
  return world.is_goal(state);
}

// Where the path is wrong, before optimality and bounds are considered; empty if it is legal
// and reaches a goal.
std::string legality_problem(const ref::Problem& world, const ref::State& start,
                             const std::vector<std::string>& path, const ActionNotation& notation) {
  ref::State state = start;
  for (std::size_t i = 0; i < path.size(); ++i) {
    std::optional<ref::Step> next = world.step_named(state, path[i]);
    if (!next) {
      std::string why = notation.why_illegal ? notation.why_illegal(state, path[i]) : "";
      if (why.empty()) {
        std::vector<std::string> legal;
        for (const ref::Step& step : world.successors(state))
          legal.push_back(notation.action_text ? notation.action_text(step.action) : step.action);
        why = legal.empty()
                  ? "no action can be taken"
                  : fmt::format("the actions that can be taken are {}", fmt::join(legal, ", "));
      }
      return fmt::format("move {} of the path ({}) is illegal: in {} {}", i + 1,
                         notation.action_text ? notation.action_text(path[i]) : path[i],
                         notation.state_text(state), why);
    }
    state = std::move(next->state);
  }
  if (!world.is_goal(state)) {
    return fmt::format("the path's {} move{} lead to {}, which is not {}", path.size(),
                       path.size() == 1 ? "" : "s", notation.state_text(state),
                       notation.goal_text ? notation.goal_text() : "a goal");
  }
  return "";
}

// The blank's moves as a world: each of the four moves the puzzle allows, as result() judges
// it (on a two-wide torus, left and right both, to the same board).
class BlankMoves : public ref::Problem {
 public:
  BlankMoves(const ref::TilePuzzle& puzzle, const ref::Tiles& start)
      : puzzle_(puzzle), start_(start) {}
  ref::State initial_state() const override { return ref::tiles_state(start_); }
  std::vector<ref::Step> successors(const ref::State& state) const override {
    std::vector<ref::Step> steps;
    const std::optional<ref::Tiles> tiles = ref::parse_tiles_state(state);
    if (!tiles) return steps;
    for (const ref::BlankMove move : ref::kAllBlankMoves)
      if (std::optional<ref::Tiles> next = puzzle_.result(*tiles, move))
        steps.push_back({ref::to_string(move), ref::tiles_state(*next), 1.0});
    return steps;
  }
  bool is_goal(const ref::State& state) const override {
    const std::optional<ref::Tiles> tiles = ref::parse_tiles_state(state);
    return tiles && puzzle_.is_goal(*tiles);
  }

 private:
  const ref::TilePuzzle& puzzle_;
  const ref::Tiles& start_;
};

}  // namespace

AspectOutcome check_action_path(const ref::Problem& world, const ActionPathExpected& expected,
                                const std::vector<std::string>& path,
                                const ActionNotation& notation) {
  AspectOutcome outcome;
  outcome.aspect = "path";
  if (std::string problem = legality_problem(world, expected.start, path, notation);
      !problem.empty()) {
    if (!path.empty() && reaches_goal_reversed(world, expected.start, path))
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

std::string blank_edge_reason(const ref::Tiles& tiles, int rows, int cols,
                              const std::string& action) {
  const std::optional<ref::BlankMove> move = ref::parse_blank_move(action);
  const auto blank = std::find(tiles.begin(), tiles.end(), 0);
  if (!move || blank == tiles.end() || cols <= 0) return "";
  const auto at = static_cast<int>(blank - tiles.begin());
  const bool at_edge = (*move == ref::BlankMove::up && at / cols == 0) ||
                       (*move == ref::BlankMove::down && at / cols == rows - 1) ||
                       (*move == ref::BlankMove::left && at % cols == 0) ||
                       (*move == ref::BlankMove::right && at % cols == cols - 1);
  return at_edge ? "the blank is in the " + edge_of(*move) : "";
}

AspectOutcome check_move_path(const ref::TilePuzzle& puzzle, const MovePathExpected& expected,
                              const std::vector<ref::BlankMove>& path,
                              const MoveNotation& notation) {
  if (const std::string problem = puzzle.validate(expected.start); !problem.empty()) {
    throw std::invalid_argument("check_move_path: invalid start: " + problem);
  }
  const BlankMoves world(puzzle, expected.start);
  std::vector<std::string> names;
  for (const ref::BlankMove move : path) names.push_back(ref::to_string(move));
  const auto tiles = [](const ref::State& state) { return *ref::parse_tiles_state(state); };
  ActionNotation words;
  words.state_text = [&](const ref::State& state) { return notation.state_text(tiles(state)); };
  words.action_text = [&](const std::string& name) {
    return notation.move_name(*ref::parse_blank_move(name));
  };
  words.why_illegal = [&](const ref::State& state, const std::string& name) {
    return blank_edge_reason(tiles(state), puzzle.rows(), puzzle.cols(), name);
  };
  words.goal_text = [&] { return "the goal " + notation.state_text(puzzle.goal()); };
  return check_action_path(world,
                           {ref::tiles_state(expected.start), expected.optimal_length,
                            expected.require_optimal, expected.max_length},
                           names, words);
}

}  // namespace sg
