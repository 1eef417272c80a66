// The problem a `search` test is about: a domain the spec names under `domains:` (a graph, a grid
// maze, a Pacman search problem on a layout: reference/pacman_problems.h) with the test's start
// and goal, or the spec's sliding-tile `domain:`, built as a
// ref::Problem; how its states look to the submission (a graph's node is a string, a maze's cell
// a tuple, a board a list) and how what the submission returned or printed is read back as
// states; and the whole reachable state space as a table, for the problem objects the Python
// driver hands to Berkeley-style search functions.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/domain_hints.h"
#include "model/assignment.h"
#include "notation/board_notation.h"
#include "reference/problem.h"
#include "reference/queue_length.h"

namespace sg {

class RulesProblem;

struct SearchDomain {
  std::string name;  ///< The domain's name in the spec ("romania"), or "domain".
  std::string type;  ///< "graph", "grid", "pacman_problem", "sliding_tile" or "rules".
  std::shared_ptr<const ref::Problem> problem;
  /// A pacman_problem's layout (Berkeley's .lay text), from which the driver builds the game
  /// state a student's problem class is given.
  std::string layout;
  /// What the domain says beyond the shared judgements (a tile heuristic counting the blank).
  DomainHints hints;
  /// True when the domain's heuristic is known to be consistent (the tile heuristics, which
  /// never count a blank): A*'s cost is then the optimum, with no uniform-cost search to prove it.
  bool consistent_heuristic = false;
  /// A sliding-tile domain's board notation (the spec's `notation.state`) and the board's shape;
  /// nullptr for other domains, whose states print as their own text.
  const BoardNotation* board_notation = nullptr;
  BoardShape board_shape;
  /// A rules world's answers (type "rules"), whatever start `problem` sees it from; with a
  /// `board:` its states are boards in `board_notation`, handed over as lists when
  /// `board_as_list`.
  std::shared_ptr<const RulesProblem> rules_answers;
  bool board_as_list = false;
  /// A rules world's file as the student's process is handed it (the `actions` and
  /// `take_action` words: the rules' own `actions` and `result`): {file, source, world, args}.
  nlohmann::json rules_file;
  /// A test's own goal on a rules world (`goal:`), which replaces the world's `is_goal`.
  std::optional<ref::State> goal;

  /// The state as the submission sees it, in the driver's encoding: "Arad", {"$tuple": [5, 5]},
  /// [1, 2, 0, ...].
  nlohmann::json value_of(const ref::State& state) const;
  /// A value the submission returned (driver encoding: a string, a tuple or list of two ints, a
  /// list of ints; numpy arrays as lists) as a state of the problem, or nullopt.
  std::optional<ref::State> state_of(const nlohmann::json& value) const;
  /// A state as a program printed it ("Arad", "(1,2)", "1 2"; a board in the domain's notation,
  /// read tolerantly: "[1 2 3 ...]"), or nullopt.
  std::optional<ref::State> state_of_text(std::string_view text) const;
  /// The same, and a board written in another named notation (a Python list where the spec
  /// asks for `lisp`): what the state is, so correctness is judged apart from the format.
  std::optional<ref::State> state_of_any_text(std::string_view text) const;
  /// An action as the submission is given it: a rules world's own value (a tuple stays a
  /// tuple), any other domain's name.
  nlohmann::json action_value(const std::string& action) const;
  /// The board a state is (row by row, 0 the blank) on a built-in board or a rules world with
  /// `board:`; nullopt on other domains.
  std::optional<ref::Tiles> tiles_of(const ref::State& state) const;
  /// The state as the domain writes it in output: "Arad", "(1, 2)", a board in the notation
  /// ("b12 345 678").
  std::string text_of(const ref::State& state) const;
};

/// The domain's goal states: a graph's goal nodes, a maze's goal cells, a board's goal; empty
/// for a domain whose goal is a test (a Pacman problem).
std::vector<ref::State> goal_states(const SearchDomain& domain);

/// How Python orders two of the domain's states (a board's lists and a cell's tuples element by
/// element, a node's name as a string): sorted() in a listing, heapq's ties in a queue. Each
/// state's value is read once (a queue's range compares the same states many thousand times).
/// `domain` must outlive the order.
ref::StateLess python_order(const SearchDomain& domain);

/// "in ascending order" as python_order sorts the domain's states, for feedback: "in alphabetical
/// order" (a graph's names), "... as Python's sorted() orders the lists" (boards) or "tuples".
std::string ascending_order_wording(const SearchDomain& domain);

/// A cost or h as the submission is given it: an int when whole, as handouts write them (Python
/// then prints 140, not 140.0), else a float.
nlohmann::json number_value(double value);

/// The test's domain (`domain:` names one of the spec's `domains`, or is absent for the spec's
/// sliding-tile `domain`), with its `start` and `goal` (a graph's node or list of nodes; a board;
/// a maze takes both from its map; a rules world its goal from its rules, its start from them
/// too unless the test's `start:` is one of its states). A rules world's start that its
/// `initial` does not reach is explored whole (a goal must be reachable), or `start_depth`
/// actions deep for a test that looks no further (printed boards and moves). Throws SpecError at
/// the offending key.
SearchDomain search_domain(const Assignment& assignment, const TestSpec& test,
                           std::optional<int> start_depth = std::nullopt);

/// The test's domain for a test about states alone (the actions and results of the states it
/// lists), which names no start or goal: a graph then starts and ends at its first node (neither
/// is used), a maze at its map's. Throws SpecError as search_domain.
SearchDomain states_domain(const Assignment& assignment, const TestSpec& test);

/// The domain's one goal state, for a call handed a single goal (A2's search function and path
/// printer). Throws SpecError at the test's `goal` (or `domain`) when it has several or none.
ref::State single_goal(const SearchDomain& domain, const TestSpec& test);

/// The states one action away from `state`, in the domain's order: what a depth-limited search
/// expands.
std::vector<ref::State> successor_states(const SearchDomain& domain, const ref::State& state);

/// Every state reachable from the start (at most `max_states`), breadth-first, as the table a
/// problem object is driven by: {"start": value, "goals": [values], "successors": {state text:
/// [[value, action, cost], ...]}, "heuristic": {state text: h}}; a rules world's actions are
/// its own values, and "key": "state_text" says its states are named as the driver's
/// state_text writes them (str(state) otherwise). Throws SpecError at the test when the space
/// is larger than `max_states`.
nlohmann::json state_space_table(const SearchDomain& domain, const TestSpec& test,
                                 std::size_t max_states = 20000);

}  // namespace sg
