// Checks what a student's game functions return in a position of a game: a player's value of
// the position (CS540 Teeko's game_value: +1 where this player has won, -1 where the opponent
// has, 0 elsewhere) and a chosen move (Teeko's make_move: legal, in the handout's format, and as
// good as the reference's minimax finds at the depth the spec states), and that either call left
// the position it was given as it was. Values arrive in the
// Python driver's encoding (docs/driver-protocol.md); moves are compared with the rules' own
// action values, tuples and lists alike, and their exact types judged apart (a format).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checkers/puzzle_function_checker.h"  // FunctionCallCheck
#include "reference/game_search.h"

namespace sg {

/// `value` in the driver's encoding with every tuple read as a list (and a numpy array as its
/// nested lists): two moves are the same squares when these are equal.
nlohmann::json as_plain_lists(const nlohmann::json& value);

/// The exact types of a value in the driver's encoding, spelled as the driver's `type_shape`
/// spells a returned value's ("list[tuple[int, int]]"), for the rules' own action.
std::string encoded_type_shape(const nlohmann::json& value);

/// A player's value of a position: passes when `returned` is the number `expected`. `call` names
/// the call ("game_value(board) as 'b'"), `why` says what the position holds ("'r', the
/// opponent, has won with four in a line"), `position` draws it for people.
FunctionCallCheck check_player_value(double expected, const nlohmann::json& returned,
                                     const std::string& call, const std::string& why,
                                     const std::string& position);

/// Where `after` first differs from `before`, both read as plain lists (as_plain_lists): the
/// index path and both values, as "[2][3]: ' ' is now 'b'"; "" when they are equal.
std::string first_changed_item(const nlohmann::json& before, const nlohmann::json& after);

/// A call left the argument it was given as it was: passes when `after` (the argument read back
/// after the call) equals `before`, tuples and lists alike. `what` names the argument ("the
/// board"), `position` draws it as it was given.
FunctionCallCheck check_argument_unchanged(const nlohmann::json& before,
                                           const nlohmann::json& after, const std::string& call,
                                           const std::string& what, const std::string& position);

/// One legal move of the position: its text (the reference's name for it) and its value in the
/// driver's encoding (the rules' own action).
struct LegalMove {
  std::string text;
  nlohmann::json value;
};

/// A returned move judged three ways. `judged` is false when the move is not legal: its format
/// and worth are then not judged (the legal aspect says why), so one mistake costs one aspect.
struct MoveCheck {
  FunctionCallCheck legal;
  FunctionCallCheck format;
  FunctionCallCheck value;
  bool judged = false;
};

/// Judges `returned` (of type `type_shape`, the driver's; "" when not reported: format passes)
/// against the position's `legal` moves and the reference's minimax `run` from the position,
/// `depth` moves deep. Legal: equal to one legal move, tuples and lists alike. Then format: its
/// exact types are that move's in the rules (a numpy integer or a list for a tuple fails only
/// this); and value: the move is one of run.best_actions, else feedback gives its worth, the
/// reply that makes it so, and the best moves.
/// Where the best move wins and the returned one does not at `depth`, `wins_later(move)` is
/// asked whether it forces a win deeper (a deeper-searching player may choose a later win): the
/// move's value there, which passes when it is a win too (with a note), or nullopt.
MoveCheck check_move(
    const std::vector<LegalMove>& legal, const ref::GameSearchRun& run, int depth,
    const nlohmann::json& returned, const std::string& type_shape, const std::string& call,
    const std::string& position,
    const std::function<std::optional<double>(const std::string& move)>& wins_later = nullptr);

}  // namespace sg
