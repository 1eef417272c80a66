// Checks what a depthLimitedSearch / iterativeDeepeningSearch call returned against the
// reference's result (reference/depth_limited_search.h): the string 'cutoff' or 'failure'
// (compared case-insensitively, as the course's grader does), or a solution path. A path is
// judged in the domain's terms rather than compared byte for byte: it must start right (with the
// start state for iterative deepening, with a successor of it for depth-limited search, whose
// path omits the start), end at the goal, take single legal steps, and be as short as the
// reference's (iterative deepening) or within the depth limit (depth-limited search). A
// different path that meets all that is accepted with a note. States may come back as lists,
// tuples or numpy arrays; the check says when it normalised.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"

namespace sg {

/// How to read and judge states of one domain. States are canonical JSON values: a string for
/// an explicit graph's node, a list of ints for a sliding-tile board.
struct SearchDomainRules {
  /// The canonical state for a returned value, or nullopt if it is not a state of the domain;
  /// sets `normalised` (e.g. "a tuple") when the value had to be converted.
  std::function<std::optional<nlohmann::json>(const nlohmann::json& value, std::string& normalised)>
      read_state;
  /// Empty if `to` is one legal step from `from`, else why not (e.g. "z has no edge to a").
  std::function<std::string(const nlohmann::json& from, const nlohmann::json& to)> step_problem;
  /// How feedback shows a state: 'a', [1, 2, 3, ...].
  std::function<std::string(const nlohmann::json& state)> render;
};

/// The reference's answer for one call.
struct ExpectedSearchResult {
  enum class Outcome { path, cutoff, failure };
  Outcome outcome = Outcome::failure;
  std::vector<nlohmann::json> path;  ///< As the function must return it (with or without start).
  nlohmann::json start;
  nlohmann::json goal;
  bool includes_start = true;  ///< iterativeDeepeningSearch: true; depthLimitedSearch: false.
  int limit = 0;               ///< The call's maxDepth or depthLimit.
  std::string function;        ///< For feedback, e.g. "iterativeDeepeningSearch".
};

struct SearchResultCheck {
  AspectOutcome result;            ///< Aspect "result".
  std::vector<std::string> notes;  ///< Normalisations, another valid path, ...
  std::string expected_text;       ///< The reference's answer, for the report.
};

/// Judges `observed` (the driver's encoding of the return value) against `expected`.
SearchResultCheck check_search_result(const ExpectedSearchResult& expected,
                                      const SearchDomainRules& rules,
                                      const nlohmann::json& observed);

/// Python repr of the reference's answer: 'cutoff', 'failure' or the path as a list.
std::string render_expected(const ExpectedSearchResult& expected, const SearchDomainRules& rules);

}  // namespace sg
