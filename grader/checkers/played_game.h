// A game the student's agent played in its own process (the Python driver's `play` op:
// docs/driver-protocol.md), replayed by the reference's rules: every move of the student's
// agent must be legal where it was made, every opponent's move must be the one its seeded draw
// picks (checkers/opponent_move.h: a random player or Berkeley's directional ghost, re-derived
// with ref::PythonRandom), and the outcome and score are the reference's, never the process's
// own. A record that disagrees is the grader's fault (the driver and the reference
// differ), never the student's.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "checkers/opponent_move.h"
#include "reference/game.h"

namespace sg {

/// What the driver's `play` op recorded of one game, with the settings it was played under.
struct PlayedGame {
  std::int64_t seed = 0;      ///< The opponents' (and the student's shared `random`'s) seed.
  int player = 0;             ///< The agent the student plays.
  std::size_t max_moves = 0;  ///< All agents' moves before the game is called a draw.
  OpponentPolicy opponent = OpponentPolicy::random;  ///< How every other agent chose.
  int opponent_depth = 0;                            ///< A searching opponent's depth in moves.
  std::vector<std::pair<int, std::string>> moves;    ///< (agent, action text), in play order.
  std::vector<double> seconds;  ///< CPU seconds of each of the student's moves.
  /// How the process says it ended: over, move_cap, raised, illegal, timeout, game_timeout.
  std::string end;
  nlohmann::json detail;  ///< The error or the illegal move, as the driver gave it.
};

/// The `play` op's value read with the settings of its step. An action's text is the string
/// itself or, for any other value, its Python repr (a rules game's tuples). Throws
/// std::runtime_error (a grader fault) for a value of another shape.
PlayedGame read_played_game(const nlohmann::json& value, std::int64_t seed, int player,
                            std::size_t max_moves);

/// How a game ended, for the student's agent.
enum class GameEnd { won, lost, drawn, move_cap, illegal_move, raised, timed_out };

/// "won", "lost", "drawn", "move cap", "illegal move", "raised", "timed out".
std::string to_string(GameEnd end);

/// One game's result by the reference's rules.
struct GameResult {
  GameEnd end = GameEnd::drawn;
  /// The student's score where the game stopped: ref::Game::evaluate (agent 0's), negated
  /// for another agent (two players, zero-sum); 0 where the game gives none.
  double score = 0;
  std::size_t moves = 0;            ///< Moves of all agents played.
  double slowest_move = 0;          ///< CPU seconds of the student's slowest move.
  std::size_t slowest_move_at = 0;  ///< Its number among all moves (1-based); 0 with none.
  ref::State final_state;           ///< Where the game stopped.
  /// timed_out on the game's CPU time in all (the test's game_seconds), not one move's.
  bool game_time_out = false;
  /// For an illegal move: the move, the state and the legal moves; for an error: its type,
  /// message and traceback; else empty.
  std::string detail;
};

/// Replays `played` on `game` from its initial state, agents moving in turn from agent 0. Throws
/// std::logic_error naming the move (a grader fault) when a recorded move is not legal, an
/// opponent's move is not its seeded draw, or the record's end contradicts the rules (a game
/// said over that is not, a move cap before `max_moves`).
GameResult replay_played_game(const ref::Game& game, const PlayedGame& played);

}  // namespace sg
