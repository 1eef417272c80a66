// How a played game's opponents choose their moves, as the Python driver's `play` op draws them
// (docs/driver-protocol.md) and the grader re-derives them from the same seed: a random player
// (Python's random.Random(seed).choice over the legal moves) or, in Pacman, Berkeley's
// DirectionalGhost (ghostAgents.py: toward Pacman with probability 0.8, away when scared).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/game.h"
#include "reference/python_random.h"

namespace sg {

enum class OpponentPolicy { random, directional };

/// "random" or "directional"; nullopt for another name.
std::optional<OpponentPolicy> opponent_policy(std::string_view name);

/// "random", "directional".
std::string to_string(OpponentPolicy policy);

/// The index in `legal` (moves(state, agent) of `game`) of the move `agent` makes under
/// `policy`, drawn from `rng`: random, rng.choice(legal); directional, the distribution of
/// ref::PacmanGame::directional_ghost sampled as Berkeley's util.sample samples a Counter (the
/// moves sorted by name, one rng.random() walked along their running total). Throws
/// std::invalid_argument for directional on a game that is not Pacman, or no legal move.
std::size_t opponent_move(const ref::Game& game, const ref::State& state, int agent,
                          const std::vector<ref::GameMove>& legal, OpponentPolicy policy,
                          ref::PythonRandom& rng);

}  // namespace sg
