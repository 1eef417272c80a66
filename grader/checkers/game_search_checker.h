// A game-tree search test's judgement as a whole: the reference's search (reference/
// game_search.h) against what the student's code chose, returned and generated, with the named
// mistakes that diagnose a mismatch ("prunes on equality") and the expectation shown in
// feedback. The per-aspect judgements are checkers/game_judgements.h; this file knows no adapter
// and runs no process.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkers/game_judgements.h"
#include "model/grade_report.h"
#include "reference/game.h"
#include "reference/game_search.h"

namespace sg {

/// What a game-search test asks, in the judgements' terms.
struct GameSearchExpected {
  std::shared_ptr<const ref::Game> game;
  std::string domain_name;  ///< The spec's name of the game, for feedback.
  ref::GameSearchOptions options;
  RootActionRule ties = RootActionRule::any_optimal;
  ExploredMatch explored = ExploredMatch::set;
  /// What the call returns: "action", "value", "value_action" or "action_value".
  std::string returns = "action";
  bool program = false;    ///< A command-line program printed its answer (else a call returned it).
  std::string search;      ///< For feedback: game_search_text(options).
  AgentName agent_name{};  ///< For feedback: "Pacman", "ghost 1"; by default "agent N".
};

/// "alpha-beta to depth 2 (plies), pruning on v > beta".
std::string game_search_text(const ref::GameSearchOptions& options);

/// A named mistake: its catalogue id, its words, and the reference's options that make it.
struct GameMistake {
  std::string id;
  std::string mistake;
  ref::GameSearchOptions options;
  /// It moves only the depth bound: where its run is the reference's (a search that reaches
  /// every end of the game, as AIMA's does), no test could catch it (an equivalent mutant).
  bool bound_only = false;
};

/// The named mistakes that apply to the test's search (expectimax's chance nodes, alpha-beta's
/// pruning rule, depth per move or per ply, a ply too deep or shallow), each as the reference
/// runs it.
std::vector<GameMistake> game_search_mistakes(const GameSearchExpected& expected);

/// The states a run generated, in order.
std::vector<ref::State> generated_states(const ref::GameSearchRun& run);

/// The expectation shown in feedback: the root's value, its optimal actions, the states
/// generated (the first 40).
std::string game_search_expectation(const GameSearchExpected& expected,
                                    const ref::GameSearchRun& run);

/// Aspects action, explored and value of what the student's code chose (`action`), returned or
/// printed as the root's value (`value`; not judged where the call returns only the action) and
/// generated, against `run`; a mismatch is diagnosed by the named mistakes.
std::vector<AspectOutcome> judge_game_search(const GameSearchExpected& expected,
                                             const ref::GameSearchRun& run,
                                             const std::optional<std::string>& action,
                                             const std::optional<double>& value,
                                             const std::vector<ref::State>& generated);

}  // namespace sg
