#include "kinds/print_path_kind.h"

#include <fmt/format.h>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "adapters/search_call_setup.h"
#include "checkers/python_value.h"
#include "checkers/search_judgements.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/domain_trace.h"
#include "reference/depth_limited_search.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {

// The call's arguments, in the driver's encoding, and how feedback writes the call.
struct Plan {
  nlohmann::json start;
  nlohmann::json goal;
  nlohmann::json path = nlohmann::json::array();
  std::vector<ref::State> states;  // the path, as the test's domain names its states
  std::string call;
};

// The reference's iterative-deepening path from `start` to `goal`, within the test's `limit`.
template <class State, class Expand>
std::vector<State> reference_path(const TestSpec& test, const State& start, const State& goal,
                                  const Expand& expand) {
  const auto result = ref::iterative_deepening_search(
      start, goal, expand, static_cast<int>(read_whole(test, "/limit", 0, 1000)), 1'000'000);
  if (result.status != ref::DepthLimitedStatus::found)
    throw SpecError(location_of(test, "/limit"), "the reference finds no path within this limit");
  return result.path;
}

// A board of the spec's sliding-tile `domain` (A2), or one of the spec's `domains` (`domain:`).
Plan make_plan(const Assignment& assignment, const TestSpec& test) {
  Plan plan;
  if (test.input.contains("domain")) {
    const SearchDomain domain = search_domain(assignment, test);
    const auto expand = [&domain](const ref::State& state) {
      return successor_states(domain, state);
    };
    plan.states =
        reference_path(test, domain.problem->initial_state(), single_goal(domain, test), expand);
    for (const ref::State& state : plan.states) plan.path.push_back(domain.value_of(state));
    plan.start = plan.path.front();
    plan.goal = plan.path.back();
  } else {
    const ref::TilePuzzle puzzle = puzzle_for_test(assignment, test);
    const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
    const auto expand = [&](const ref::Tiles& state) {
      return successor_boards(puzzle, order, state);
    };
    plan.start = read_state(test, "start", puzzle, assignment.state_notation);
    plan.goal = puzzle.goal();
    for (const ref::Tiles& state :
         reference_path(test, plan.start.get<ref::Tiles>(), puzzle.goal(), expand)) {
      plan.path.push_back(state);
      plan.states.push_back(ref::tiles_state(state));
    }
  }
  plan.call = fmt::format("{}({}, {}, {})", read_name(test, "/function", "printPath_8p"),
                          python_repr(plan.start), python_repr(plan.goal), python_repr(plan.path));
  return plan;
}

// With `line:`, the printed path is judged as a solve trace is (checkers/domain_trace_checker.h):
// each line the template, the states those of the path the function was handed, in order, and
// each figure ({h}, {g}, {depth}, ...) right for its line.
DomainPathExpected printed_path_expected(const SearchDomain& domain, const Plan& plan,
                                         const TestSpec& test) {
  const double cost =
      walk_path(*domain.problem, StudentPath{StudentPath::Form::states, plan.states, true}).cost;
  DomainPathExpected expected{plan.states,  cost,
                              true,         line_template(test, "line", "{state}", path_fields()),
                              std::nullopt, MaxQueueLine::forbidden};
  expected.algorithm_title = "the path it was handed";
  expected.hints = domain.hints;
  return expected;
}

// The aspects the test reports: `prints`, and with `line:` those of the printed path.
std::vector<std::string> judged_aspects(const TestSpec& test) {
  if (!test.input.contains("line")) return {"prints"};
  return {"prints", "path", "heuristic", "format"};
}

}  // namespace

void PrintPathKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  const Plan plan = make_plan(assignment, test);
  if (test.input.contains("line"))
    printed_path_expected(search_domain(assignment, test), plan, test);
}

Invocation PrintPathKind::invocation(const Assignment& assignment, const TestSpec& test,
                                     const GradingContext& context) const {
  const Plan plan = make_plan(assignment, test);
  nlohmann::json steps = nlohmann::json::array();
  steps.push_back({{"op", "call"},
                   {"function", read_name(test, "/function", "printPath_8p")},
                   {"args", {plan.start, plan.goal, plan.path}}});
  return make_driver_invocation(assignment, test, context, std::move(steps), plan.call);
}

TestOutcome PrintPathKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation) const {
  const Plan plan = make_plan(assignment, test);
  TestOutcome outcome;
  outcome.call = plan.call;
  outcome.expected = "the path printed in a readable form (any format)";
  const DriverRun driver = read_driver_run(assignment, test, observation, {plan.call}, outcome);
  const DriverStepRecord& step = driver.transcript.steps[0];
  if (driver.stop || !step.ok) {
    fail_all_aspects(
        outcome, judged_aspects(test),
        driver.stop ? *driver.stop : step_failure(step, plan.call, driver.module_file));
    return outcome;
  }
  outcome.verdict = Verdict::accepted;
  outcome.observed = elide(step.stdout_text);
  const bool printed = !non_empty_lines(step.stdout_text).empty();
  outcome.aspects.push_back(
      {"prints", "", printed,
       printed ? ""
               : fmt::format("`{}` printed nothing: it should print the path in a readable form",
                             plan.call)});
  if (!test.input.contains("line")) return outcome;
  const SearchDomain domain = search_domain(assignment, test);
  const DomainPathExpected expected = printed_path_expected(domain, plan, test);
  const StateNotation notation = notation_of(domain);
  outcome.expected = expected_path_text(*domain.problem, expected, notation);
  const DomainPathCheck check =
      check_domain_path(*domain.problem, expected, notation, step.stdout_text);
  for (AspectOutcome aspect : {check.path, check.heuristic, check.format}) {
    if (!printed) aspect = {aspect.aspect, "", false, outcome.aspects.front().feedback};
    outcome.aspects.push_back(std::move(aspect));
  }
  for (const std::string& note : check.notes) outcome.notes.push_back(note);
  return outcome;
}

}  // namespace sg
