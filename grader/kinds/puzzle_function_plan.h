// The calls a puzzle_function test makes, planned from the spec before the run and judged after
// it (kinds/puzzle_function_kind.h): shared by the kind and the board-object roles
// (kinds/board_object_calls.h), which call a Board's methods and a Solver through the driver.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checkers/puzzle_function_checker.h"

namespace sg {
namespace puzzle_function {

enum class Role {
  find_blank,
  actions,
  take_action,
  goal_test,
  heuristic,
  neighbors,
  // A board object's own methods (Princeton's Board and Solver): board_object_calls.h.
  dimension,
  twin,
  equals,
  to_string,
  immutable,
  solve,
  rejects_null,
  tile_at,
  solvable,
  memory
};

using Judge = std::function<FunctionCallCheck(const nlohmann::json& returned)>;

/// One call of the function under test, with what judges it.
struct Call {
  std::string text;                   ///< "takeActionF_8p([1, 2, ...], 'up')"
  nlohmann::json state;               ///< the state passed, in the driver's encoding
  std::optional<std::string> action;  ///< take_action only
  Judge judge;                        ///< the returned value
  Judge unchanged;                    ///< take_action: the state passed, read after the call
  std::string expected;               ///< what a correct function returns, as feedback shows it
  /// What a function with a classic slip returns here (mutant id -> value, driver encoding);
  /// mutates_input's is the right board, which it also leaves in the state passed.
  std::map<std::string, nlohmann::json> slips = {};
  /// A call of several driver steps of its own (a board object's roles); null: the role's.
  nlohmann::json steps = nullptr;
  /// The steps whose values the judge reads: one with an empty key hands over its value, else
  /// an object of each key's value ({"moves": ..., "solution": ...}).
  std::vector<std::pair<std::string, std::size_t>> judged = {};
  /// The last step must throw: the judge reads {"raised": type or null, "message"}.
  bool expects_error = false;
  /// The test's further aspects this call is judged on, each by a judge of the same returned
  /// value (to_string's format, solve's dequeues); the first failure of each is kept.
  std::vector<std::pair<std::string, Judge>> aspect_judges = {};
  /// The further aspects judge a right answer only (solve's dequeues): a call whose value is
  /// wrong leaves them to the test's other calls (a call that threw fails the test as a whole).
  bool further_need_answer = false;
  /// Steps the grader adds (a counting class's reset, the measuring agent's): their failure is
  /// the spec's or the grader's fault, not the student's.
  std::vector<std::size_t> grader_steps = {};
  /// What the failure of a grader step most likely means, for its grader_error feedback.
  std::string grader_step_problem = "the spec's support files lack the class it counts with";
};

struct Plan {
  Role role = Role::find_blank;
  std::string function;
  /// With `receiver`: each call is a method of an object built from the state (Princeton's
  /// `new Board(tiles).manhattan()`), not a function of the state.
  std::string receiver;
  std::vector<Call> calls;
};

}  // namespace puzzle_function
}  // namespace sg
