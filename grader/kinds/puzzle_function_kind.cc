#include "kinds/puzzle_function_kind.h"

#include <fmt/format.h>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "adapters/search_call_setup.h"
#include "checkers/puzzle_function_checker.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/sliding_tile_setup.h"

namespace sg {
namespace {

enum class Role { find_blank, actions, take_action };

// One call of the function under test.
struct Call {
  ref::Tiles state;
  std::optional<ref::BlankMove> move;  // take_action only
  std::string text;                    // "takeActionF_8p([1, 2, ...], 'up')"
};

struct Plan {
  Role role = Role::find_blank;
  std::string function;
  std::vector<Call> calls;
};

Plan make_plan(const Assignment& assignment, const TestSpec& test, const ref::TilePuzzle& puzzle) {
  Plan plan;
  const std::string role = test.input.value("role", std::string());
  if (role == "find_blank") {
    plan.role = Role::find_blank;
  } else if (role == "actions") {
    plan.role = Role::actions;
  } else if (role == "take_action") {
    plan.role = Role::take_action;
  } else {
    throw SpecError(test.input.contains("role") ? location_of(test, "/role") : test.where,
                    "a puzzle_function test needs `role:` find_blank, actions or take_action");
  }
  plan.function = function_name(test, plan.role == Role::find_blank ? "findBlank_8p"
                                      : plan.role == Role::actions  ? "actionsF_8p"
                                                                    : "takeActionF_8p");
  if (!test.input.contains("states") || !test.input["states"].is_array() ||
      test.input["states"].empty()) {
    throw SpecError(test.where, "a puzzle_function test needs `states:` (a list of states)");
  }
  std::vector<ref::BlankMove> moves;
  if (test.input.contains("actions")) {
    if (plan.role != Role::take_action)
      throw SpecError(location_of(test, "/actions"), "`actions` is for take_action");
    if (!test.input["actions"].is_array())
      throw SpecError(location_of(test, "/actions"), "`actions` must be a list");
    for (const auto& name : test.input["actions"]) {
      const auto move =
          name.is_string() ? ref::parse_blank_move(name.get<std::string>()) : std::nullopt;
      if (!move)
        throw SpecError(location_of(test, "/actions"), "actions are left, right, up or down");
      moves.push_back(*move);
    }
  }
  const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
  for (std::size_t i = 0; i < test.input["states"].size(); ++i) {
    const auto state = as_int_list(test.input["states"][i]);
    const SourceLocation where = location_of(test, fmt::format("/states/{}", i));
    if (!state) throw SpecError(where, "each state must be a list of integers");
    if (const std::string problem = puzzle.validate(*state); !problem.empty()) {
      throw SpecError(
          where, fmt::format("{} is not a state of this puzzle: {}", python_list(*state), problem));
    }
    if (plan.role != Role::take_action) {
      plan.calls.push_back(
          {*state, std::nullopt, fmt::format("{}({})", plan.function, python_list(*state))});
      continue;
    }
    std::vector<ref::BlankMove> applied = moves;
    if (applied.empty()) {
      for (const auto& successor : puzzle.successors(*state, order))
        applied.push_back(successor.move);
    }
    for (const auto move : applied) {
      if (!puzzle.result(*state, move)) {
        throw SpecError(where, fmt::format("'{}' is not a legal action in {}", ref::to_string(move),
                                           python_list(*state)));
      }
      plan.calls.push_back(
          {*state, move,
           fmt::format("{}({}, '{}')", plan.function, python_list(*state), ref::to_string(move))});
    }
  }
  return plan;
}

// The test's puzzle: findBlank takes boards with several blanks (it returns every blank's
// cell); actions and take_action name THE blank's moves, so they need one.
ref::TilePuzzle test_puzzle(const Assignment& assignment, const TestSpec& test) {
  return puzzle_for_test(assignment, test, test.input.value("role", "") != "find_blank");
}

// Driver steps: per call, [let, call, get] for take_action (to see mutation), else [call].
std::size_t steps_per_call(const Plan& plan) { return plan.role == Role::take_action ? 3 : 1; }

FunctionCallCheck judge(const Plan& plan, const Call& call, const ref::TilePuzzle& puzzle,
                        const std::vector<ref::BlankMove>& order, const nlohmann::json& value) {
  switch (plan.role) {
    case Role::find_blank:
      return check_find_blank(puzzle, call.state, value, call.text);
    case Role::actions:
      return check_actions(puzzle, call.state, order, value, call.text);
    case Role::take_action:
      return check_take_action(puzzle, call.state, *call.move, value, call.text);
  }
  return {};
}

// What a correct function returns for `call`, as feedback shows it.
std::string expected_text(const Plan& plan, const Call& call, const ref::TilePuzzle& puzzle,
                          const std::vector<ref::BlankMove>& order) {
  switch (plan.role) {
    case Role::find_blank:
      return expected_blanks_text(puzzle, call.state);
    case Role::actions: {
      std::vector<std::string> names;
      for (const auto& name : legal_actions(puzzle, call.state, order))
        names.push_back("'" + name + "'");
      return fmt::format("[{}]", fmt::join(names, ", "));
    }
    case Role::take_action:
      return python_list(*puzzle.result(call.state, *call.move));
  }
  return "";
}

}  // namespace

void PuzzleFunctionKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  const ref::TilePuzzle puzzle = test_puzzle(assignment, test);
  const Plan plan = make_plan(assignment, test, puzzle);
  if (!test.input.contains("cross_check")) return;
  const auto& pinned = test.input["cross_check"];
  const SourceLocation where = location_of(test, "/cross_check");
  if (!pinned.is_object() || !pinned.contains("value") || pinned.size() != 1) {
    throw SpecError(
        where, "cross_check must be {value: what the assignment publishes for the first call}");
  }
  const FunctionCallCheck check =
      judge(plan, plan.calls[0], puzzle, assignment_action_order(assignment), pinned["value"]);
  if (!check.passed) {
    throw SpecError(
        where, fmt::format("the reference disagrees with the published value: {}", check.feedback));
  }
}

