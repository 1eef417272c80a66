// A world a course writes as a short Python rules file with the textbook's names (AIMA's
// Problem: `initial`, `actions(state)`, `result(state, action)`, `is_goal(state)`,
// `action_cost(state, action, next)`, optional `h(state)`), named by a spec's `type: rules`
// domain. The grader asks the rules through a RulesOracle (engine/rules_oracle.h runs them in a
// sandboxed process), once per process for each world, and the reference searches the answers
// through ref::Problem as it searches every built-in domain. States are the rules' own Python
// values: their text is state_text's (repr, sets sorted), their value the driver's encoding.
#pragma once

#include <cstddef>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/assignment.h"
#include "model/invocation.h"
#include "notation/board_notation.h"
#include "reference/game.h"
#include "reference/problem.h"

namespace sg {

/// What the rules are asked: the world one class of the file builds, explored breadth-first
/// from its `initial`.
struct RulesQuery {
  std::string file;    ///< The rules file's name, as the spec gives it ("missionaries.py").
  std::string source;  ///< Its text.
  std::string world;   ///< The class in the file that builds the world ("Missionaries").
  nlohmann::json args = nlohmann::json::array();  ///< Its arguments (the driver's encoding).
  std::size_t max_states = 200000;                ///< More reachable states: a spec error.
  bool game = false;  ///< The world is a game (AIMA's Game), not a search problem.
  /// The state explored from instead of `initial` (the rules' state in the driver's encoding,
  /// tuples as {"$tuple": ...}); null: `initial`.
  nlohmann::json start;
  /// At most this many moves (actions) from the start; the states there are listed unexpanded
  /// (RulesGame::is_cut, RulesProblem::is_cut). nullopt: the whole world.
  std::optional<int> max_depth;
  /// A game explored only along one line of play (its states expanded, every other state
  /// listed cut): the moves made (a JSON array, the driver's encoding), or a game the rules'
  /// process plays itself, {player, agent: random | first, seed, max_moves} (the reference's
  /// mutant agents against a seeded random player); or several lines at once, {lines: [...]}
  /// (a test's games in one request: the states along any of them). null: every state.
  nlohmann::json line;
  Limits limits;         ///< For the rules' process.
  SourceLocation where;  ///< The domain in the spec, for errors.
};

/// Asks a rules file. Implementations are safe to call from several threads at once.
class RulesOracle {
 public:
  virtual ~RulesOracle();
  /// The world's reachable states: the Python driver's `explore` value with `values`
  /// (docs/driver-protocol.md): per state its text, value, goal test, h when the world has one,
  /// and its successors as [action, index, cost]; for a game (query.game), per state its mover,
  /// whether it is over, agent 0's score and its moves as [action, index]. Throws SpecError at
  /// query.where when the
  /// rules raise (naming the file's line, the state and the actions that reach it), run out of
  /// their limits, or reach more than query.max_states states.
  virtual nlohmann::json explore(const RulesQuery& query) const = 0;
  /// The world's `method` called once per argument list of `args_list` (a JSON array of arrays
  /// in the driver's encoding), in one process: the answers, in order and in that encoding.
  /// query.start and query.max_depth are not used. Throws SpecError at query.where when a call
  /// raises (naming the file's line and the call) or the rules run out of their limits.
  virtual nlohmann::json ask(const RulesQuery& query, const std::string& method,
                             const nlohmann::json& args_list) const = 0;
};

/// The oracle `type: rules` domains are asked through, installed once by the program (the
/// command line installs the sandboxed one; tests install theirs).
void install_rules_oracle(std::shared_ptr<const RulesOracle> oracle);

/// The installed oracle. Throws std::logic_error when none is installed.
const RulesOracle& rules_oracle();

/// A rules world as a search problem: every reachable state, with its successors in the order
/// `actions` gave them, its goal test and h. Immutable; safe to share between threads.
class RulesProblem : public ref::Problem {
 public:
  /// From the explore value (RulesOracle::explore). Throws std::invalid_argument when it has
  /// another shape.
  explicit RulesProblem(const nlohmann::json& explored);

  ref::State initial_state() const override;
  std::vector<ref::Step> successors(const ref::State& state) const override;
  bool is_goal(const ref::State& state) const override;
  /// The world's h(state), 0 when it defines none.
  double h(const ref::State& state) const override;
  bool is_state(const ref::State& state) const override;

