#include "kinds/puzzle_function_kind.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "checkers/board_set_checker.h"
#include "checkers/domain_function_checker.h"
#include "checkers/puzzle_function_checker.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/board_object_calls.h"
#include "kinds/puzzle_function_plan.h"
#include "notation/line_template.h"  // number_text

namespace sg {
namespace {

using puzzle_function::Call;
using puzzle_function::Judge;
using puzzle_function::Plan;
using puzzle_function::Role;

// The slips' mistakes, in the student's terms (the mutants audit runs as students).
const std::map<std::string, std::string> kSlips = {
    {"row_col_swapped", "returns the blank's (column, row), not (row, column)"},
    {"actions_reversed", "lists the actions in the reverse of the required order"},
    {"left_right_mirrored", "mirrors left and right (names the tile's move, not the blank's)"},
    {"mutates_input", "moves the tiles of the state it is given, with no copy"}};

std::string mirrored(const std::string& name) {
  return name == "left" ? "right" : name == "right" ? "left" : name;
}

Role read_role(const TestSpec& test) {
  const std::string role = test.input.value("role", std::string());
  if (role == "find_blank") return Role::find_blank;
  if (role == "actions") return Role::actions;
  if (role == "take_action") return Role::take_action;
  if (role == "goal_test") return Role::goal_test;
  if (role == "h") return Role::heuristic;
  if (role == "neighbors") return Role::neighbors;
  const std::map<std::string, Role> objects = {{"dimension", Role::dimension},
                                               {"twin", Role::twin},
                                               {"equals", Role::equals},
                                               {"to_string", Role::to_string},
                                               {"immutable", Role::immutable},
                                               {"solve", Role::solve},
                                               {"rejects_null", Role::rejects_null},
                                               {"tile_at", Role::tile_at},
                                               {"solvable", Role::solvable},
                                               {"memory", Role::memory}};
  if (const auto found = objects.find(role); found != objects.end()) return found->second;
  throw SpecError(test.input.contains("role") ? location_of(test, "/role") : test.where,
                  "a puzzle_function test needs `role:` find_blank, actions, take_action, "
                  "goal_test, h or neighbors; on a board object also dimension, tile_at, solvable, "
                  "twin, equals, to_string, immutable, memory, solve or rejects_null");
}

// The test's `states`, each with where the spec gives it.
std::vector<std::pair<nlohmann::json, SourceLocation>> read_states(const TestSpec& test) {
  if (!test.input.contains("states") || !test.input["states"].is_array() ||
      test.input["states"].empty())
    throw SpecError(test.where, "a puzzle_function test needs `states:` (a list of states)");
  std::vector<std::pair<nlohmann::json, SourceLocation>> states;
  for (std::size_t i = 0; i < test.input["states"].size(); ++i)
    states.emplace_back(test.input["states"][i], location_of(test, fmt::format("/states/{}", i)));
  return states;
}

// The test's `actions` (take_action only), as written; empty when it lists none.
std::vector<std::string> read_actions(const TestSpec& test, Role role) {
  std::vector<std::string> names;
  if (!test.input.contains("actions")) return names;
  if (role != Role::take_action)
    throw SpecError(location_of(test, "/actions"), "`actions` is for take_action");
  if (!test.input["actions"].is_array())
    throw SpecError(location_of(test, "/actions"), "`actions` must be a list");
  for (const auto& name : test.input["actions"]) {
    if (!name.is_string())
      throw SpecError(location_of(test, "/actions"), "`actions` is a list of action names");
    names.push_back(name.get<std::string>());
  }
  return names;
}

// A call judged by what the reference knows of the state: the goal test's truth or h's value.
Call value_call(Role role, const std::string& text, const nlohmann::json& state, bool is_goal,
                double h, const std::string& wording) {
  if (role == Role::goal_test)
    return {text,
            state,
            std::nullopt,
            [is_goal, text](const nlohmann::json& returned) {
              return check_goal_test(is_goal, returned, text);
            },
            nullptr,
            is_goal ? "True" : "False"};
  return {text,
          state,
          std::nullopt,
          [h, text, wording](const nlohmann::json& returned) {
            return check_heuristic_value(h, returned, text, wording);
          },
          nullptr,
          number_text(h)};
}

// A state written {shuffled: {rows: R, cols: C, seed: S}}: the goal pattern's R x C board with
// its cells shuffled (Fisher-Yates driven by std::mt19937(S), whose output the standard fixes,
// so every machine grades the same board), as rows. Solvable or not: for the roles that do not
// search (h, dimension, equals, to_string).
nlohmann::json shuffled_board_rows(const ref::TilePuzzle& domain, const nlohmann::json& written,
                                   const SourceLocation& where) {
  const nlohmann::json& shape = written["shuffled"];
  const auto whole = [&](const char* key) {
    return shape.is_object() && shape.contains(key) && shape[key].is_number_integer() &&
                   shape[key].get<std::int64_t>() >= 0
               ? std::optional<std::uint64_t>(shape[key].get<std::uint64_t>())
               : std::nullopt;
  };
  const auto rows = whole("rows"), cols = whole("cols"), seed = whole("seed");
  if (!rows || !cols || !seed || *rows < 2 || *cols < 2 || *rows > 256 || *cols > 256 ||
      written.size() != 1)
    throw SpecError(where,
                    "a shuffled state is {shuffled: {rows: R, cols: C, seed: S}} (2 to 256 rows "
                    "and columns, a whole seed)");
  const std::optional<ref::TilePuzzle> sized =
      puzzle_of_size(domain, static_cast<int>(*rows), static_cast<int>(*cols));
  if (!sized)
    throw SpecError(where,
                    "a shuffled state needs a domain goal with a pattern (tiles in order, "
                    "the blank last or first)");
  ref::Tiles cells = sized->goal();
  std::mt19937 random(static_cast<std::mt19937::result_type>(*seed));
  for (std::size_t i = cells.size() - 1; i > 0; --i) std::swap(cells[i], cells[random() % (i + 1)]);
  nlohmann::json board = nlohmann::json::array();
  for (std::uint64_t r = 0; r < *rows; ++r)
    board.push_back(std::vector<int>(cells.begin() + static_cast<std::ptrdiff_t>(r * *cols),
                                     cells.begin() + static_cast<std::ptrdiff_t>((r + 1) * *cols)));
  return board;
}

// A board of the spec's sliding-tile `domain` (A2's helpers): findBlank, goal_test and h take
// boards with several blanks (findBlank returns every blank's cell); actions and take_action
// name THE blank's moves, so they need one.
void plan_tile_calls(const Assignment& assignment, const TestSpec& test, Plan& plan) {
  const auto domain_puzzle = std::make_shared<const ref::TilePuzzle>(puzzle_for_test(
      assignment, test, plan.role == Role::actions || plan.role == Role::take_action));
  ref::Heuristic heuristic = assignment_heuristic(assignment);
  if (test.input.contains("heuristic")) {
    const auto named = test.input["heuristic"].is_string()
                           ? ref::parse_heuristic(test.input["heuristic"].get<std::string>())
                           : std::nullopt;
    if (!named)
      throw SpecError(location_of(test, "/heuristic"),
                      "heuristic is misplaced_tiles (Princeton's hamming()) or manhattan");
    heuristic = *named;
  }
  const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
  std::vector<ref::BlankMove> moves;
  for (const std::string& name : read_actions(test, plan.role)) {
    const auto move = ref::parse_blank_move(name);
    if (!move)
      throw SpecError(location_of(test, "/actions"), "actions are left, right, up or down");
    moves.push_back(*move);
  }
  for (const auto& [written, where] : read_states(test)) {
    // {shuffled: {rows, cols, seed}}: a board too large to write (Princeton's 127 x 127).
    const nlohmann::json value = written.is_object() && written.contains("shuffled")
                                     ? shuffled_board_rows(*domain_puzzle, written, where)
                                     : written;
    // A state written as rows is passed as rows (Java's int[][]); its size may differ from the
    // domain's when the domain's goal has a pattern (tiles in order, the blank last or first).
    std::optional<std::vector<int>> state = as_int_list(value);
    std::shared_ptr<const ref::TilePuzzle> puzzle = domain_puzzle;
    const bool as_rows = !state && value.is_array() && !value.empty() && value[0].is_array();
    if (as_rows) {
      std::vector<int> cells;
      const int rows = static_cast<int>(value.size());
      const int cols = static_cast<int>(value[0].size());
      for (const auto& row : value) {
        const auto values = as_int_list(row);
        if (!values || static_cast<int>(values->size()) != cols)
          throw SpecError(where, "each row of a state must be a list of integers, all as long");
        cells.insert(cells.end(), values->begin(), values->end());
      }
      const std::optional<ref::TilePuzzle> sized = puzzle_of_size(*domain_puzzle, rows, cols);
      if (!sized)
        throw SpecError(where, fmt::format("a {} x {} state needs a domain goal with a pattern "
                                           "(tiles in order, the blank last or first)",
                                           rows, cols));
      puzzle = std::make_shared<const ref::TilePuzzle>(*sized);
      state = std::move(cells);
    }
    if (!state) throw SpecError(where, "each state must be a list of integers (or of rows)");
    if (const std::string problem = puzzle->validate(*state); !problem.empty())
      throw SpecError(where, fmt::format("{} is not a state of this puzzle: {}",
                                         elide(python_list(*state), 1, 200), problem));
    const std::string argument =
        puzzle->size() > 16 ? fmt::format("<{} x {} tiles>", puzzle->rows(), puzzle->cols())
                            : python_repr(as_rows ? value : nlohmann::json(*state));
    const std::string text = plan.receiver.empty() ? fmt::format("{}({})", plan.function, argument)
                                                   : fmt::format("new {}({}).{}()", plan.receiver,
                                                                 argument, plan.function);
    const ref::Tiles tiles = *state;
    const nlohmann::json passed = as_rows ? value : nlohmann::json(tiles);
    if (plan.role == Role::goal_test || plan.role == Role::heuristic) {
      plan.calls.push_back(value_call(plan.role, text, passed, tiles == puzzle->goal(),
                                      ref::evaluate(*puzzle, tiles, heuristic),
                                      heuristic_wording(heuristic)));
      // A board object's h (Princeton's hamming(), manhattan()) and its classic slip.
      if (plan.role == Role::heuristic && !plan.receiver.empty() &&
          heuristic != ref::Heuristic::zero)
        plan.calls.back().slips["counts_blank"] =
            ref::evaluate_counting_blank(*puzzle, tiles, heuristic);
      continue;
    }
    if (puzzle_function::is_board_object_role(plan.role)) {
      puzzle_function::plan_board_object_calls(assignment, {puzzle, tiles, passed, argument}, test,
                                               plan);
      continue;
    }
    if (plan.role == Role::neighbors) {
      require_one_blank(*puzzle, test, "");
      const std::vector<ref::Tiles> expected = successor_boards(*puzzle, order, tiles);
      const int rows = puzzle->rows(), cols = puzzle->cols();
      std::vector<std::string> drawn;
      for (const ref::Tiles& board : expected) drawn.push_back(python_list(board));
      plan.calls.push_back({text, passed, std::nullopt,
                            [expected, rows, cols, text](const nlohmann::json& returned) {
                              return check_board_set(expected, returned, rows, cols, text);
                            },
                            nullptr, fmt::format("{{{}}}", fmt::join(drawn, ", "))});
      if (!expected.empty())
        plan.calls.back().slips["neighbor_missing"] =
            std::vector<ref::Tiles>(expected.begin(), expected.end() - 1);
      continue;
    }
    if (plan.role == Role::find_blank) {
      plan.calls.push_back({text, tiles, std::nullopt,
                            [puzzle, tiles, text](const nlohmann::json& returned) {
                              return check_find_blank(*puzzle, tiles, returned, text);
                            },
                            nullptr, expected_blanks_text(*puzzle, tiles)});
      if (puzzle->blank_count() == 1) {
        const auto blank = std::find(tiles.begin(), tiles.end(), 0) - tiles.begin();
        plan.calls.back().slips["row_col_swapped"] = {
            {"$tuple", {blank % puzzle->cols(), blank / puzzle->cols()}}};
      }
      continue;
    }
    if (plan.role == Role::actions) {
      std::vector<std::string> names = legal_actions(*puzzle, tiles, order);
      plan.calls.push_back({text, tiles, std::nullopt,
                            [puzzle, tiles, order, text](const nlohmann::json& returned) {
                              return check_actions(*puzzle, tiles, order, returned, text);
                            },
                            nullptr, quoted_names(names)});
      std::vector<std::string> names_mirrored;
      for (const std::string& name : names) names_mirrored.push_back(mirrored(name));
      plan.calls.back().slips = {
          {"actions_reversed", std::vector<std::string>(names.rbegin(), names.rend())},
          {"left_right_mirrored", names_mirrored}};
      continue;
    }
    std::vector<ref::BlankMove> applied = moves;
    if (applied.empty())
      for (const auto& successor : puzzle->successors(tiles, order))
        applied.push_back(successor.move);
    for (const ref::BlankMove move : applied) {
      const auto after = puzzle->result(tiles, move);
      if (!after)
        throw SpecError(where, fmt::format("'{}' is not a legal action in {}", ref::to_string(move),
                                           python_list(tiles)));
      const std::string call =
          fmt::format("{}({}, '{}')", plan.function, python_list(tiles), ref::to_string(move));
      plan.calls.push_back({call, tiles, ref::to_string(move),
                            [puzzle, tiles, move, call](const nlohmann::json& returned) {
                              return check_take_action(*puzzle, tiles, move, returned, call);
                            },
                            [tiles, call](const nlohmann::json& returned) {
                              return check_unchanged(tiles, returned, call);
                            },
                            python_list(*after)});
      // A mirrored move where the board allows it; else the state back, as the slip leaves it.
      const auto other = ref::parse_blank_move(mirrored(ref::to_string(move)));
      const auto mirrored_after = puzzle->result(tiles, *other);
      plan.calls.back().slips = {{"left_right_mirrored", mirrored_after.value_or(tiles)},
                                 {"mutates_input", *after}};
    }
  }
}

// One of the spec's `domains` (a graph, a maze): the problem's own actions(state) and
// result(state, action), judged against the domain's successors in its order.
void plan_domain_calls(const Assignment& assignment, const TestSpec& test, Plan& plan) {
  if (plan.role == Role::find_blank)
    throw SpecError(location_of(test, "/role"),
                    "find_blank is a board's; on a domain the roles are actions, take_action, "
                    "goal_test and h");
  const auto states = read_states(test);
  const auto domain = std::make_shared<const SearchDomain>(states_domain(assignment, test));
  const StateValues values{
      [domain](const nlohmann::json& value) { return domain->state_of(value); },
      [domain](const ref::State& state) { return domain->value_of(state); }, domain->name};
  const std::vector<std::string> asked = read_actions(test, plan.role);
  for (const auto& [value, where] : states) {
    const std::optional<ref::State> state = domain->state_of(value);
    if (!state)
      throw SpecError(where,
                      fmt::format("{} is not a state of '{}'", python_repr(value), domain->name));
    const nlohmann::json passed = domain->value_of(*state);
    const std::vector<ref::Step> steps = domain->problem->successors(*state);
    const std::string text = fmt::format("{}({})", plan.function, python_repr(passed));
    if (plan.role == Role::goal_test || plan.role == Role::heuristic) {
      plan.calls.push_back(value_call(plan.role, text, passed, domain->problem->is_goal(*state),
                                      domain->problem->h(*state),
                                      fmt::format("the heuristic of '{}'", domain->name)));
      continue;
    }
    if (plan.role == Role::actions) {
      std::vector<std::string> names;
      for (const ref::Step& step : steps) names.push_back(step.action);
      plan.calls.push_back({text, passed, std::nullopt,
                            [names, text](const nlohmann::json& returned) {
                              return check_domain_actions(names, returned, text);
                            },
                            nullptr, quoted_names(names)});
      plan.calls.back().slips["actions_reversed"] =
          std::vector<std::string>(names.rbegin(), names.rend());
      continue;
    }
    for (const ref::Step& step : steps) {
      if (!asked.empty() && std::find(asked.begin(), asked.end(), step.action) == asked.end())
        continue;
      const std::string call =
          fmt::format("{}({}, '{}')", plan.function, python_repr(passed), step.action);
      plan.calls.push_back({call, passed, step.action,
                            [values, after = step.state, call](const nlohmann::json& returned) {
                              return check_domain_result(values, after, returned, call);
                            },
                            [values, before = *state, call](const nlohmann::json& returned) {
                              return check_domain_unchanged(values, before, returned, call);
                            },
                            python_repr(domain->value_of(step.state))});
    }
    for (const std::string& name : asked)
      if (std::none_of(steps.begin(), steps.end(),
                       [&](const ref::Step& step) { return step.action == name; }))
        throw SpecError(location_of(test, "/actions"),
                        fmt::format("'{}' is not an action of {} in '{}'", name,
                                    python_repr(passed), domain->name));
  }
}

Plan make_plan(const Assignment& assignment, const TestSpec& test) {
  Plan plan;
  plan.role = read_role(test);
  if (test.input.contains("layout") && plan.role != Role::to_string)
    throw SpecError(location_of(test, "/layout"),
                    "layout says how toString()'s text is read: role to_string only");
  const bool on_domain = test.input.contains("domain");
  const char* const fallback[6][2] = {{"findBlank_8p", "findBlank_8p"},
                                      {"actionsF_8p", "actions"},
                                      {"takeActionF_8p", "result"},
                                      {"goal_test", "goal_test"},
                                      {"h", "h"},
                                      {"neighbors", "neighbors"}};
  const auto role_index = static_cast<std::size_t>(plan.role);
  plan.function =
      read_name(test, "/function", role_index < 6 ? fallback[role_index][on_domain ? 1 : 0] : "");
  if (puzzle_function::is_board_object_role(plan.role)) {
    plan.receiver = read_name(test, "/receiver", "");
    if (on_domain)
      throw SpecError(location_of(test, "/role"),
                      "the board object roles call a Board's methods: the spec's sliding-tile "
                      "domain, not one of its `domains`");
    if (plan.role == Role::rejects_null) {
      puzzle_function::plan_null_argument_call(test, plan);
    } else {
      plan_tile_calls(assignment, test, plan);
    }
    return plan;
  }
  if (test.input.contains("receiver")) {
    plan.receiver = read_name(test, "/receiver", "");
    if (plan.role == Role::take_action || on_domain)
      throw SpecError(location_of(test, "/receiver"),
                      "receiver (a method of an object built from the board) is for a board's "
                      "find_blank, actions, goal_test, h and neighbors");
  }
  if (plan.role == Role::neighbors && on_domain)
    throw SpecError(location_of(test, "/role"),
                    "neighbors is a board's (the spec's sliding-tile "
                    "domain)");
  if (on_domain) {
    plan_domain_calls(assignment, test, plan);
  } else {
    plan_tile_calls(assignment, test, plan);
  }
  if (plan.calls.empty())
    throw SpecError(location_of(test, "/states"),
                    "no action is possible from these states: nothing to call take_action on");
  return plan;
}

// Judges what `call` returned (and `after`, the state passed as read after a take_action call)
// into the test's value and input_unchanged aspects: the first failure of each is kept.
// Returns whether the call's own value was right.
bool judge_call(const Call& call, const nlohmann::json& returned, const nlohmann::json* after,
                AspectOutcome& value, AspectOutcome& unchanged, std::vector<std::string>& notes) {
  FunctionCallCheck check = call.judge(returned);
  if (!check.passed && value.passed) {
    value.passed = false;
    value.feedback = check.feedback;
  }
  for (auto& note : check.notes)
    if (std::find(notes.begin(), notes.end(), note) == notes.end())
      notes.push_back(std::move(note));
  if (after != nullptr && unchanged.passed) {
    const FunctionCallCheck same = call.unchanged(*after);
    unchanged.passed = same.passed;
    unchanged.feedback = same.feedback;
  }
  return check.passed;
}

// The aspects beyond value and input_unchanged the plan's calls are judged on, in order.
std::vector<std::string> further_aspects(const Plan& plan) {
  std::vector<std::string> names;
  for (const Call& call : plan.calls)
    for (const auto& [name, judge] : call.aspect_judges)
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return names;
}

// Judges `returned` on the call's further aspects; the first failure of each is kept, and the
// notes of every judgement (once each) go to `notes`. Aspects
// that judge a right answer only (Call::further_need_answer) skip a call whose value was wrong.
// `judged` collects the aspects some call judged.
void judge_further(const Call& call, const nlohmann::json& returned, bool answer_right,
                   std::vector<AspectOutcome>& aspects, std::set<std::string>& judged,
                   std::vector<std::string>& notes) {
  if (call.further_need_answer && !answer_right) return;
  for (const auto& [name, judge] : call.aspect_judges) {
    judged.insert(name);
    for (AspectOutcome& aspect : aspects) {
      if (aspect.aspect != name || !aspect.passed) continue;
      FunctionCallCheck check = judge(returned);
      aspect.passed = check.passed;
      aspect.feedback = check.feedback;
      for (auto& note : check.notes)
        if (std::find(notes.begin(), notes.end(), note) == notes.end())
          notes.push_back(std::move(note));
    }
  }
}

// A further aspect no call judged (each needed a right answer, none gave one) is left to the
// criterion's other tests.
void mark_unjudged_further(std::vector<AspectOutcome>& aspects,
                           const std::set<std::string>& judged) {
  for (AspectOutcome& aspect : aspects)
    if (aspect.passed && !judged.contains(aspect.aspect)) {
      aspect.passed = false;
      aspect.judged = false;
      aspect.feedback = "not judged: no call answered right, so none was judged on this";
    }
}

// A call's driver steps: its own (a board object's roles), or [let, call, get] for take_action
// (to see mutation), [new, method] with a receiver, else [call]. `index` makes its names unique.
nlohmann::json steps_of(const Plan& plan, const Call& call, std::size_t index) {
  if (!call.steps.is_null()) return call.steps;
  if (plan.role == Role::take_action)
    return {{{"op", "let"}, {"bind", "state"}, {"value", call.state}},
            {{"op", "call"},
             {"function", plan.function},
             {"args", {{{"$ref", "state"}}, *call.action}}},
            {{"op", "get"}, {"target", "state"}}};
  if (!plan.receiver.empty()) {
    const std::string object = fmt::format("board{}", index);
    return {{{"op", "new"}, {"class", plan.receiver}, {"args", {call.state}}, {"bind", object}},
            {{"op", "method"},
             {"target", object},
             {"method", plan.function},
             {"args", nlohmann::json::array()}}};
  }
  return {{{"op", "call"}, {"function", plan.function}, {"args", {call.state}}}};
}

// The steps of a call whose values the judge reads (see Call::judged).
std::vector<std::pair<std::string, std::size_t>> judged_of(const Plan& plan, const Call& call) {
  if (!call.judged.empty()) return call.judged;
  return {{"", plan.role == Role::take_action || !plan.receiver.empty() ? 1u : 0u}};
}

}  // namespace

void PuzzleFunctionKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  const Plan plan = make_plan(assignment, test);
  if (!test.input.contains("cross_check")) return;
  const auto& pinned = test.input["cross_check"];
  const SourceLocation where = location_of(test, "/cross_check");
  if (!pinned.is_object() || !pinned.contains("value") || pinned.size() != 1) {
    throw SpecError(
        where, "cross_check must be {value: what the assignment publishes for the first call}");
  }
  const FunctionCallCheck check = plan.calls[0].judge(pinned["value"]);
  if (!check.passed) {
    throw SpecError(
        where, fmt::format("the reference disagrees with the published value: {}", check.feedback));
  }
}

