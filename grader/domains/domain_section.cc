#include "domains/domain_section.h"

#include <fmt/format.h>

#include <algorithm>

#include "spec/edit_distance.h"

namespace sg {

void fail_at(const SpecSection& section, const std::string& pointer, const std::string& message) {
  const auto found = section.key_locations.find(pointer);
  throw SpecError(found == section.key_locations.end() ? section.where : found->second, message);
}

void only_keys(const SpecSection& section, const std::string& what,
               const std::vector<std::string>& allowed) {
  for (const auto& [key, value] : section.value.items()) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      fail_at(section, "/" + key,
              fmt::format("unknown key '{}' in {}{}; allowed: {}", key, what,
                          did_you_mean(key, allowed), fmt::join(allowed, ", ")));
  }
}

std::optional<std::string> name_in_spec(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  return std::nullopt;
}

}  // namespace sg