  /// The state's value in the driver's encoding ((3, 3, 1) as {"$tuple": [3, 3, 1]}), or null
  /// for a text that is no state of the world.
  nlohmann::json value_of(const ref::State& state) const;
  /// The world's state with this value (a value the submission returned), or nullopt.
  std::optional<ref::State> state_of(const nlohmann::json& value) const;
  /// The action's value in the driver's encoding: the rules' own action (a tuple stays a
  /// tuple), given its text (a string action's text is itself, any other its repr).
  nlohmann::json action_value(const std::string& action) const;
  /// Every goal state, in the order explored.
  const std::vector<ref::State>& goals() const { return goals_; }
  /// True when the world defines h.
  bool has_h() const { return !h_.empty(); }
  /// True for a state explored only as deep as RulesQuery::max_depth: listed (goal test, h)
  /// but its successors never asked.
  bool is_cut(const ref::State& state) const;
  /// True when some state is cut: a neighbourhood, not the whole world.
  bool partial() const { return partial_; }
  /// True when the world's h is consistent: h(s) <= cost + h(s') on every action and 0 at
  /// every goal, so A* finds a cheapest path with no uniform-cost search to prove it. False
  /// without h.
  bool consistent_h() const { return consistent_h_; }
  std::size_t size() const { return states_.size(); }
  /// The state found `index`-th, breadth-first from the initial state (index < size()).
  const ref::State& state(std::size_t index) const { return states_[index]; }

 private:
  std::optional<std::size_t> index_of(const ref::State& state) const;

  std::vector<ref::State> states_;
  std::vector<std::string> value_texts_;  ///< Each state's value, as JSON text.
  std::unordered_map<ref::State, std::size_t> index_;
  std::unordered_map<std::string, std::size_t> by_value_;  ///< By the value's JSON text.
  std::vector<std::vector<ref::Step>> successors_;
  std::vector<char> goal_;
  std::vector<double> h_;
  std::vector<char> cut_;
  bool partial_ = false;
  bool consistent_h_ = false;
  std::vector<ref::State> goals_;
  std::unordered_map<std::string, nlohmann::json> actions_;
};

/// A rules world that is a game (AIMA's Game: initial, to_move, actions, result, is_terminal,
/// utility, optional evaluate): every reachable state with its mover, its moves in the order
/// `actions` gave them, whether the game is over there and agent 0's score (the utility where
/// it is over, else evaluate's). Agent 0 is the player to move at `initial`. Immutable.
class RulesGame : public ref::Game {
 public:
  /// From the explore value (RulesOracle::explore with query.game). Throws
  /// std::invalid_argument when it has another shape.
  explicit RulesGame(const nlohmann::json& explored);

  ref::State initial_state() const override { return states_.front(); }
  int agents() const override { return agents_; }
  /// The state's moves when `agent` is its mover, else none (also at a cut state).
  std::vector<ref::GameMove> moves(const ref::State& state, int agent) const override;
  bool is_terminal(const ref::State& state) const override;
  /// Throws std::out_of_range where the world gives no score (no evaluate, game not over).
  double evaluate(const ref::State& state) const override;
  std::size_t size() const { return states_.size(); }
  /// True for a state explored from a position only as deep as RulesQuery::max_depth: listed
  /// (mover, whether over, score) but its moves never asked.
  bool is_cut(const ref::State& state) const;
  /// The action's value in the driver's encoding (the rules' own: a list of tuples stays one),
  /// given its text; null for a text no move of the game has.
  nlohmann::json action_value(const std::string& action) const;
  /// The state's value in the driver's encoding, or null for a text that is no state here.
  nlohmann::json value_of(const ref::State& state) const;

 private:
  std::optional<std::size_t> index_of(const ref::State& state) const;

