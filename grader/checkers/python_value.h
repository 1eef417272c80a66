// Reading values returned through the Python driver (docs/driver-protocol.md): JSON with tagged
// objects for tuples, numpy arrays, sets and so on. Normalising readers accept what an assignment
// allows (a tuple or a numpy array where a list is expected) and say when they normalised.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sg {

/// A list of ints from a JSON array, {"$tuple": [...]} or {"$ndarray": [...]} (flattened);
/// nullopt if the value is not a flat sequence of integers. `normalised`, if given, receives a
/// note such as "a tuple" when the value was not a plain list.
std::optional<std::vector<int>> as_int_list(const nlohmann::json& value,
                                            std::string* normalised = nullptr);

/// The items of a returned sequence: a JSON array, {"$tuple": [...]}, {"$iterator": [...]} (a
/// generator or other iterator, already consumed by the driver) or {"$ndarray": [...]} (its
/// first axis); nullopt for anything else. `normalised`, if given, receives "a tuple", "a
/// generator", "a numpy array", ... when the value was not a plain list.
std::optional<std::vector<nlohmann::json>> as_sequence(const nlohmann::json& value,
                                                       std::string* normalised = nullptr);

/// A map the driver returned in either encoding ({"$dict": [[key, value], ...]}, string keys, or
/// a plain object) as a plain object, nested maps too; any other value as it is.
nlohmann::json plain_map(const nlohmann::json& value);

/// Python-like rendering of a driver value for feedback: [1, 2], (1, 2), {'state': [...]}, None.
std::string python_repr(const nlohmann::json& value);

/// An action (driver encoding) as the reference names it: a string as it is ("North"), any
/// other value as Python writes it ("(0, 1)": a rules world's move, a tagged tuple).
std::string action_text(const nlohmann::json& value);

/// When a Python traceback ends in the Berkeley handout's `util.raiseNotDefined()` (the
/// placeholder that prints "*** Method not implemented" and exits): "betterEvaluationFunction is
/// not written yet: it still calls util.raiseNotDefined(), the handout's placeholder", naming the
/// function that called it; else "".
std::string unwritten_placeholder(const std::string& traceback);

}  // namespace sg
