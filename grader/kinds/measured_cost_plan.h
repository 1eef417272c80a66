// What a puzzle_function test asks of the grader's measuring agent (Java only:
// grader/drivers/MeasuringAgent.java), as the course's Memory and Timing sections judge a Board
// and a Solver:
//
//   role: memory, bytes_at_most: "4 n^2 + 32 n + 64"        a Board's deep size, n its dimension
//   role: solve,  memory: {bytes_at_most: "(moves + 1) * (4 n^2 + 128) + 1024"}
//                                                           the Solver's after solution()
//   role: solve,  calls: {methods: [hamming, manhattan], computed_per_operation_at_most: 2}
//                                                           with `dequeues:` (the MinPQ's counts)
//
// calls: the methods of the board class (`class`, default the test's receiver) counted while the
// Solver runs; a call that returns a field without reading an array or calling anything is a
// cached value, not a computation (checkers/measured_cost_check.h).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/assignment.h"
#include "spec/size_formula.h"

namespace sg::puzzle_function {

/// A solve test's `calls:`.
struct CallsAsk {
  std::string class_name;
  std::vector<std::string> methods = {"hamming", "manhattan"};
  double per_operation = 2;
};

/// The bound at `pointer` ("/bytes_at_most", "/memory/bytes_at_most"), a formula over
/// `variables`. Throws SpecError (file:line:col) when it is missing or malformed, or when the
/// submission is not Java (only the Java driver has the agent).
SizeFormula read_bytes_bound(const Assignment& assignment, const TestSpec& test,
                             const std::string& pointer, const std::vector<std::string>& variables);

/// The solve test's `memory:` bound over n and moves, or nullopt without one. Throws SpecError.
std::optional<SizeFormula> read_solver_memory(const Assignment& assignment, const TestSpec& test);

/// The test's `calls:`, or nullopt without one; `receiver` is the default class. Throws
/// SpecError naming what was expected (and when `dequeues:` is missing: its counts are the
/// operations).
std::optional<CallsAsk> read_calls_ask(const Assignment& assignment, const TestSpec& test,
                                       const std::string& receiver);

/// The driver step that measures the bound object `target`'s deep size.
nlohmann::json deep_size_step(const std::string& target);
/// The driver step that starts counting `ask`'s methods (after the class is loaded).
nlohmann::json count_calls_step(const CallsAsk& ask);
/// The driver step that reads the counts since count_calls_step.
nlohmann::json call_counts_step();

/// A deep size as the agent returns it (a mutant's value): `by_class` in bytes.
nlohmann::json measured_deep_size(const std::map<std::string, std::uint64_t>& by_class);
/// Call counts as the agent returns them (a mutant's value): each of `ask`'s methods called
/// `calls` times, `computed` of them computing.
nlohmann::json counted_calls(const CallsAsk& ask, std::uint64_t calls, std::uint64_t computed);

}  // namespace sg::puzzle_function
