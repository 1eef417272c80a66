#include "adapters/game_object.h"

#include <fmt/format.h>

namespace sg {
namespace {

std::string object_string_key(const TestSpec& test, const nlohmann::json& object, const char* key,
                              const std::string& what) {
  if (!object.contains(key)) return "";
  if (!object[key].is_string() || object[key].get<std::string>().empty())
    throw SpecError(location_of(test, std::string("/object/") + key), what);
  return object[key].get<std::string>();
}

}  // namespace

GameObjectSpec read_game_object(const TestSpec& test) {
  GameObjectSpec object;
  if (!test.input.contains("object")) return object;
  const nlohmann::json& value = test.input["object"];
  const SourceLocation where = location_of(test, "/object");
  if (!value.is_object())
    throw SpecError(where,
                    "object: {class: the student's class, player: the attribute that "
                    "holds the player, ...}");
  for (const auto& [key, ignored] : value.items())
    if (key != "class" && key != "args" && key != "player" && key != "opponent" &&
        key != "position")
      throw SpecError(location_of(test, "/object/" + key),
                      fmt::format("object.{}: the keys are class, args, player, opponent and "
                                  "position",
                                  key));
  object.class_name =
      object_string_key(test, value, "class", "object.class: the name of the student's class");
  if (object.class_name.empty())
    throw SpecError(where, "object needs `class:` (the student's class, e.g. TeekoPlayer)");
  if (value.contains("args")) {
    if (!value["args"].is_array())
      throw SpecError(location_of(test, "/object/args"), "object.args: a list of arguments");
    object.args = value["args"];
  }
  const std::string attribute = "an attribute's name";
  object.player = object_string_key(test, value, "player", "object.player: " + attribute);
  object.opponent = object_string_key(test, value, "opponent", "object.opponent: " + attribute);
  object.position = object_string_key(test, value, "position", "object.position: " + attribute);
  return object;
}

nlohmann::json game_object_steps(const GameObjectSpec& object, const std::string& bind,
                                 const nlohmann::json& player, const nlohmann::json& opponent) {
  nlohmann::json steps = nlohmann::json::array(
      {{{"op", "new"}, {"class", object.class_name}, {"args", object.args}, {"bind", bind}}});
  const auto set = [&](const std::string& attribute, const nlohmann::json& value) {
    if (attribute.empty() || value.is_null()) return;
    steps.push_back({{"op", "setattr"}, {"target", bind}, {"attr", attribute}, {"value", value}});
  };
  set(object.player, player);
  set(object.opponent, opponent);
  return steps;
}

}  // namespace sg
