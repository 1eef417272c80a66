// Checks the sliding-tile helper functions an assignment asks for (A2's findBlank_8p,
// actionsF_8p and takeActionF_8p) against the reference puzzle, one call at a time. Values are
// compared as the assignment allows (a tuple or a list for a (row, column) pair, any iterable of
// action names, a numpy array for a state), with a note when they were normalised; feedback
// names the classic mistakes (left and right mirrored, actions in the wrong order, the input
// state modified in place).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// One judged call: passed or why not, and any normalisation notes.
struct FunctionCallCheck {
  bool passed = false;
  std::string feedback;
  std::vector<std::string> notes;
};

/// "['left', 'up']": names as Python prints a list of strings.
std::string quoted_names(const std::vector<std::string>& names);

/// "findBlank_8p" of "findBlank_8p([1, 2, ...])": notes name the function, so they read the
/// same for every call of a test.
std::string function_part(const std::string& call);

/// The action names `call` returned (any iterable of strings; a generator or an array is noted
/// in `check` and read as a list), or nullopt with `check.feedback` saying `expected` was
/// wanted when it returned anything else.
std::optional<std::vector<std::string>> returned_names(const nlohmann::json& observed,
                                                       const std::vector<std::string>& expected,
                                                       const std::string& call,
                                                       FunctionCallCheck& check);

/// Judges a returned list of action names against `expected`, in order: passes when equal; else
/// "`CALL` returned ['a'], expected ['a', 'b']: WHY", WHY from `explain(got)` (the actions'
/// order, what is missing, a classic mistake). Shared by the board's and the domain's actions.
FunctionCallCheck check_action_names(
    const std::vector<std::string>& expected, const nlohmann::json& observed,
    const std::string& call,
    const std::function<std::string(const std::vector<std::string>& got)>& explain);

/// Action names in the assignment's order, e.g. {left, right, up, down}: the legal blank moves
/// of `state`, in that order (what actionsF_8p must return).
std::vector<std::string> legal_actions(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                       const std::vector<ref::BlankMove>& order);

/// findBlank_8p(state) must return (row, column) of the blank, 0-based, as a tuple or a list;
/// on a board with several blanks (the 7-tile puzzle's two), a list of every blank's (row,
/// column), in any order.
FunctionCallCheck check_find_blank(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                   const nlohmann::json& observed, const std::string& call);

/// What findBlank returns, as feedback shows it: "(1, 2)", or "[(0, 1), (2, 2)]" for several.
std::string expected_blanks_text(const ref::TilePuzzle& puzzle, const ref::Tiles& state);

/// actionsF_8p(state) must return exactly the legal actions in `order` (any iterable).
FunctionCallCheck check_actions(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                const std::vector<ref::BlankMove>& order,
                                const nlohmann::json& observed, const std::string& call);

/// takeActionF_8p(state, action) must return the state after the blank makes `move`.
FunctionCallCheck check_take_action(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                    ref::BlankMove move, const nlohmann::json& observed,
                                    const std::string& call);

/// The state passed to takeActionF_8p must be unchanged after the call (`after` is the driver's
/// reading of the same object once the call returned).
FunctionCallCheck check_unchanged(const ref::Tiles& before, const nlohmann::json& after,
                                  const std::string& call);

}  // namespace sg
