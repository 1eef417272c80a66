// For tests that check the reference against the same algorithm written in Python: runs a
// program under the installed /usr/bin/python3 with one argument (JSON text) and reads what it
// prints as JSON. Header-only, tests only.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace sg::ref::test_util {

/// What `program` prints for `argument`, parsed as JSON (a discarded value when it is not
/// JSON: the test then shows the text). Neither may contain a single quote.
inline nlohmann::json run_python_json(const std::string& program, const nlohmann::json& argument,
                                      std::string* printed = nullptr) {
  const std::string command = "/usr/bin/python3 -c '" + program + "' '" + argument.dump() + "'";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return nlohmann::json::value_t::discarded;
  std::string text;
  char buffer[4096];
  while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, pipe))
    text.append(buffer, got);
  ::pclose(pipe);
  if (printed != nullptr) *printed = text;
  return nlohmann::json::parse(text, nullptr, false);
}

}  // namespace sg::ref::test_util
