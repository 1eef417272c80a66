#include "algorithms/board_program_mutants.h"

#include <fmt/format.h>

#include "domains/board_moves.h"
#include "reference/astar.h"
#include "reference/ida_star.h"
#include "reference/search.h"
#include "reference/tile_problem.h"

namespace sg {

std::vector<PathMutant> path_mutants(const ref::Problem& world, const ref::State& start,
                                     const std::vector<std::string>& shortest) {
  std::vector<PathMutant> mutants;
  mutants.push_back({"length_counts_states",
                     "prints the number of boards on the path as the solution length", shortest,
                     shortest.size() + 1});
  const std::vector<ref::Step> first = world.successors(start);
  const std::optional<ref::Step> back =
      first.empty() ? std::nullopt : world.step_between(first.front().state, start);
  if (back) {
    // One move away and straight back, then a shortest path: legal, two moves too long.
    std::vector<std::string> detour = {first.front().action, back->action};
    detour.insert(detour.end(), shortest.begin(), shortest.end());
    mutants.push_back(
        {"detour", "shows a legal path two moves longer than the shortest", detour, detour.size()});
  }
  if (!shortest.empty()) {
    std::vector<std::string> short_path(shortest.begin(), shortest.end() - 1);
    mutants.push_back({"stops_short", "shows a path that stops one move before the goal",
                       short_path, short_path.size()});
  }
  return mutants;
}

namespace {

// A shortest path's blank moves from the test's start: IDA* on a classic board, A* with Manhattan
// on a torus (admissible on any topology with distinct tiles; repeated tiles get none),
// breadth-first on a rules world.
std::optional<std::vector<std::string>> shortest_moves(const BoardExpectation& problem) {
  std::vector<std::string> moves;
  const auto* board = dynamic_cast<const BoardMoves*>(problem.world.get());
  if (const auto* tiles =
          board ? dynamic_cast<const ref::TileProblem*>(board->domain().problem.get()) : nullptr) {
    const ref::TilePuzzle& puzzle = tiles->puzzle();
    // IDA* on the classic board: a 4 x 4 path of 30 moves in little memory, and an unsolvable
    // start refused by its parity at once (A* would fill the memory with half the states).
    if (puzzle.topology() == ref::Topology::bounded && puzzle.tiles_distinct()) {
      const std::optional<ref::IdaStarResult> solved =
          ref::ida_star(puzzle, problem.tiles(*problem.start));
      if (!solved) return std::nullopt;
      for (const ref::BlankMove move : solved->moves) moves.push_back(ref::to_string(move));
      return moves;
    }
    const ref::AStarResult found =
        ref::astar(puzzle, problem.tiles(*problem.start),
                   puzzle.tiles_distinct() ? ref::Heuristic::manhattan : ref::Heuristic::zero);
    if (!found.found) return std::nullopt;
    for (const auto& step : found.path)
      if (step.move) moves.push_back(ref::to_string(*step.move));
    return moves;
  }
  ref::SearchPolicy breadth_first;
  breadth_first.strategy = ref::Strategy::breadth_first;
  const ref::SearchRun run = ref::search(*problem.world, breadth_first);
  if (!run.found) return std::nullopt;
  return run.actions;
}

std::string reversed_move(const std::string& move) {
  const std::optional<ref::BlankMove> blank = ref::parse_blank_move(move);
  return blank ? ref::to_string(ref::reverse(*blank)) : move;
}

}  // namespace

std::vector<ProgramMutant> board_program_mutants(const BoardExpectation& problem) {
  std::vector<ProgramMutant> mutants;
  if (!problem.start) return mutants;
  const auto listed = [](const std::set<std::string>& moves) {
    return std::vector<std::string>(moves.begin(), moves.end());
  };
  if (*problem.state != *problem.start) {
    BoardExpectation unmoved = problem;
    unmoved.state = problem.start;
    mutants.push_back({"moves_ignored", "shows the state it was set to, not moved as told",
                       problem.start, listed(allowed_moves(unmoved)), std::nullopt, std::nullopt});
  }
  const std::optional<std::vector<std::string>> shortest = shortest_moves(problem);
  std::vector<std::string> tile_moves;
  for (const auto& move : allowed_moves(problem)) tile_moves.push_back(reversed_move(move));
  std::optional<std::vector<std::string>> tile_path;
  if (shortest) {
    tile_path.emplace();
    for (const std::string& move : *shortest) tile_path->push_back(reversed_move(move));
  }
  mutants.push_back({"tile_moves", "names each move by the way the tile goes, not the blank",
                     std::nullopt, tile_moves, tile_path,
                     tile_path ? std::optional(tile_path->size()) : std::nullopt});
  if (!shortest) return mutants;
  for (PathMutant& mutant : path_mutants(*problem.world, *problem.start, *shortest))
    mutants.push_back({std::move(mutant.id), std::move(mutant.mistake), std::nullopt, std::nullopt,
                       std::move(mutant.path), mutant.length});
  return mutants;
}

std::vector<AspectOutcome> judge_program_mutant(const nlohmann::json& checks,
                                                const BoardExpectation& problem,
                                                const ProgramMutant& mutant) {
  AspectOutcome output{"output", "", true, ""};
  AspectOutcome path{"path", "", true, ""};
  for (const auto& check : checks) {
    const std::string type = output_check_type(check);
    std::string why;
    if (type == "solution" && mutant.path) {
      const std::optional<PrintedLength> length =
          mutant.length
              ? std::optional(PrintedLength{std::to_string(*mutant.length), "the length printed"})
              : std::nullopt;
      AspectOutcome judged = judge_solution(check[type], problem, *mutant.path, length);
      if (path.passed && !judged.passed) path = judged;
    } else if (type == "state" && mutant.state && *mutant.state != *problem.state) {
      why = state_line_wanted(problem, check[type]);
    } else if (type == "grid" && mutant.state) {
      why = judge_grid(problem, problem.tiles(*mutant.state));
    } else if (type == "allowed_moves" && mutant.moves) {
      why = judge_allowed_moves(problem, *mutant.moves,
                                fmt::format("{}", fmt::join(*mutant.moves, ", ")), "");
    }
    if (!why.empty() && output.passed) {
      output.passed = false;
      output.feedback = why;
    }
  }
  return {output, path};
}

}  // namespace sg
