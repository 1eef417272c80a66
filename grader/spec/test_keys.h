// Reading a test's own keys (its kind's: `limit`, `sample`, `exact_path`, ...) with errors that
// name the key's file:line:col and what was expected. Every kind reads through these, so a wrong
// value reads the same way whatever the kind: "sample.walks: a whole number from 1 to 10000".
// Keys are JSON pointers into the test's input ("/sample/walks"); feedback writes them dotted.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/assignment.h"

namespace sg {

/// Where the spec gives `pointer` ("/limit", "/checks/2/solution"), or the test's own place.
SourceLocation location_of(const TestSpec& test, const std::string& pointer);

/// Throws SpecError at the test if it has keys outside `allowed` (with a did-you-mean).
void check_keys(const TestSpec& test, const std::vector<std::string>& allowed);

/// The test's `key`, one of `words` (`fallback` when absent). Throws SpecError at the key
/// naming the words ("max_queue_line must be optional, required or forbidden").
std::string read_word(const TestSpec& test, const std::string& key, const std::string& fallback,
                      const std::vector<std::string>& words);

/// The whole number at `pointer`, from `low` to `high`; `fallback` when absent, or SpecError
/// ("a heuristic test needs `max_states:`") when there is none. Throws SpecError at the key
/// otherwise ("sample.walks: a whole number from 1 to 10000").
long long read_whole(const TestSpec& test, const std::string& pointer, long long low,
                     long long high, std::optional<long long> fallback = std::nullopt);

/// true or false at `pointer`; `fallback` when absent. Throws SpecError at the key otherwise.
bool read_flag(const TestSpec& test, const std::string& pointer, bool fallback);

/// The mapping at `pointer`, whose keys must be among `allowed`. Throws SpecError at the key:
/// "`shape`" when it is no mapping (e.g. "sample: {walks: N, max_length: L, seed: S}"), or
/// "sample: unknown key `steps` (walks, max_length, seed)".
const nlohmann::json& read_mapping(const TestSpec& test, const std::string& pointer,
                                   const std::vector<std::string>& allowed,
                                   const std::string& shape);

/// The text at `pointer` (a non-empty string), or `fallback` when absent: a function's or a
/// class's name. Throws SpecError at the key when it is not text.
std::string read_name(const TestSpec& test, const std::string& pointer,
                      const std::string& fallback);

}  // namespace sg
