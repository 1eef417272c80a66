// game_function: calls a student's function of a game on positions of a game the spec's
// `domains` give as a rules file (`type: rules`, `is: game`; domains/rules_world.h) and judges
// each answer against the rules and the reference's minimax (checkers/game_function_checker.h):
// a player's value of the position (CS540 Teeko's game_value) or the move the player chooses
// there (Teeko's make_move). Positions of a game too large to explore whole are explored on
// demand, each as deep as its judgement needs.
//
// Spec keys:
//   domain:    a rules game of the spec's `domains`                              (required)
//   role:      value (the player's value: the rules' utility(state, player) where the game is
//              over, else 0) | move (the player to move chooses a move)         (required)
//   function:  the function's name; a method of `object` when it is given       (required)
//   object:    {class, args, player, opponent, position}: the call is a method of a new
//              `class(*args)` whose attribute `player` is set to the player asked as (the
//              mover, for a move), `opponent` to the other of `players`, and `position` to the
//              argument too (a player that reads its own board)
//   argument:  the rules world's method that turns a state into what the function receives
//              (Teeko's `board`: the 5 x 5 list of lists); default the state itself
//   players:   the players a value is asked as (default each position's mover); with
//              `object.opponent`, the game's two players
//   positions: the rules' states, lists written for tuples                       (required)
//   depth:     move: how many moves deep the reference's minimax judges the move's worth
//              (default 1: a move that wins at once when one can; 2 also blocks the opponent's);
//              where the best move wins, a move that forces a win 2 moves deeper passes too (a
//              player that searches deeper may take the later win), with a note
// Aspects: value (every value right; every legal move as good as the best), legal (every move
// legal), format (every move written with the rules' own types: a list of tuples of ints, not
// numpy integers or lists), unchanged (every call left the argument it was handed as it was: the
// driver binds it, passes it by reference and reads it back; feedback names the first square
// that changed).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class GameFunctionKind : public TestKind {
 public:
  std::string_view name() const override { return "game_function"; }
  std::vector<std::string> aspects() const override {
    return {"value", "legal", "format", "unchanged"};
  }
  std::vector<std::string> judged_aspects(const Assignment& assignment,
                                          const TestSpec& test) const override;
  std::vector<std::string> keys() const override {
    return {"domain", "role", "function", "object", "argument", "players", "positions", "depth"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: for a value, the perspective swapped (the opponent's win read as the player's)
  /// and a function that never sees a win; for a move, the first legal move whatever it is
  /// worth (a player that does not search) and, where the rules write moves as lists, the right
  /// squares written as a tuple (format).
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
