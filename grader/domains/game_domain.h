// The game a `game_search` test is about: a domain the spec names under `domains:`, read into
// the reference's terms (reference/game.h), and the game as the table the Python driver's
// Berkeley-style GameState object is driven by.
//
//   type: game_tree     agents (default 2), root, moves {state: [[action, state], ...] in the
//                       order they are tried; a third element is a chance move's probability},
//                       values {state: number} (every leaf, win and loss, and every state a
//                       depth cutoff reaches), wins, losses
//   type: tic_tac_toe   start ("X.O......", default empty; agent 0 moves there), evaluation
//                       (outcome_only | open_lines)
//   type: connect_four  rows, cols (default 6 x 7), connect (default 4), start (row by row from
//                       the top), evaluation (outcome_only | open_windows)
//   type: pacman        layout (Berkeley's .lay text, or `file:` naming a .lay beside the
//                       spec), ghosts (how many of the layout's play; default all); the
//                       evaluation is the score (reference/pacman_game.h)
//   type: rules         is: game, a course's rules file with AIMA's Game names
//                       (domains/rules_world.h)
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "model/assignment.h"
#include "reference/game.h"

namespace sg {

struct GameDomain {
  std::string name;  ///< The domain's name in the spec.
  std::string type;  ///< "game_tree", "tic_tac_toe", "connect_four", "pacman" or "rules".
  std::shared_ptr<const ref::Game> game;

  /// The game as the driver's `$fn: game_state` wants it: {agents, root, moves {state:
  /// [[action, state], ...]} (a chance move's probability, where stated, third), scores
  /// {state: number}, wins, losses, per_agent}, every state within `max_levels` moves of the
  /// root (agents moving in turn; the last level's states are scored but list no move). Where
  /// the state does not fix the mover (Pacman), per_agent is true and moves are {state: {agent:
  /// [[action, state], ...]}}, also along the turns of a search that takes every opponent as
  /// one. Wins and losses: ref::Game::outcome. Throws SpecError at the test past `max_states`.
  nlohmann::json table(const TestSpec& test, int max_levels, std::size_t max_states = 100000) const;

  /// How feedback names `agent`: Pacman and "ghost N" in a Pacman game, "agent N" elsewhere.
  std::string agent_name(int agent) const;
};

/// Whether the spec's domain `name` is a game (its `type` is game_tree, tic_tac_toe,
/// connect_four or pacman, or rules with `is: game`).
bool is_game_domain(const Assignment& assignment, const std::string& name);

/// The test's `domain:` as a game. Throws SpecError at the offending key (of the test or of the
/// domain's section).
GameDomain game_domain(const Assignment& assignment, const TestSpec& test);

}  // namespace sg
