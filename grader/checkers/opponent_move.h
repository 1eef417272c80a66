// How a played game's opponents choose their moves, as the Python driver's `play` op draws them
// (docs/driver-protocol.md) and the grader re-derives them from the same seed: a random player
// (Python's random.Random(seed).choice over the legal moves), in Pacman Berkeley's
// DirectionalGhost (ghostAgents.py: toward Pacman with probability 0.8, away when scared), or in
// a two-player game the reference's game-tree search: minimax (tic-tac-toe: a correct minimax agent
// never loses), alpha-beta (the same move, fewer states searched) or expectimax (the student's
// moves taken as uniformly random: it plays for the mistakes a random player would make).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/game.h"
#include "reference/game_search.h"
#include "reference/python_random.h"

namespace sg {

enum class OpponentPolicy { random, directional, minimax, alpha_beta, expectimax };

/// "random", "directional", "minimax", "alpha_beta" or "expectimax"; nullopt for another name.
std::optional<OpponentPolicy> opponent_policy(std::string_view name);

/// "random", "directional", "minimax", "alpha_beta", "expectimax".
std::string to_string(OpponentPolicy policy);

/// The reference's game-tree search an opponent plays by (minimax, alpha_beta, expectimax);
/// nullopt for random and directional, which search nothing.
std::optional<ref::GameAlgorithm> searching(OpponentPolicy policy);

/// The move `agent` makes in `state` of a two-player game searching as the reference's
/// `algorithm` does (reference/game_search.h), `depth` moves deep (both players' moves counted),
/// for its own side: the game's score (agent 0's, negated for agent 1) maximised by `agent`;
/// the other player minimises it (minimax, alpha-beta: the same move) or is a chance node
/// averaging over its moves (expectimax); the first of the best moves in the game's order. An
/// index into game.moves(state, agent). Throws std::invalid_argument for a game of more than two
/// agents or a state with no move.
std::size_t searched_move(const ref::Game& game, const ref::State& state, int agent, int depth,
                          ref::GameAlgorithm algorithm = ref::GameAlgorithm::minimax);

/// searched_move of `agent` in every state reachable from the initial state where it moves
/// (agents in turn), by the state: what the driver's opponent plays. Throws
/// std::invalid_argument past `max_states` reachable states.
std::map<ref::State, std::string> searched_policy(
    const ref::Game& game, int agent, int depth,
    ref::GameAlgorithm algorithm = ref::GameAlgorithm::minimax, std::size_t max_states = 100000);

/// The index in `legal` (moves(state, agent) of `game`) of the move `agent` makes under
/// `policy`, drawn from `rng`: random, rng.choice(legal); directional, the distribution of
/// ref::PacmanGame::directional_ghost sampled as Berkeley's util.sample samples a Counter (the
/// moves sorted by name, one rng.random() walked along their running total); minimax,
/// alpha_beta, expectimax: searched_move at `depth` (no draw). Throws std::invalid_argument for
/// directional on a game that is not Pacman, or no legal move.
std::size_t opponent_move(const ref::Game& game, const ref::State& state, int agent,
                          const std::vector<ref::GameMove>& legal, OpponentPolicy policy,
                          ref::PythonRandom& rng, int depth = 0);

}  // namespace sg
