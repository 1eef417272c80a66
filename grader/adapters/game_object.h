// The object a game function is a method of, as a test's `object:` builds it (CS540's
// TeekoPlayer: made with no arguments, its colour and the opponent's set on attributes, the
// position it is asked about kept on one too, as the handout's game loop keeps its board).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "model/assignment.h"

namespace sg {

/// `object: {class, args, player, opponent, position}`: the student's class, its constructor's
/// arguments (a list), and the attributes that hold the player it plays, the other player and
/// the position (each "" when not set).
struct GameObjectSpec {
  std::string class_name;  ///< Empty: the test has no `object:` (a module function).
  nlohmann::json args = nlohmann::json::array();
  std::string player, opponent, position;
};

/// The test's `object:`, or an empty spec when it has none. Throws SpecError at the offending
/// key (an unknown key, a class or attribute that is not a non-empty string, args not a list).
GameObjectSpec read_game_object(const TestSpec& test);

/// The driver steps that make the object, bound to `bind`, and set its player and opponent
/// attributes (a null value or an unnamed attribute is not set): [new, setattr...].
nlohmann::json game_object_steps(const GameObjectSpec& object, const std::string& bind,
                                 const nlohmann::json& player, const nlohmann::json& opponent);

}  // namespace sg
