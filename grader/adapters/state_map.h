// The function adapter of a function called on every state of a space (heuristic tests): the
// test's `call:` words, `state` each state in turn and the others (goal, graph, maze, a number)
// bound once as a `search` test passes them, many states per round trip (the driver's `map` op,
// docs/driver-protocol.md); and the values read back in the states' order.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "adapters/driver_client.h"
#include "adapters/search_adapter.h"
#include "domains/search_domain.h"
#include "model/assignment.h"

namespace sg {

/// The driver's steps: a `let` per fixed word, then `map` steps of up to 10,000 states each.
nlohmann::json state_map_steps(const Assignment& assignment, const TestSpec& test,
                               const CallWords& call, const SearchDomain& domain,
                               const std::vector<ref::State>& states);

/// How many steps state_map_steps makes for `states` states.
std::size_t state_map_step_count(const CallWords& call, std::size_t states);

/// "h(state) on every state": the call as feedback names it.
std::string state_map_text(const CallWords& call);

/// "h([1, 2, 0, ...])": the call on one state, as feedback names it.
std::string state_call_text(const CallWords& call, const SearchDomain& domain,
                            const ref::State& state);

/// What the calls returned, one value per state in order; or why they stopped (the first call
/// that raised, named with its state).
struct MappedValues {
  std::vector<nlohmann::json> values;
  std::optional<EarlyStop> failure;
};

/// Reads `transcript` (a run of state_map_steps over `states`). Throws std::runtime_error (a
/// grader fault) when the driver returned another number of values than states.
MappedValues read_state_map(const CallWords& call, const DriverTranscript& transcript,
                            const SearchDomain& domain, const std::vector<ref::State>& states,
                            const std::string& module_file);

}  // namespace sg
