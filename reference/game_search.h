// Game-tree search: minimax, alpha-beta and expectimax for any number of agents, with the
// policies assignments differ in (and students' mistakes) named, as the Berkeley multi-agent
// project states them:
//
//   value(s, agent, depth):
//     if s is terminal or depth == 0: return evaluate(s)             (a cutoff)
//     moves <- the agent's legal moves in s; none: return evaluate(s)
//     for each move, in the domain's order: generate its state (recorded), then its value with
//       the next agent ((agent + 1) mod n) and the depth one less when a ply ends
//     agent 0 takes the maximum; the others the minimum (minimax, alpha-beta) or the average
//       over their moves (expectimax: uniform, or the moves' stated probabilities)
//   alpha-beta: a max node returns as soon as v > beta, a min node as soon as v < alpha
//     (strict: the Berkeley project's rule; on_equality also prunes when they are equal);
//     moves are never reordered
//   the root (agent 0 at initial_state) is a max node that keeps the best action: the first
//     (or last) among equal values
//
// A ply is one move of every agent (per_ply: depth 2 with three agents is six levels) or one
// move (per_move). Every run records each state generated, in order, with the agent that moved,
// its parent and the value the search computed for it (a bound where alpha-beta pruned below
// it). This file has no I/O and knows nothing of grading.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/game.h"

namespace sg::ref {

enum class GameAlgorithm { minimax, alpha_beta, expectimax };

/// "minimax", "alpha_beta", "expectimax".
std::string_view to_string(GameAlgorithm algorithm);
std::optional<GameAlgorithm> parse_game_algorithm(std::string_view name);

/// What one unit of depth is.
enum class DepthUnit {
  per_ply,   ///< Every agent moves once (Berkeley's self.depth).
  per_move,  ///< One agent moves.
};

/// When alpha-beta prunes.
enum class PruneRule {
  strict,       ///< v > beta (max), v < alpha (min): the Berkeley project's rule.
  on_equality,  ///< v >= beta, v <= alpha: prunes one node too many there.
};

/// Which root action is chosen among equal values.
enum class RootTie { first, last };

struct GameSearchOptions {
  GameAlgorithm algorithm = GameAlgorithm::minimax;
  int depth = 1;  ///< In `unit`s; >= 1.
  DepthUnit unit = DepthUnit::per_ply;
  PruneRule prune = PruneRule::strict;
  RootTie root_tie = RootTie::first;
  /// > 0: the search believes the game has this many agents (2: every opponent treated as
  /// one, a student's mistake); 0: the game's own count.
  int agents_seen = 0;
  /// Expectimax's chance agents take the minimum instead of the average (a student's mistake).
  bool chance_takes_minimum = false;
  /// per_ply: the depth drops when agent 0 moves rather than when the last agent has, so the
  /// last ply stops before the opponents move (Berkeley's "partial ply" mistake).
  bool ply_ends_after_agent_0 = false;
};

/// One state the search generated.
struct GeneratedState {
  State state;
  int agent = 0;               ///< The agent that moved to it.
  std::string action;          ///< The move's name.
  std::size_t parent = kRoot;  ///< Index of the state it was generated from, or kRoot.
  double value = 0.0;          ///< The value the search computed for it.
  static constexpr std::size_t kRoot = static_cast<std::size_t>(-1);
};

struct GameSearchRun {
  double value = 0.0;                 ///< The root's value.
  std::optional<std::string> action;  ///< The chosen root action (none: no legal move).
  /// Every root action of the root's value, in the domain's order (from minimax values for
  /// alpha-beta, whose other root values may be bounds).
  std::vector<std::string> best_actions;
  std::vector<GeneratedState> generated;  ///< In the order generated.
  std::size_t evaluations = 0;            ///< Calls of evaluate (cutoffs, ends of the game).
};

/// Runs the search from game.initial_state(). Throws std::invalid_argument for depth < 1, and
/// what game.evaluate throws for a state it has no score for.
GameSearchRun game_search(const Game& game, const GameSearchOptions& options);

}  // namespace sg::ref
