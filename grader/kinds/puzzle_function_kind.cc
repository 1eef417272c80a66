#include "kinds/puzzle_function_kind.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <memory>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "checkers/domain_function_checker.h"
#include "checkers/puzzle_function_checker.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "notation/line_template.h"  // number_text

namespace sg {
namespace {

enum class Role { find_blank, actions, take_action, goal_test, heuristic };

using Judge = std::function<FunctionCallCheck(const nlohmann::json& returned)>;

// One call of the function under test, with what judges it.
struct Call {
  std::string text;                   // "takeActionF_8p([1, 2, ...], 'up')"
  nlohmann::json state;               // the state passed, in the driver's encoding
  std::optional<std::string> action;  // take_action only
  Judge judge;                        // the returned value
  Judge unchanged;                    // take_action: the state passed, read after the call
  std::string expected;               // what a correct function returns, as feedback shows it
  // What a function with a classic slip returns here (mutant id -> value, driver encoding);
  // mutates_input's is the right board, which it also leaves in the state passed.
  std::map<std::string, nlohmann::json> slips = {};
};

// The slips' mistakes, in the student's terms (the mutants audit runs as students).
const std::map<std::string, std::string> kSlips = {
    {"row_col_swapped", "returns the blank's (column, row), not (row, column)"},
    {"actions_reversed", "lists the actions in the reverse of the required order"},
    {"left_right_mirrored", "mirrors left and right (names the tile's move, not the blank's)"},
    {"mutates_input", "moves the tiles of the state it is given, with no copy"}};

std::string mirrored(const std::string& name) {
  return name == "left" ? "right" : name == "right" ? "left" : name;
}

struct Plan {
  Role role = Role::find_blank;
  std::string function;
  std::vector<Call> calls;
};

Role read_role(const TestSpec& test) {
  const std::string role = test.input.value("role", std::string());
  if (role == "find_blank") return Role::find_blank;
  if (role == "actions") return Role::actions;
  if (role == "take_action") return Role::take_action;
  if (role == "goal_test") return Role::goal_test;
  if (role == "h") return Role::heuristic;
  throw SpecError(test.input.contains("role") ? location_of(test, "/role") : test.where,
                  "a puzzle_function test needs `role:` find_blank, actions, take_action, "
                  "goal_test or h");
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

// A board of the spec's sliding-tile `domain` (A2's helpers): findBlank, goal_test and h take
// boards with several blanks (findBlank returns every blank's cell); actions and take_action
// name THE blank's moves, so they need one.
void plan_tile_calls(const Assignment& assignment, const TestSpec& test, Plan& plan) {
  const auto puzzle = std::make_shared<const ref::TilePuzzle>(puzzle_for_test(
      assignment, test, plan.role == Role::actions || plan.role == Role::take_action));
  const ref::Heuristic heuristic = assignment_heuristic(assignment);
  const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
  std::vector<ref::BlankMove> moves;
  for (const std::string& name : read_actions(test, plan.role)) {
    const auto move = ref::parse_blank_move(name);
    if (!move)
      throw SpecError(location_of(test, "/actions"), "actions are left, right, up or down");
    moves.push_back(*move);
  }
  for (const auto& [value, where] : read_states(test)) {
    const auto state = as_int_list(value);
    if (!state) throw SpecError(where, "each state must be a list of integers");
    if (const std::string problem = puzzle->validate(*state); !problem.empty())
      throw SpecError(
          where, fmt::format("{} is not a state of this puzzle: {}", python_list(*state), problem));
    const std::string text = fmt::format("{}({})", plan.function, python_list(*state));
    const ref::Tiles tiles = *state;
    if (plan.role == Role::goal_test || plan.role == Role::heuristic) {
      plan.calls.push_back(value_call(plan.role, text, tiles, tiles == puzzle->goal(),
                                      ref::evaluate(*puzzle, tiles, heuristic),
                                      heuristic_wording(heuristic)));
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
  const bool on_domain = test.input.contains("domain");
  const char* const fallback[5][2] = {{"findBlank_8p", "findBlank_8p"},
                                      {"actionsF_8p", "actions"},
                                      {"takeActionF_8p", "result"},
                                      {"goal_test", "goal_test"},
                                      {"h", "h"}};
  plan.function =
      read_name(test, "/function", fallback[static_cast<int>(plan.role)][on_domain ? 1 : 0]);
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
void judge_call(const Call& call, const nlohmann::json& returned, const nlohmann::json* after,
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
}

// Driver steps: per call, [let, call, get] for take_action (to see mutation), else [call].
std::size_t steps_per_call(const Plan& plan) { return plan.role == Role::take_action ? 3 : 1; }

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
  for (const auto& call : plan.calls) {
    if (plan.role == Role::take_action) {
      steps.push_back({{"op", "let"}, {"bind", "state"}, {"value", call.state}});
      steps.push_back({{"op", "call"},
                       {"function", plan.function},
                       {"args", {{{"$ref", "state"}}, *call.action}}});
      steps.push_back({{"op", "get"}, {"target", "state"}});
    } else {
      steps.push_back({{"op", "call"}, {"function", plan.function}, {"args", {call.state}}});
    }
  }
  const std::string description =
      plan.calls.size() == 1 ? plan.calls[0].text
                             : fmt::format("{} ({} calls)", plan.calls[0].text, plan.calls.size());
  return make_driver_invocation(assignment, test, context, std::move(steps), description);
}

TestOutcome PuzzleFunctionKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                         const Observation& observation) const {
  const Plan plan = make_plan(assignment, test);
  const std::size_t per_call = steps_per_call(plan);

  TestOutcome outcome;
  outcome.call = plan.calls.size() == 1
                     ? plan.calls[0].text
                     : fmt::format("{} on {} states", plan.function, test.input["states"].size());
  std::vector<std::string> step_calls;
  std::vector<std::string> expected_lines, observed_lines;
  for (const auto& call : plan.calls) {
    for (std::size_t i = 0; i < per_call; ++i) step_calls.push_back(call.text);
    expected_lines.push_back(fmt::format("{} -> {}", call.text, call.expected));
  }
  outcome.expected = fmt::format("{}", fmt::join(expected_lines, "\n"));
  const DriverRun driver = read_driver_run(assignment, test, observation, step_calls, outcome);
  const DriverTranscript& transcript = driver.transcript;
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop,
                     plan.role == Role::take_action ? std::vector<std::string>{}
                                                    : std::vector<std::string>{"input_unchanged"});
    return outcome;
  }

  outcome.verdict = Verdict::accepted;
  AspectOutcome value{"value", "", true, ""};
  AspectOutcome unchanged{"input_unchanged", "", true, ""};
  for (std::size_t i = 0; i < plan.calls.size(); ++i) {
    const Call& call = plan.calls[i];
    const std::size_t index = i * per_call + (plan.role == Role::take_action ? 1 : 0);
    const DriverStepRecord& step = transcript.steps[index];
    if (!step.ok) {
      const EarlyStop failure = step_failure(step, call.text, driver.module_file);
      if (value.passed) value.feedback = failure.feedback;
      value.passed = false;
      outcome.verdict = failure.verdict;
      observed_lines.push_back(fmt::format("{} raised {}", call.text, step.error_type));
      continue;
    }
    observed_lines.push_back(fmt::format("{} -> {}", call.text, python_repr(step.value)));
    const bool read_after = plan.role == Role::take_action && transcript.steps[index + 1].ok;
    judge_call(call, step.value, read_after ? &transcript.steps[index + 1].value : nullptr, value,
               unchanged, outcome.notes);
  }
  outcome.aspects = {value};
  if (plan.role == Role::take_action) outcome.aspects.push_back(unchanged);
  outcome.observed = fmt::format("{}", fmt::join(observed_lines, "\n"));
  return outcome;
}

std::vector<MutantOutcome> PuzzleFunctionKind::mutant_outcomes(const Assignment& assignment,
                                                               const TestSpec& test) const {
  const Plan plan = make_plan(assignment, test);
  std::vector<MutantOutcome> outcomes;
  for (const auto& [id, mistake] : kSlips) {
    if (std::none_of(plan.calls.begin(), plan.calls.end(),
                     [&](const Call& call) { return call.slips.contains(id); }))
      continue;
    MutantOutcome mutant{id, mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    AspectOutcome value{"value", "", true, ""};
    AspectOutcome unchanged{"input_unchanged", "", true, ""};
    for (const Call& call : plan.calls) {
      const auto slip = call.slips.find(id);
      if (slip == call.slips.end()) continue;  // no slip here: it answers as a correct one
      // mutates_input returns the right board, and leaves the same board in the state passed.
      const nlohmann::json after = id == "mutates_input" ? slip->second : call.state;
      judge_call(call, slip->second, plan.role == Role::take_action ? &after : nullptr, value,
                 unchanged, mutant.outcome.notes);
    }
    mutant.outcome.aspects = {value};
    if (plan.role == Role::take_action) mutant.outcome.aspects.push_back(unchanged);
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