Invocation PuzzleFunctionKind::invocation(const Assignment& assignment, const TestSpec& test,
                                          const GradingContext& context) const {
  const ref::TilePuzzle puzzle = test_puzzle(assignment, test);
  const Plan plan = make_plan(assignment, test, puzzle);
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& call : plan.calls) {
    if (plan.role == Role::take_action) {
      steps.push_back({{"op", "let"}, {"bind", "state"}, {"value", call.state}});
      steps.push_back({{"op", "call"},
                       {"function", plan.function},
                       {"args", {{{"$ref", "state"}}, ref::to_string(*call.move)}}});
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
  const ref::TilePuzzle puzzle = test_puzzle(assignment, test);
  const Plan plan = make_plan(assignment, test, puzzle);
  const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
  const std::string module_file = submission_file(assignment);
  const std::size_t per_call = steps_per_call(plan);

  TestOutcome outcome;
  outcome.call = plan.calls.size() == 1
                     ? plan.calls[0].text
                     : fmt::format("{} on {} states", plan.function, test.input["states"].size());
  record_metrics(outcome, observation);
  std::vector<std::string> step_calls;
  std::vector<std::string> expected_lines, observed_lines;
  for (const auto& call : plan.calls) {
    for (std::size_t i = 0; i < per_call; ++i) step_calls.push_back(call.text);
    expected_lines.push_back(
        fmt::format("{} -> {}", call.text, expected_text(plan, call, puzzle, order)));
  }
  outcome.expected = fmt::format("{}", fmt::join(expected_lines, "\n"));
  const DriverTranscript transcript = read_transcript(observation, step_calls.size());
  outcome.notes = import_notes(transcript, module_file);
  const std::vector<std::string> unjudged = plan.role == Role::take_action
                                                ? std::vector<std::string>{}
                                                : std::vector<std::string>{"input_unchanged"};
  if (auto stop = diagnose_early_stop(observation, transcript, step_calls, module_file)) {
    fail_all_aspects(outcome, aspects(), *stop, unjudged);
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
      const EarlyStop failure = step_failure(step, call.text, module_file);
      if (value.passed) value.feedback = failure.feedback;
      value.passed = false;
      outcome.verdict = failure.verdict;
      observed_lines.push_back(fmt::format("{} raised {}", call.text, step.error_type));
      continue;
    }
    observed_lines.push_back(fmt::format("{} -> {}", call.text, python_repr(step.value)));
    FunctionCallCheck check = judge(plan, call, puzzle, order, step.value);
    if (!check.passed && value.passed) {
      value.passed = false;
      value.feedback = check.feedback;
    }
    for (auto& note : check.notes) {
      if (std::find(outcome.notes.begin(), outcome.notes.end(), note) == outcome.notes.end()) {
        outcome.notes.push_back(std::move(note));
      }
    }
    if (plan.role == Role::take_action && unchanged.passed && transcript.steps[index + 1].ok) {
      const FunctionCallCheck same =
          check_unchanged(call.state, transcript.steps[index + 1].value, call.text);
      unchanged.passed = same.passed;
      unchanged.feedback = same.feedback;
    }
  }
  outcome.aspects = {value};
  if (plan.role == Role::take_action) outcome.aspects.push_back(unchanged);
  outcome.observed = fmt::format("{}", fmt::join(observed_lines, "\n"));
  return outcome;
}

}  // namespace sg
