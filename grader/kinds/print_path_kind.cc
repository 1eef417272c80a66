#include "kinds/print_path_kind.h"

#include <fmt/format.h>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "adapters/search_call_setup.h"
#include "checkers/state_text.h"
#include "domains/sliding_tile_setup.h"
#include "reference/depth_limited_search.h"

namespace sg {
namespace {

struct Plan {
  ref::Tiles start;
  ref::Tiles goal;
  std::vector<ref::Tiles> path;
  std::string call;
};

Plan make_plan(const Assignment& assignment, const TestSpec& test) {
  const ref::TilePuzzle puzzle = puzzle_for_test(assignment, test);
  const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
  Plan plan;
  plan.start = read_state(test, "start", puzzle, assignment.state_notation);
  plan.goal = puzzle.goal();
  const auto expand = [&](const ref::Tiles& state) {
    std::vector<ref::Tiles> children;
    for (auto& successor : puzzle.successors(state, order))
      children.push_back(std::move(successor.state));
    return children;
  };
  const auto result = ref::iterative_deepening_search(
      plan.start, plan.goal, expand, static_cast<int>(read_whole(test, "/limit", 0, 1000)),
      1'000'000);
  if (result.status != ref::DepthLimitedStatus::found) {
    throw SpecError(location_of(test, "/limit"), "the reference finds no path within this limit");
  }
  plan.path = result.path;
  std::vector<std::string> states;
  for (const auto& state : plan.path) states.push_back(python_list(state));
  plan.call = fmt::format("{}({}, {}, [{}])", read_name(test, "/function", "printPath_8p"),
                          python_list(plan.start), python_list(plan.goal), fmt::join(states, ", "));
  return plan;
}

}  // namespace

void PrintPathKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  make_plan(assignment, test);
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
  const std::string module_file = submission_file(assignment);
  TestOutcome outcome;
  outcome.call = plan.call;
  outcome.expected = "the path printed in a readable form (any format)";
  record_metrics(outcome, observation);
  const DriverTranscript transcript = read_transcript(observation, 1);
  outcome.notes = import_notes(transcript, module_file);
  if (auto stop = diagnose_early_stop(observation, transcript, {plan.call}, module_file)) {
    fail_all_aspects(outcome, aspects(), *stop);
    return outcome;
  }
  const DriverStepRecord& step = transcript.steps[0];
  if (!step.ok) {
    fail_all_aspects(outcome, aspects(), step_failure(step, plan.call, module_file));
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
  return outcome;
}

}  // namespace sg