Invocation PuzzleFunctionKind::invocation(const Assignment& assignment, const TestSpec& test,
                                          const GradingContext& context) const {
  const Plan plan = make_plan(assignment, test);
  nlohmann::json steps = nlohmann::json::array();
  for (std::size_t i = 0; i < plan.calls.size(); ++i)
    for (auto& step : steps_of(plan, plan.calls[i], i)) steps.push_back(std::move(step));
  const std::string description =
      plan.calls.size() == 1 ? plan.calls[0].text
                             : fmt::format("{} ({} calls)", plan.calls[0].text, plan.calls.size());
  return make_driver_invocation(assignment, test, context, std::move(steps), description);
}

TestOutcome PuzzleFunctionKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                         const Observation& observation) const {
  const Plan plan = make_plan(assignment, test);

  TestOutcome outcome;
  outcome.call = plan.calls.size() == 1
                     ? plan.calls[0].text
                     : fmt::format("{} on {} states",
                                   plan.function.empty() ? plan.calls[0].text : plan.function,
                                   test.input.value("states", nlohmann::json::array()).size());
  std::vector<std::string> step_calls;
  std::vector<std::size_t> first_step;  // each call's first step
  std::vector<std::string> expected_lines, observed_lines;
  for (std::size_t i = 0; i < plan.calls.size(); ++i) {
    first_step.push_back(step_calls.size());
    const std::size_t count = steps_of(plan, plan.calls[i], i).size();
    for (std::size_t k = 0; k < count; ++k) step_calls.push_back(plan.calls[i].text);
    expected_lines.push_back(fmt::format("{} -> {}", plan.calls[i].text, plan.calls[i].expected));
  }
  outcome.expected = fmt::format("{}", fmt::join(expected_lines, "\n"));
  const DriverRun driver = read_driver_run(assignment, test, observation, step_calls, outcome);
  const DriverTranscript& transcript = driver.transcript;
  const std::vector<std::string> further = further_aspects(plan);
  if (driver.stop) {
    std::vector<std::string> judged_aspects = {"value", "input_unchanged"};
    judged_aspects.insert(judged_aspects.end(), further.begin(), further.end());
    fail_all_aspects(outcome, judged_aspects, *driver.stop,
                     plan.role == Role::take_action ? std::vector<std::string>{}
                                                    : std::vector<std::string>{"input_unchanged"});
    return outcome;
  }

  outcome.verdict = Verdict::accepted;
  AspectOutcome value{"value", "", true, ""};
  AspectOutcome unchanged{"input_unchanged", "", true, ""};
  std::vector<AspectOutcome> others;
  for (const std::string& name : further) others.push_back({name, "", true, ""});
  std::set<std::string> judged_further;
  for (std::size_t i = 0; i < plan.calls.size(); ++i) {
    const Call& call = plan.calls[i];
    const auto judged = judged_of(plan, call);
    std::size_t last = 0;
    for (const auto& [key, index] : judged) last = std::max(last, index);
    // The first step up to the judged ones that failed is the call's failure (a constructor
    // that threw), except the one that must throw.
    const DriverStepRecord* failed = nullptr;
    std::size_t failed_at = 0;
    for (std::size_t k = 0; k <= last && failed == nullptr; ++k) {
      const DriverStepRecord& step = transcript.steps[first_step[i] + k];
      if (!step.ok && !(call.expects_error && k == last)) {
        failed = &step;
        failed_at = k;
      }
    }
    if (failed != nullptr) {
      const bool graders = std::find(call.grader_steps.begin(), call.grader_steps.end(),
                                     failed_at) != call.grader_steps.end();
      const EarlyStop failure =
          graders ? EarlyStop{Verdict::grader_error,
                              fmt::format("the grader's own step of `{}` failed ({}: {}): {}",
                                          call.text, failed->error_type, failed->error_message,
                                          call.grader_step_problem)}
                  : step_failure(*failed, call.text, driver.module_file);
      if (value.passed) value.feedback = failure.feedback;
      value.passed = false;
      for (AspectOutcome& other : others)
        if (other.passed) other = {other.aspect, "", false, failure.feedback};
      if (outcome.verdict != Verdict::grader_error) outcome.verdict = failure.verdict;
      observed_lines.push_back(fmt::format("{} raised {}", call.text, failed->error_type));
      continue;
    }
    nlohmann::json returned;
    if (call.expects_error) {
      const DriverStepRecord& step = transcript.steps[first_step[i] + last];
      returned = {{"raised", step.ok ? nlohmann::json() : nlohmann::json(step.error_type)},
                  {"message", step.error_message}};
      observed_lines.push_back(step.ok ? fmt::format("{} returned normally", call.text)
                                       : fmt::format("{} threw {}", call.text, step.error_type));
    } else if (judged.size() == 1 && judged[0].first.empty()) {
      returned = transcript.steps[first_step[i] + judged[0].second].value;
      observed_lines.push_back(fmt::format("{} -> {}", call.text, python_repr(returned)));
    } else {
      returned = nlohmann::json::object();
      for (const auto& [key, index] : judged)
        returned[key] = transcript.steps[first_step[i] + index].value;
      observed_lines.push_back(fmt::format("{} -> {}", call.text, python_repr(returned)));
    }
    const std::size_t after = first_step[i] + 2;  // take_action's get
    const bool read_after = plan.role == Role::take_action && transcript.steps[after].ok;
    const bool right =
        judge_call(call, returned, read_after ? &transcript.steps[after].value : nullptr, value,
                   unchanged, outcome.notes);
    judge_further(call, returned, right, others, judged_further, outcome.notes);
  }
  if (!value.passed && outcome.verdict == Verdict::accepted)
    outcome.verdict = Verdict::wrong_answer;
  mark_unjudged_further(others, judged_further);
  outcome.aspects = {value};
  if (plan.role == Role::take_action) outcome.aspects.push_back(unchanged);
  outcome.aspects.insert(outcome.aspects.end(), others.begin(), others.end());
  outcome.observed = fmt::format("{}", fmt::join(observed_lines, "\n"));
  return outcome;
}

