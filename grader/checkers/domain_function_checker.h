// Checks a problem formulation's own functions on any domain (a graph, a grid maze, a board):
// `actions(state)` must return the domain's actions from the state, in the domain's order, and
// `result(state, action)` the state the action leads to, leaving its argument unchanged. The
// AIMA Problem's actions and result, as a course's "write the maze's actions and result" asks
// them; the sliding-tile helpers with their classic mistakes are
// checkers/puzzle_function_checker.h.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checkers/puzzle_function_checker.h"
#include "reference/problem.h"

namespace sg {

/// How a domain's states travel to and from the submission (domains/search_domain.h gives them:
/// a node's name, a cell's pair, a board's list, in the driver's encoding).
struct StateValues {
  std::function<std::optional<ref::State>(const nlohmann::json&)> read;  ///< nullopt: no state
  std::function<nlohmann::json(const ref::State&)> write;
  std::string domain_name;  ///< For feedback: "no state of 'maze'".
};

/// `call` returned `observed` (any iterable of names; a generator or an array is noted and read
/// as a list) where the domain's actions from the state are `expected`, in that order.
FunctionCallCheck check_domain_actions(const std::vector<std::string>& expected,
                                       const nlohmann::json& observed, const std::string& call);

/// `call` returned `observed`, which must be the domain's state `expected` (read as the domain
/// reads a returned state: a node's name, a cell's pair, a board's list).
FunctionCallCheck check_domain_result(const StateValues& states, const ref::State& expected,
                                      const nlohmann::json& observed, const std::string& call);

/// The state passed to `call` must read as `before` once the call returned (`after`: the
/// driver's reading of the same object).
FunctionCallCheck check_domain_unchanged(const StateValues& states, const ref::State& before,
                                         const nlohmann::json& after, const std::string& call);

/// `call` returned `observed`, which must be True exactly when the state is a goal (`expected`);
/// 0 and 1 read as False and True, with a note.
FunctionCallCheck check_goal_test(bool expected, const nlohmann::json& observed,
                                  const std::string& call);

/// `call` returned `observed`, which must be the number `expected` (within 1e-9; an int and a
/// float of the same value are equal). `wording` names the heuristic in feedback ("Manhattan
/// distance").
FunctionCallCheck check_heuristic_value(double expected, const nlohmann::json& observed,
                                        const std::string& call, const std::string& wording);

}  // namespace sg
