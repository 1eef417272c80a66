// For tests that check the reference against the same algorithm written in Python: runs a
// program under the installed /usr/bin/python3 with one argument (JSON text) and reads what it
// prints as JSON. Header-only, tests only.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace sg::ref::test_util {

/// CS540's N-Queens with a static queen in Python, as its handout words them: succ (sorted; none
/// where the static square holds no queen) and f (the queens attacked, each once), after the
/// imports the checking programs use.
inline const std::string kStaticQueensPython = R"py(
import bisect, json, math, random, sys
def succ(state, sx, sy):
    if state[sx] != sy:
        return []
    out = []
    for col in range(len(state)):
        if col == sx:
            continue
        for step in (-1, 1):
            row = state[col] + step
            if 0 <= row < len(state):
                s = list(state); s[col] = row; out.append(s)
    return sorted(out)
def f(state):
    n = len(state); count = 0
    for a in range(n):
        for b in range(n):
            if a != b and (state[a] == state[b] or abs(state[a] - state[b]) == abs(a - b)):
                count += 1
                break
    return count
)py";

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
