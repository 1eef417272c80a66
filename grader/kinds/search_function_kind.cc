#include "kinds/search_function_kind.h"

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <tuple>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "adapters/search_call_setup.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/published_figures.h"
#include "reference/depth_limited_search.h"

namespace sg {
namespace {

// Expansions the reference may spend on one test; a spec asking for more is rejected, since the
// student's Python search would need minutes for it.
constexpr std::size_t kReferenceBudget = 3'000'000;

using Outcome = ExpectedSearchResult::Outcome;

// Everything one test needs, derived from the spec: the domain, its rules, the call and the
// reference's answer.
struct Plan {
  bool iterative = true;
  std::string function;
  int limit = 0;
  std::unique_ptr<ref::ExplicitGraph> graph;
  std::unique_ptr<ref::TilePuzzle> puzzle;
  SearchDomainRules rules;
  ExpectedSearchResult expected;
  nlohmann::json actions_callback;
  nlohmann::json take_action_callback;
  std::string call;
  std::string own_call;
  bool own_functions = false;
};

Outcome outcome_of(ref::DepthLimitedStatus status) {
  switch (status) {
    case ref::DepthLimitedStatus::found:
      return Outcome::path;
    case ref::DepthLimitedStatus::cutoff:
      return Outcome::cutoff;
    case ref::DepthLimitedStatus::failure:
      return Outcome::failure;
  }
  return Outcome::failure;
}

template <class State, class Expand>
void solve(Plan& plan, const State& start, const State& goal, const Expand& expand,
           const TestSpec& test) {
  ref::DepthLimitedResult<State> result;
  try {
    result =
        plan.iterative
            ? ref::iterative_deepening_search(start, goal, expand, plan.limit, kReferenceBudget)
            : ref::depth_limited_search(start, goal, expand, plan.limit, kReferenceBudget);
  } catch (const ref::SearchBudgetExceeded&) {
    throw SpecError(
        location_of(test, "/limit"),
        fmt::format(
            "this search needs more than {} expansions: choose a smaller limit or an easier start "
            "(a Python search would take minutes)",
            kReferenceBudget));
  }
  plan.expected.outcome = outcome_of(result.status);
  for (const auto& state : result.path) plan.expected.path.push_back(nlohmann::json(state));
}

// `limit`: the test's own unless given (a mutant's limit off by one).
Plan make_plan(const Assignment& assignment, const TestSpec& test,
               std::optional<int> limit = std::nullopt) {
  Plan plan;
  const std::string algorithm = test.input.value("algorithm", std::string());
  if (algorithm != "iterative_deepening" && algorithm != "depth_limited") {
    throw SpecError(test.input.contains("algorithm") ? location_of(test, "/algorithm") : test.where,
                    "a search_function test needs `algorithm: iterative_deepening` or `algorithm: "
                    "depth_limited`");
  }
  plan.iterative = algorithm == "iterative_deepening";
  plan.function = read_name(test, "/function",
                            plan.iterative ? "iterativeDeepeningSearch" : "depthLimitedSearch");
  plan.limit = limit.value_or(static_cast<int>(read_whole(test, "/limit", 0, 1000)));
  plan.own_functions = read_flag(test, "/own_functions", false);
  plan.expected.includes_start = plan.iterative;
  plan.expected.limit = plan.limit;
  plan.expected.function = plan.function;

  if (test.input.contains("graph") && test.input.contains("domain"))
    throw SpecError(
        location_of(test, "/graph"),
        "give the search `graph:` (its own) or `domain:` (one of the spec's), not both");
  if (test.input.contains("graph")) {
    plan.graph = std::make_unique<ref::ExplicitGraph>(read_graph(test));
    for (const char* key : {"start", "goal"}) {
      if (!test.input.contains(key) || !test.input[key].is_string()) {
        throw SpecError(
            test.input.contains(key) ? location_of(test, fmt::format("/{}", key)) : test.where,
            fmt::format("a graph search needs `{}:` (a node name)", key));
      }
    }
    if (plan.own_functions)
      throw SpecError(location_of(test, "/own_functions"), "own_functions is for puzzle searches");
    const std::string start = test.input["start"];
    const std::string goal = test.input["goal"];
    plan.rules = graph_rules(*plan.graph);
    plan.expected.start = start;
    plan.expected.goal = goal;
    const ref::ExplicitGraph& graph = *plan.graph;
    solve(
        plan, start, goal, [&graph](const std::string& state) { return graph.actions(state); },
        test);
    plan.actions_callback = {{"$fn", "graph_actions"}, {"graph", test.input["graph"]}};
    plan.take_action_callback = {{"$fn", "graph_take_action"}};
  } else if (test.input.contains("domain")) {
    if (plan.own_functions)
      throw SpecError(location_of(test, "/own_functions"), "own_functions is for puzzle searches");
    const auto domain = std::make_shared<const SearchDomain>(search_domain(assignment, test));
    const ref::State goal = single_goal(*domain, test);
    const ref::State start = domain->problem->initial_state();
    plan.rules = domain_rules(domain);
    plan.expected.start = domain->value_of(start);
    plan.expected.goal = domain->value_of(goal);
    solve(
        plan, start, goal,
        [&domain](const ref::State& state) { return successor_states(*domain, state); }, test);
    for (nlohmann::json& state : plan.expected.path)
      state = domain->value_of(state.get<std::string>());
    plan.actions_callback = table_callback(*domain, test, false);
    plan.take_action_callback = table_callback(*domain, test, true);
  } else {
    plan.puzzle = std::make_unique<ref::TilePuzzle>(puzzle_for_test(assignment, test));
    const ref::TilePuzzle& puzzle = *plan.puzzle;
    const ref::Tiles start = read_state(test, "start", puzzle, assignment.state_notation);
    const std::vector<ref::BlankMove> order = assignment_action_order(assignment);
    plan.rules = tile_rules(puzzle);
    plan.expected.start = start;
    plan.expected.goal = puzzle.goal();
    solve(
        plan, start, puzzle.goal(),
        [&puzzle, &order](const ref::Tiles& state) {
          return successor_boards(puzzle, order, state);
        },
        test);
    plan.actions_callback = tile_callback(puzzle, order, false);
    plan.take_action_callback = tile_callback(puzzle, order, true);
  }
  const std::string start_text = plan.rules.render(plan.expected.start);
  const std::string goal_text = plan.rules.render(plan.expected.goal);
  plan.call = fmt::format("{}({}, {}, actionsF, takeActionF, {})", plan.function, start_text,
                          goal_text, plan.limit);
  plan.own_call = fmt::format("{}({}, {}, actionsF_8p, takeActionF_8p, {})", plan.function,
                              start_text, goal_text, plan.limit);
  return plan;
}

// The figures the assignment publishes for this search: its result and its path's moves.
void check_cross(const Plan& plan, const TestSpec& test) {
  const std::string result = plan.expected.outcome == Outcome::path     ? "path"
                             : plan.expected.outcome == Outcome::cutoff ? "cutoff"
                                                                        : "failure";
  const std::string answer =
      plan.expected.outcome == Outcome::path ? render_expected(plan.expected, plan.rules) : result;
  nlohmann::json moves = nullptr;  // no path: no number of moves reproduces it
  if (plan.expected.outcome == Outcome::path)
    moves = static_cast<int>(plan.expected.path.size()) - (plan.iterative ? 1 : 0);
  check_published_figures(test, {{"result", {result, answer}}, {"moves", {moves, answer}}});
}

nlohmann::json search_step(const Plan& plan, const nlohmann::json& actions,
                           const nlohmann::json& take_action) {
  return {{"op", "call"},
          {"function", plan.function},
          {"args", {plan.expected.start, plan.expected.goal, actions, take_action, plan.limit}}};
}

}  // namespace

void SearchFunctionKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  const Plan plan = make_plan(assignment, test);
  check_cross(plan, test);
}

