#include "checkers/python_value.h"

#include <fmt/format.h>

#include <regex>

namespace sg {
namespace {

bool flatten_ints(const nlohmann::json& value, std::vector<int>& out) {
  if (value.is_number_integer()) {
    out.push_back(value.get<int>());
    return true;
  }
  if (value.is_array()) {
    for (const auto& item : value) {
      if (!flatten_ints(item, out)) return false;
    }
    return true;
  }
  return false;
}

std::string quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "'";
}

}  // namespace

std::optional<std::vector<int>> as_int_list(const nlohmann::json& value, std::string* normalised) {
  std::vector<int> values;
  if (value.is_array()) {
    for (const auto& item : value) {
      if (!item.is_number_integer()) return std::nullopt;
      values.push_back(item.get<int>());
    }
    return values;
  }
  if (value.is_object() && value.contains("$tuple") && value["$tuple"].is_array()) {
    for (const auto& item : value["$tuple"]) {
      if (!item.is_number_integer()) return std::nullopt;
      values.push_back(item.get<int>());
    }
    if (normalised) *normalised = "a tuple";
    return values;
  }
  if (value.is_object() && value.contains("$ndarray")) {
    if (!flatten_ints(value["$ndarray"], values)) return std::nullopt;
    if (normalised) *normalised = "a numpy array";
    return values;
  }
  return std::nullopt;
}

std::optional<std::vector<nlohmann::json>> as_sequence(const nlohmann::json& value,
                                                       std::string* normalised) {
  const auto items = [](const nlohmann::json& array) {
    return std::vector<nlohmann::json>(array.begin(), array.end());
  };
  if (value.is_array()) return items(value);
  if (!value.is_object()) return std::nullopt;
  if (value.contains("$tuple") && value["$tuple"].is_array()) {
    if (normalised) *normalised = "a tuple";
    return items(value["$tuple"]);
  }
  if (value.contains("$iterator") && value["$iterator"].is_array()) {
    if (normalised) {
      const std::string type = value.value("type", std::string("iterator"));
      *normalised = type == "generator" ? "a generator" : fmt::format("an iterator ({})", type);
    }
    return items(value["$iterator"]);
  }
  if (value.contains("$ndarray") && value["$ndarray"].is_array()) {
    if (normalised) *normalised = "a numpy array";
    return items(value["$ndarray"]);
  }
  return std::nullopt;
}

std::string python_repr(const nlohmann::json& value) {
  if (value.is_null()) return "None";
  if (value.is_boolean()) return value.get<bool>() ? "True" : "False";
  if (value.is_number()) return value.dump();
  if (value.is_string()) return quote(value.get<std::string>());
  if (value.is_array()) {
    std::vector<std::string> items;
    for (const auto& item : value) items.push_back(python_repr(item));
    return fmt::format("[{}]", fmt::join(items, ", "));
  }
  if (value.contains("$tuple")) {
    std::vector<std::string> items;
    for (const auto& item : value["$tuple"]) items.push_back(python_repr(item));
    return items.size() == 1 ? fmt::format("({},)", items[0])
                             : fmt::format("({})", fmt::join(items, ", "));
  }
  if (value.contains("$ndarray")) return fmt::format("array({})", python_repr(value["$ndarray"]));
  if (value.contains("$set")) {
    std::vector<std::string> items;
    for (const auto& item : value["$set"]) items.push_back(python_repr(item));
    return items.empty() ? "set()" : fmt::format("{{{}}}", fmt::join(items, ", "));
  }
  if (value.contains("$iterator"))
    return fmt::format("<iterator over {}>", python_repr(value["$iterator"]));
  if (value.contains("$int")) return value["$int"].get<std::string>();
  if (value.contains("$repr"))
    return value["$repr"].is_string() ? value["$repr"].get<std::string>() : "<object>";
  if (value.contains("$dict")) {
    std::vector<std::string> items;
    for (const auto& pair : value["$dict"]) {
      if (pair.is_array() && pair.size() == 2)
        items.push_back(python_repr(pair[0]) + ": " + python_repr(pair[1]));
    }
    return fmt::format("{{{}}}", fmt::join(items, ", "));
  }
  std::vector<std::string> items;
  for (const auto& [key, item] : value.items())
    items.push_back(quote(key) + ": " + python_repr(item));
  return fmt::format("{{{}}}", fmt::join(items, ", "));
}

std::string action_text(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : python_repr(value);
}

std::string unwritten_placeholder(const std::string& traceback) {
  // Frames read `  File "multiAgents.py", line 200, in betterEvaluationFunction`.
  static const std::regex frame(R"re(File "[^"]*", line \d+, in (\w+))re");
  std::string caller;
  bool placeholder = false;
  for (auto it = std::sregex_iterator(traceback.begin(), traceback.end(), frame);
       it != std::sregex_iterator(); ++it) {
    if ((*it)[1] == "raiseNotDefined") {
      placeholder = true;
      break;
    }
    caller = (*it)[1];
  }
  if (!placeholder) return "";
  return fmt::format(
      "{} is not written yet: it still calls util.raiseNotDefined(), the handout's "
      "placeholder",
      caller.empty() ? std::string("the function") : caller);
}

nlohmann::json plain_map(const nlohmann::json& value) {
  if (!value.is_object()) return value;
  nlohmann::json plain = nlohmann::json::object();
  if (value.contains("$dict") && value["$dict"].is_array()) {
    for (const auto& pair : value["$dict"])
      if (pair.is_array() && pair.size() == 2 && pair[0].is_string())
        plain[pair[0].get<std::string>()] = plain_map(pair[1]);
    return plain;
  }
  for (const auto& [key, item] : value.items()) plain[key] = plain_map(item);
  return plain;
}

}  // namespace sg
