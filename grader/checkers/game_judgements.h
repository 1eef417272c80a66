// Judgements of a game-tree search a student wrote, against the reference's run of the same
// search (reference/game_search.h): the action chosen at the root, and the states generated.
// What the student generated is compared as a set (Berkeley's tests: each state generated the
// same number of times) or in order; a mismatch is diagnosed by the reference's variants, each a
// named mistake whose search generates exactly what the student's did ("prunes on equality").
// This file knows no adapter and runs no process.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checkers/state_difference.h"
#include "model/grade_report.h"
#include "reference/game_search.h"

namespace sg {

/// Which root actions pass: any of the optimal ones, or exactly the first or last of them.
enum class RootActionRule { any_optimal, first, last };

/// How the generated states are compared.
enum class ExploredMatch {
  set,    ///< The same states, each as many times, in any order.
  order,  ///< The same states in the same order.
};

/// A mistake's search: what it generates and the action it chooses, for diagnosis ("prunes on
/// equality (v >= beta)").
struct GameSearchVariant {
  std::string mistake;
  std::vector<ref::State> generated;
  std::optional<std::string> action;
  /// The variant's tree (parents, movers, moves), where a state only the student generated is
  /// looked up to say where the student's search went (a ply too deep); empty: not known.
  std::vector<TreeState> tree{};
};

/// A game search's generated states as a tree for the difference (checkers/state_difference.h).
std::vector<TreeState> tree_of(const ref::GameSearchRun& run);

/// Aspect `action`: `action` (what the student's code returned; nullopt when it returned no
/// text) against `run`'s optimal root actions under `rule`. A wrong action that the first of
/// `variants` to choose it chooses is diagnosed as that mistake.
AspectOutcome judge_game_action(const ref::GameSearchRun& run,
                                const std::optional<std::string>& action, RootActionRule rule,
                                const std::vector<GameSearchVariant>& variants = {});

/// Aspect `explored`: `generated` (the states the student's code generated, in order) against
/// `run`'s. `search` names the reference's search for feedback ("alpha-beta to depth 2"). A
/// mismatch shows the difference (what only the reference generated and what only the student
/// did, grouped by where the searches part, with a diagnosis when it has one cause), and every
/// named mistake of `variants` that generates exactly the student's states. `agent_name` names
/// the agents in feedback ("Pacman", "ghost 1").
AspectOutcome judge_explored(const ref::GameSearchRun& run,
                             const std::vector<ref::State>& generated, ExploredMatch match,
                             const std::string& search,
                             const std::vector<GameSearchVariant>& variants,
                             const AgentName& agent_name = {});

}  // namespace sg