Invocation SearchFunctionKind::invocation(const Assignment& assignment, const TestSpec& test,
                                          const GradingContext& context) const {
  const Plan plan = make_plan(assignment, test);
  nlohmann::json steps = nlohmann::json::array();
  steps.push_back(search_step(plan, plan.actions_callback, plan.take_action_callback));
  if (plan.own_functions) {
    steps.push_back(search_step(plan, {{"$fn", "module"}, {"name", "actionsF_8p"}},
                                {{"$fn", "module"}, {"name", "takeActionF_8p"}}));
  }
  return make_driver_invocation(assignment, test, context, std::move(steps), plan.call);
}

TestOutcome SearchFunctionKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                         const Observation& observation) const {
  const Plan plan = make_plan(assignment, test);
  TestOutcome outcome;
  outcome.call = plan.call;
  outcome.expected = render_expected(plan.expected, plan.rules);
  std::vector<std::string> calls = {plan.call};
  if (plan.own_functions) calls.push_back(plan.own_call);
  const DriverRun driver = read_driver_run(assignment, test, observation, calls, outcome);
  const DriverTranscript& transcript = driver.transcript;
  const std::string& module_file = driver.module_file;
  // A search still running on the student's own functions says nothing about the graded call
  // when that one finished within the limits.
  const bool graded_call_done =
      transcript.steps[0].finished &&
      !output_overflow(transcript.steps[0], plan.call, test.limits.output_bytes);
  if (driver.stop && !(plan.own_functions && graded_call_done)) {
    fail_all_aspects(outcome, aspects(), *driver.stop,
                     plan.own_functions ? std::vector<std::string>{}
                                        : std::vector<std::string>{"own_functions"});
    return outcome;
  }
  outcome.verdict = Verdict::accepted;
  const DriverStepRecord& step = transcript.steps[0];
  if (!step.ok) {
    const EarlyStop failure = step_failure(step, plan.call, module_file);
    outcome.verdict = failure.verdict;
    outcome.aspects.push_back({"result", "", false, failure.feedback});
  } else {
    SearchResultCheck check = check_search_result(plan.expected, plan.rules, step.value);
    outcome.observed = elide(python_repr(step.value), 30, 2000);
    outcome.aspects.push_back(check.result);
    for (auto& note : check.notes) outcome.notes.push_back(std::move(note));
  }
  if (!plan.own_functions) return outcome;
  const DriverStepRecord& own = transcript.steps[1];
  AspectOutcome own_aspect{"own_functions", "", false, ""};
  if (!own.finished) {
    own_aspect.feedback = fmt::format(
        "with your own actionsF_8p and takeActionF_8p, `{}` did not finish within the "
        "limits",
        plan.own_call);
  } else if (!own.ok) {
    own_aspect.feedback = step_failure(own, plan.own_call, module_file).feedback;
  } else {
    SearchResultCheck check = check_search_result(plan.expected, plan.rules, own.value);
    own_aspect.passed = check.result.passed;
    if (!own_aspect.passed) {
      own_aspect.feedback =
          fmt::format("with your own actionsF_8p and takeActionF_8p: {}", check.result.feedback);
    }
  }
  outcome.aspects.push_back(own_aspect);
  return outcome;
}

