// Checks what a student's local search does on a space of complete states (reference/
// local_search.h): the neighbours it lists, the state it chooses next, the climb it prints and
// the results of random restarts. Every judgement holds for any correct run whatever its random
// draws; where a run is fully determined (hill climbing with a tie rule) the printed path is
// compared with the reference's, accepting each reading the handout leaves open. Feedback names
// the first line that breaks a rule, in the space's terms ("[1, 3, 0, 2] - f=2: but
// [1, 3, 0, 3] has f=0").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/puzzle_function_checker.h"  // FunctionCallCheck
#include "notation/line_template.h"
#include "reference/local_search.h"

namespace sg {

/// A state and its value as the handout prints them ("[0, 2, 4, 1] - f=0"), through `line`,
/// the state written as `space` writes it.
std::string local_line_text(const LineTemplate& line, const ref::LocalSpace& space,
                            const ref::LocalState& state, double value);

/// One printed line that shows a state: its line number in the output (1-based), its text, the
/// state and the value printed beside it (nullopt when the line shows none).
struct PrintedLocalState {
  int line = 0;
  std::string text;
  ref::LocalState state;
  std::optional<double> value;
};

/// "line 3 `[0, 1, 2] - f=3`": a printed line as feedback cites it.
std::string printed_line_ref(const PrintedLocalState& printed);

/// What is wrong with the value a line shows beside its state ("line 2 `...`: f of [0, 2, 0] is
/// 2, not 3", or that it shows none); "" when it is right. `name` is the value's name.
std::string printed_value_problem(const ref::LocalSpace& space, const PrintedLocalState& printed,
                                  const std::string& name);

/// The value's name in feedback: the last word before {value} in the line template ("f"), or
/// "value".
std::string printed_value_name(const LineTemplate& line);

/// The lines of `output` that show a state, read through `line` (fields {state} and {value};
/// read loosely, so "[0, 1] -f = 3" reads too) or, where a line does not read as the template,
/// as the first bracketed list of ints on it with no value. Lines with no list (a student's
/// debug words) are skipped.
std::vector<PrintedLocalState> read_printed_states(std::string_view output,
                                                   const LineTemplate& line);

/// The order a handout asks neighbours to be listed in.
enum class NeighbourOrder {
  sorted,  ///< Ascending, as Python's sorted() lists them (CS540's succ).
  space,   ///< The space's own order (the blank's moves in the handout's order; the rules').
};

/// The neighbours a student's function returned for `state`: `value` passes when they are the
/// space's neighbours (as a multiset: every one, none twice, nothing else), `order` when they
/// are listed in `order` (judged whatever the set: under NeighbourOrder::space, the states
/// returned that are neighbours must keep the space's relative order). `call` names the call
/// ("succ([0, 1, 2], 0, 0)").
struct NeighboursCheck {
  FunctionCallCheck value;
  FunctionCallCheck order;
};
NeighboursCheck check_neighbours(const ref::LocalSpace& space, const ref::LocalState& state,
                                 const nlohmann::json& returned, const std::string& call,
                                 NeighbourOrder order = NeighbourOrder::sorted);

/// A state of `space` returned where `expected` is due (nullopt: Python's None), e.g.
/// choose_next's.
/// `why` says how the expected state was chosen, for feedback.
FunctionCallCheck check_returned_state(const ref::LocalSpace& space,
                                       const std::optional<ref::LocalState>& expected,
                                       const nlohmann::json& returned, const std::string& call,
                                       const std::string& why);

/// The climb a student printed and the state it returned (CS540's n_queens): `path` passes when
/// the printed states are the reference's climb from `start` under `options`, each with its
/// value, read either way the handout leaves open: where choose_next returns the current state
/// the climb's last state may be printed once or twice, and a start already at the target may be
/// printed once or twice. Otherwise it names the first line that breaks a rule: not the start,
/// not a state of the space, a wrong value, not the state choose_next takes (the better one
/// named), a climb that stops early or goes on past its stop. `returned` passes when the
/// returned value is the climb's last state.
struct ClimbCheck {
  FunctionCallCheck path;
  FunctionCallCheck returned;
};
ClimbCheck check_climb(const ref::LocalSpace& space, const ref::HillClimbOptions& options,
                       const ref::LocalState& start, const std::vector<PrintedLocalState>& printed,
                       const nlohmann::json& returned, const LineTemplate& line,
                       const std::string& call);

/// The results random restarts printed (CS540's n_queens_restart), judged by what holds for
/// every run whatever its draws: at least one state; each a state of the space with its value
/// right; each one the climb can end at (a state at the target value, or one that choose_next
/// reaches from itself or a neighbour of the same value); all of the same value (only the best
/// are printed); one line when that value is the target (a solution stops the restarts); listed
/// in ascending order.
FunctionCallCheck check_restart_results(const ref::LocalSpace& space,
                                        const ref::HillClimbOptions& options,
                                        const std::vector<PrintedLocalState>& printed,
                                        const LineTemplate& line, const std::string& call);

}  // namespace sg