std::vector<MutantOutcome> PuzzleFunctionKind::mutant_outcomes(const Assignment& assignment,
                                                               const TestSpec& test) const {
  const Plan plan = make_plan(assignment, test);
  std::vector<MutantOutcome> outcomes;
  std::map<std::string, std::string> slips = kSlips;
  slips.insert(puzzle_function::board_object_slips().begin(),
               puzzle_function::board_object_slips().end());
  for (const auto& [id, mistake] : slips) {
    if (std::none_of(plan.calls.begin(), plan.calls.end(),
                     [&](const Call& call) { return call.slips.contains(id); }))
      continue;
    MutantOutcome mutant{id, mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    AspectOutcome value{"value", "", true, ""};
    AspectOutcome unchanged{"input_unchanged", "", true, ""};
    std::vector<AspectOutcome> others;
    for (const std::string& name : further_aspects(plan)) others.push_back({name, "", true, ""});
    std::set<std::string> judged_further;
    for (const Call& call : plan.calls) {
      const auto slip = call.slips.find(id);
      if (slip == call.slips.end()) continue;  // no slip here: it answers as a correct one
      // mutates_input returns the right board, and leaves the same board in the state passed.
      const nlohmann::json after = id == "mutates_input" ? slip->second : call.state;
      const bool right =
          judge_call(call, slip->second, plan.role == Role::take_action ? &after : nullptr, value,
                     unchanged, mutant.outcome.notes);
      judge_further(call, slip->second, right, others, judged_further, mutant.outcome.notes);
    }
    mark_unjudged_further(others, judged_further);
    mutant.outcome.aspects = {value};
    if (plan.role == Role::take_action) mutant.outcome.aspects.push_back(unchanged);
    mutant.outcome.aspects.insert(mutant.outcome.aspects.end(), others.begin(), others.end());
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