std::vector<MutantOutcome> SearchFunctionKind::mutant_outcomes(const Assignment& assignment,
                                                               const TestSpec& test) const {
  const Plan plan = make_plan(assignment, test);
  const auto value_of = [](const ExpectedSearchResult& result) -> nlohmann::json {
    switch (result.outcome) {
      case Outcome::path:
        return nlohmann::json(result.path);
      case Outcome::cutoff:
        return "cutoff";
      case Outcome::failure:
        break;
    }
    return "failure";
  };
  std::vector<std::tuple<std::string, std::string, nlohmann::json>> answers;
  const std::string bound = plan.iterative ? "maxDepth" : "depth limit";
  for (const int delta : {+1, -1}) {
    if (plan.limit + delta < 0) continue;
    try {
      const Plan off = make_plan(assignment, test, plan.limit + delta);
      answers.emplace_back(delta > 0 ? "depth_limit_plus_one" : "depth_limit_minus_one",
                           fmt::format("{} one step {} than the {}", delta > 0 ? "goes" : "stops",
                                       delta > 0 ? "deeper" : "shorter", bound),
                           value_of(off.expected));
    } catch (const SpecError&) {
      // The mutant's search would exceed the reference's budget: no answer to compare.
    }
  }
  ExpectedSearchResult failure = plan.expected;
  if (failure.outcome == Outcome::cutoff) failure.outcome = Outcome::failure;
  answers.emplace_back("cutoff_as_failure",
                       "reports 'failure' where the depth limit cut the search off ('cutoff')",
                       value_of(failure));
  std::vector<MutantOutcome> outcomes;
  for (auto& [id, mistake, value] : answers) {
    MutantOutcome mutant{id, mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    const SearchResultCheck check = check_search_result(plan.expected, plan.rules, value);
    mutant.outcome.aspects.push_back(check.result);
    if (plan.own_functions) {
      AspectOutcome own = check.result;
      own.aspect = "own_functions";
      mutant.outcome.aspects.push_back(own);
    }
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
