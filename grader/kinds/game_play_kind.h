// game_play: the student's agent plays whole games against set opponents, and is judged by how
// they end (the Berkeley multi-agent project's reflex agent and better evaluation function;
// CS540's game AIs against a random player). The games run in the student's process (the
// Python driver's `play` op: one import, the agent built once and asked for each of its moves,
// every other agent a random player seeded per game), and the grader replays each by the
// reference's rules (checkers/played_game.h): an illegal move, an error or a move over its
// CPU time ends that game with its verdict and never the others; a regrade plays the same games.
//
// Spec keys: domain (a game of `domains`: a Pacman layout, the student's agent Pacman; or a
// rules game, `type: rules` with `is: game`, two players moving in turn, replayed along each
// game's moves as the rules' own process explores them); agent (the Berkeley agent class the
// student writes, e.g. ReflexAgent, asked getAction(state)) and agent_args (its keyword
// arguments, e.g. {depth: "2", evalFn: better}); or object (as game_function's: a new one for
// each game, e.g. {class: TeekoPlayer, player: my_piece, opponent: opp, position: board}) with
// function (its method that chooses a move, e.g. make_move), argument (the rules' method giving
// what it is handed, e.g. board), players (the two in turn order, as the object holds them) and
// plays (the one the student plays, default the first); games (1 to 100, default 10) and seed (the
// first game's seed, default 1: game k is seeded seed + k - 1); opponent (`random`: uniform among
// its legal moves; `directional`: Berkeley's DirectionalGhost, Pacman only; `minimax`,
// `alpha_beta` (the same move) or `expectimax` (the student taken as random): the reference's
// search opponent_depth moves deep, in a two-player game explored whole (tic_tac_toe,
// connect_four, game_tree), handed to the student's agent as game_search's table GameState);
// max_moves (all agents' moves before a game is called a draw, default 1000); move_seconds (CPU
// seconds per move, default 5); game_seconds (CPU seconds of the student's moves in one game,
// default none: the test's limits hold all its games); wins (1 to 4 increasing counts) and
// average_score (1 to 4 increasing scores): the tiers. Aspects: completed (no game ended by a
// timeout, an illegal move or an error); in_time (no game ended by a move over move_seconds or
// moves over game_seconds: CS540's "each move within 5 s", apart from the games' results);
// unbeaten (every game completed and none lost: tic-tac-toe
// against minimax, where a correct agent draws); wins_1 .. wins_4 and score_1 .. score_4 (the tiers
// met, credited only when every game completed, as the project gives no points when a game timed
// out).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class GamePlayKind : public TestKind {
 public:
  std::string_view name() const override { return "game_play"; }
  std::vector<std::string> aspects() const override {
    return {"completed", "in_time", "unbeaten", "wins_1",  "wins_2", "wins_3",
            "wins_4",    "score_1", "score_2",  "score_3", "score_4"};
  }
  std::vector<std::string> keys() const override {
    return {"domain",    "agent",        "agent_args",   "object", "function",     "argument",
            "players",   "plays",        "games",        "seed",   "opponent",     "opponent_depth",
            "max_moves", "move_seconds", "game_seconds", "wins",   "average_score"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: an agent that picks uniformly at random among its legal moves, and one that
  /// never moves (Stop where it may, else its first legal move; in a game without Stop
  /// named for what it is, always its first legal move), played by the reference against the same
  /// seeded opponents (a rules game's by the rules' own process along the way).
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
