#include "spec/test_keys.h"

#include <fmt/format.h>

#include <algorithm>

#include "spec/edit_distance.h"

namespace sg {
namespace {

// "/sample/walks" as feedback writes it: "sample.walks".
std::string dotted(const std::string& pointer) {
  std::string name = pointer.substr(pointer.empty() || pointer[0] != '/' ? 0 : 1);
  std::replace(name.begin(), name.end(), '/', '.');
  return name;
}

const nlohmann::json* value_at(const TestSpec& test, const std::string& pointer) {
  const nlohmann::json::json_pointer at(pointer);
  return test.input.contains(at) ? &test.input.at(at) : nullptr;
}

}  // namespace

SourceLocation location_of(const TestSpec& test, const std::string& pointer) {
  const auto it = test.key_locations.find(pointer);
  return it == test.key_locations.end() ? test.where : it->second;
}

void check_keys(const TestSpec& test, const std::vector<std::string>& allowed) {
  for (const auto& [key, value] : test.input.items()) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      throw SpecError(location_of(test, "/" + key),
                      fmt::format("unknown key '{}' for a {} test{}; allowed: {}", key, test.kind,
                                  did_you_mean(key, allowed), fmt::join(allowed, ", ")));
    }
  }
}

std::string read_word(const TestSpec& test, const std::string& key, const std::string& fallback,
                      const std::vector<std::string>& words) {
  if (!test.input.contains(key)) return fallback;
  const auto& value = test.input[key];
  if (!value.is_string() ||
      std::find(words.begin(), words.end(), value.get<std::string>()) == words.end()) {
    std::string list = words.front();
    for (std::size_t i = 1; i < words.size(); ++i) {
      list += i + 1 == words.size() ? " or " : ", ";
      list += words[i];
    }
    throw SpecError(location_of(test, "/" + key), fmt::format("{} must be {}", key, list));
  }
  return value.get<std::string>();
}

long long read_whole(const TestSpec& test, const std::string& pointer, long long low,
                     long long high, std::optional<long long> fallback) {
  const nlohmann::json* value = value_at(test, pointer);
  if (!value) {
    if (fallback) return *fallback;
    throw SpecError(test.where, fmt::format("a {} test needs `{}:`", test.kind, dotted(pointer)));
  }
  if (!value->is_number_integer() || value->get<long long>() < low ||
      value->get<long long>() > high)
    throw SpecError(location_of(test, pointer),
                    fmt::format("{}: a whole number from {} to {}", dotted(pointer), low, high));
  return value->get<long long>();
}

bool read_flag(const TestSpec& test, const std::string& pointer, bool fallback) {
  const nlohmann::json* value = value_at(test, pointer);
  if (!value) return fallback;
  if (!value->is_boolean())
    throw SpecError(location_of(test, pointer), fmt::format("{}: true or false", dotted(pointer)));
  return value->get<bool>();
}

const nlohmann::json& read_mapping(const TestSpec& test, const std::string& pointer,
                                   const std::vector<std::string>& allowed,
                                   const std::string& shape) {
  const nlohmann::json* value = value_at(test, pointer);
  if (!value || !value->is_object())
    throw SpecError(location_of(test, pointer), fmt::format("{}: {}", dotted(pointer), shape));
  for (const auto& [key, item] : value->items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      throw SpecError(location_of(test, pointer + "/" + key),
                      fmt::format("{}: unknown key `{}` ({}){}", dotted(pointer), key,
                                  fmt::join(allowed, ", "), did_you_mean(key, allowed)));
  return *value;
}

std::string read_name(const TestSpec& test, const std::string& pointer,
                      const std::string& fallback) {
  const nlohmann::json* value = value_at(test, pointer);
  if (!value) return fallback;
  if (!value->is_string() || value->get<std::string>().empty())
    throw SpecError(location_of(test, pointer),
                    fmt::format("{}: a name, e.g. \"{}\"", dotted(pointer), fallback));
  return value->get<std::string>();
}

}  // namespace sg
