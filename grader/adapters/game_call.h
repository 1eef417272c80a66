// The function adapter of `game_search` tests (`language: python`): a Berkeley agent class built
// with the depth and asked getAction(game), or a module function called with the test's words
// (`game`, `depth`, numbers), handed the game as a Berkeley-style GameState (the Python driver's
// `$fn: game_state`, which records every generateSuccessor call); and how what it returned and
// generated is read back. The program adapter of the same tests is adapters/game_program.h.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "adapters/driver_client.h"
#include "adapters/search_adapter.h"
#include "domains/game_domain.h"
#include "model/assignment.h"

namespace sg {

/// How the test reaches the student's search: `agent:` or `call:`, and what it returns.
struct GameCall {
  std::string agent;              ///< A Berkeley agent class, or empty.
  std::optional<CallWords> call;  ///< Else a function call.
  /// `returns:`: "action" (an agent's, and the default), "value", "value_action" or
  /// "action_value".
  std::string returns = "action";
};

/// The test's `agent:` or `call:` (exactly one) and `returns:`. Throws SpecError at the key.
GameCall read_game_call(const TestSpec& test);

/// The call as feedback shows it: "AlphaBetaAgent(depth='2').getAction(<aima>)",
/// "minimax(<aima>, 2)".
std::string game_call_text(const GameCall& call, const std::string& domain_name, int depth);

/// The driver's steps: bind the game (`game_table`, the domain's table within the levels the
/// search reaches), make the agent, call, then read the states generated.
nlohmann::json game_call_steps(const GameCall& call, nlohmann::json game_table, int depth);

/// How many steps game_call_steps makes (each named by the call in feedback).
std::size_t game_call_step_count(const GameCall& call);

/// What the call answered, read from the driver's run of game_call_steps.
struct GameCallAnswer {
  std::optional<std::string> action;  ///< When it returned one as text.
  std::optional<double> value;        ///< When it returned one as a number.
  std::vector<ref::State> generated;  ///< The states generateSuccessor made, in order.
  /// The call raised: why, with the states it had generated (step_failure's feedback).
  std::optional<EarlyStop> failure;
  std::string observed;  ///< "returned ('West', 3); generated 8 state(s)".
  bool printed = false;  ///< The call wrote to stdout.
};

/// Reads `transcript` (a run of game_call_steps); `call_text` and `module_file` name the call
/// and the submission in feedback.
GameCallAnswer read_game_answer(const GameCall& call, const DriverTranscript& transcript,
                                const std::string& call_text, const std::string& module_file);

}  // namespace sg
