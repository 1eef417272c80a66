#include "algorithms/board_program_mutants.h"

#include <fmt/format.h>

#include "reference/astar.h"

namespace sg {

std::vector<PathMutant> path_mutants(const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                     const std::vector<ref::BlankMove>& shortest) {
  std::vector<PathMutant> mutants;
  mutants.push_back({"length_counts_states",
                     "prints the number of boards on the path as the solution length", shortest,
                     shortest.size() + 1});
  const auto first = puzzle.successors(start, ref::kAllBlankMoves);
  if (!first.empty()) {
    // One move away and straight back, then a shortest path: legal, two moves too long.
    std::vector<ref::BlankMove> detour = {first.front().move, ref::reverse(first.front().move)};
    detour.insert(detour.end(), shortest.begin(), shortest.end());
    mutants.push_back(
        {"detour", "shows a legal path two moves longer than the shortest", detour, detour.size()});
  }
  if (!shortest.empty()) {
    std::vector<ref::BlankMove> short_path(shortest.begin(), shortest.end() - 1);
    mutants.push_back({"stops_short", "shows a path that stops one move before the goal",
                       short_path, short_path.size()});
  }
  return mutants;
}

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
  // Manhattan is admissible on any topology with distinct tiles; repeated tiles get none.
  const ref::AStarResult found = ref::astar(
      *problem.puzzle, *problem.start,
      problem.puzzle->tiles_distinct() ? ref::Heuristic::manhattan : ref::Heuristic::zero);
  std::vector<ref::BlankMove> shortest;
  for (const auto& step : found.path)
    if (step.move) shortest.push_back(*step.move);
  std::vector<std::string> tile_moves;
  for (const auto& move : allowed_moves(problem))
    tile_moves.push_back(ref::to_string(ref::reverse(*ref::parse_blank_move(move))));
  std::optional<std::vector<ref::BlankMove>> tile_path;
  if (found.found) {
    tile_path.emplace();
    for (const auto move : shortest) tile_path->push_back(ref::reverse(move));
  }
  mutants.push_back({"tile_moves", "names each move by the way the tile goes, not the blank",
                     std::nullopt, tile_moves, tile_path,
                     tile_path ? std::optional(tile_path->size()) : std::nullopt});
  if (!found.found) return mutants;
  for (PathMutant& mutant : path_mutants(*problem.puzzle, *problem.start, shortest))
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
      why = judge_grid(problem, *mutant.state);
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
