// Mutants of a command-line puzzle program (seed 004's family, program_output tests): a program
// with one mistake that graders of the assignment meet, as it shows the puzzle for the checks its
// mistake reaches; every other check it passes as a correct program does. `audit` judges each
// with the test's checks to measure whether the spec catches the mistake.
//
// The catalogue (each only where the test can show it):
//   moves_ignored         shows the state it was set to, not moved as told
//   tile_moves            names each move by the way the tile goes, not the blank
//   length_counts_states  prints the number of boards on the path as the solution length
//   detour                a legal path two moves longer than the shortest
//   stops_short           a path that stops one move before the goal
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checkers/program_output_checks.h"
#include "model/grade_report.h"
#include "reference/problem.h"

namespace sg {

/// What a program with one mistake shows.
struct ProgramMutant {
  std::string id;                                 ///< Catalogue id, e.g. "tile_moves".
  std::string mistake;                            ///< In the student's terms.
  std::optional<ref::State> state;                ///< Shown for state and grid checks.
  std::optional<std::vector<std::string>> moves;  ///< Listed for allowed_moves checks.
  std::optional<std::vector<std::string>> path;   ///< Shown for solution checks: blank moves.
  std::optional<std::size_t> length;              ///< Printed as the solution's length.
};

/// A path reported by a program with one mistake: its moves and the length it prints.
struct PathMutant {
  std::string id;                 ///< "length_counts_states", "detour", "stops_short".
  std::string mistake;            ///< In the student's terms.
  std::vector<std::string> path;  ///< Action names, as world.successors() names them.
  std::size_t length = 0;
};

/// The path mistakes around `shortest` (a shortest path of action names from `start` in
/// `world`): its length printed as the number of states on it, a legal detour two moves longer
/// (the first action and the one straight back, where one leads back), and (when it has a move) a
/// path one move short of the goal. Shared by every program test that reads a path.
std::vector<PathMutant> path_mutants(const ref::Problem& world, const ref::State& start,
                                     const std::vector<std::string>& shortest);

/// The catalogue's mutants that apply to the test's board (none without a `start`).
std::vector<ProgramMutant> board_program_mutants(const BoardExpectation& problem);

/// The test's `checks` judged on what `mutant` shows: aspects {output, path}.
std::vector<AspectOutcome> judge_program_mutant(const nlohmann::json& checks,
                                                const BoardExpectation& problem,
                                                const ProgramMutant& mutant);

}  // namespace sg