  std::vector<ref::State> states_;
  std::unordered_map<ref::State, std::size_t> index_;
  std::vector<int> mover_;
  std::vector<char> terminal_;
  std::vector<std::optional<double>> score_;
  std::vector<std::vector<ref::GameMove>> moves_;
  std::vector<char> cut_;
  std::vector<nlohmann::json> values_;  ///< Each state's value; empty when not given.
  std::unordered_map<std::string, nlohmann::json> actions_;
  int agents_ = 0;
};

/// The rules game a `type: rules` domain section with `is: game` describes, asked and kept as
/// rules_problem's worlds are. Throws SpecError at the section's keys or where the rules failed.
std::shared_ptr<const RulesGame> rules_game(const SpecSection& section, const std::string& name);

/// The rules game a `type: rules` section with `is: game` describes, explored from `position`
/// (the rules' state as a spec writes it: lists for tuples) at most `max_depth` moves deep, for
/// the tests that judge moves in positions of a game too large to explore whole (Teeko). Asked
/// once per process for each position and depth, and kept on disk like rules_game's. Throws
/// SpecError at `where` (the position in the test) when the rules fail there.
std::shared_ptr<const RulesGame> rules_game_at(const SpecSection& section, const std::string& name,
                                               const nlohmann::json& position, int max_depth,
                                               const SourceLocation& where);

/// The rules game of a `type: rules` section with `is: game` explored along a line of play
/// from its `initial` (RulesQuery::line), or along several at once ({lines: [...]}): the moves
/// a student's games made, asked afresh each time (no two students' games are alike), or games
/// the rules' process plays for mutant agents, asked once per process and kept on disk. Throws
/// SpecError at `where` when the rules fail on the way.
std::shared_ptr<const RulesGame> rules_game_along(const SpecSection& section,
                                                  const std::string& name,
                                                  const nlohmann::json& line,
                                                  const SourceLocation& where);

/// The rules file as the Python driver builds its world: {file, source, world, args} (its
/// `$fn: rules_*` callbacks and `rules_game_state`).
nlohmann::json rules_file_value(const SpecSection& section);

/// The rules' `method` asked for each argument list of `args_list` (states as a spec writes
/// them: lists read as tuples; see rules_position), in one process, asked once per process and
/// kept on disk: the answers in the driver's encoding. Throws SpecError at `where` when a call
/// raises.
nlohmann::json ask_rules(const SpecSection& section, const std::string& name,
                         const std::string& method, const nlohmann::json& args_list,
                         const SourceLocation& where);

/// A state as a spec writes it (JSON, lists for the rules' tuples) in the driver's encoding of
/// the rules' value: every list a {"$tuple": ...}, as the rules' hashable states are.
nlohmann::json rules_position(const nlohmann::json& written);

/// True when a `type: rules` section describes a game (`is: game`).
bool rules_section_is_game(const SpecSection& section);

/// A rules world whose states are boards (`board: {rows: 3, cols: 3, as: list}`): tuples of
/// rows x cols integers read row by row, 0 the blank. Such states are read and written in the
/// spec's board notation (`notation.state`), and handed to the student as lists, as every board
/// is, or with `as: tuple` as the rules' own tuples.
struct RulesBoard {
  BoardShape shape;
  bool as_list = true;
};

/// The tiles of a rules state's value (the driver's encoding) when it is a tuple of integers,
/// and of `shape`'s size when one is given; else nullopt.
std::optional<std::vector<int>> rules_board_tiles(const nlohmann::json& value,
                                                  std::optional<BoardShape> shape = std::nullopt);

/// The board a `type: rules` section declares, or nullopt without `board:`. Throws SpecError at
/// the key (not a mapping of rows, cols and as; a size below 1).
std::optional<RulesBoard> rules_board(const SpecSection& section);

/// The rules world a `type: rules` domain section describes (keys: file, source, world, args,
/// max_states, limits, admissible, board), asked once per process for each rules text, world, args
/// and limit, and kept on disk (cache_folder("rules")) so that the next process asks nothing.
/// Validated whole: a goal reachable, every action leading to a state at a positive cost, h
/// never negative, with `admissible: true` admissible and, with `board:`, every state a board of
/// its size. Throws SpecError at the section's keys, or where the rules failed (their file, line
/// and state).
std::shared_ptr<const RulesProblem> rules_problem(const SpecSection& section,
                                                  const std::string& name);

/// The rules world a `type: rules` section describes, explored from `start` (a state as a spec
/// writes it: lists for tuples) instead of `initial`, and with `max_depth` only that many
/// actions deep: for a test at a state the world's `initial` does not reach (print_succ on a
/// board of the other parity needs its successors alone). Asked once per process for each
/// start and depth, and kept on disk like rules_problem's; validated as rules_problem's, but a
/// neighbourhood need not reach a goal. Throws SpecError at `where` (the state in the test) when
/// the rules fail there.
std::shared_ptr<const RulesProblem> rules_problem_at(const SpecSection& section,
                                                     const std::string& name,
                                                     const nlohmann::json& start,
                                                     std::optional<int> max_depth,
                                                     const SourceLocation& where);

}  // namespace sg
