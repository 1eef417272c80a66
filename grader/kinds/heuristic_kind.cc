#include "kinds/heuristic_kind.h"

#include <fmt/format.h>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/search_adapter.h"
#include "adapters/state_map.h"
#include "algorithms/heuristic_mutants.h"
#include "algorithms/heuristic_space.h"
#include "checkers/heuristic_judgements.h"
#include "checkers/python_value.h"
#include "domains/reference_cache.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"

namespace sg {
namespace {

// The judgements of `h`, as the test's aspects (h itself was read: `values` passes).
std::vector<AspectOutcome> judged(const HeuristicSpace& setup, const std::vector<double>& h,
                                  std::vector<std::string>& notes) {
  std::vector<AspectOutcome> aspects{{"values", "", true, ""}};
  for (auto& aspect :
       judge_heuristic_aspects(*setup.domain.problem, *setup.space, h, setup.baseline,
                               state_drawer(setup), setup.informed, true, notes))
    aspects.push_back(std::move(aspect));
  return aspects;
}

}  // namespace

void HeuristicKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (assignment.submission.language != "python")
    throw SpecError(test.where, "a heuristic test calls Python: `language: python`");
  const CallWords call = call_words(test);
  if (std::find(call.arguments.begin(), call.arguments.end(), "state") == call.arguments.end())
    throw SpecError(location_of(test, "/call"),
                    "call: the heuristic takes each state: put `state` among its arguments, "
                    "e.g. \"h(state)\"");
  const HeuristicSpace checked = heuristic_space(assignment, test);
  for (const std::string& word : call.arguments)
    if (word != "state") call_argument(word, assignment, test, checked.domain);
  const std::size_t tiers = checked.informed ? checked.informed->at_most.size() : 0;
  for (const auto& [aspect, criteria] : test.grades)
    for (std::size_t k = tiers + 1; k <= kMaxInformedTiers; ++k)
      if (aspect == fmt::format("informed_{}", k))
        throw SpecError(location_of(test, "/grades/" + aspect),
                        fmt::format("grades: {} is a tier this test does not state (informed."
                                    "at_most has {})",
                                    aspect, tiers));
}

Invocation HeuristicKind::invocation(const Assignment& assignment, const TestSpec& test,
                                     const GradingContext& context) const {
  const HeuristicSpace checked = heuristic_space(assignment, test);
  const CallWords call = call_words(test);
  const auto states = states_as_asked(checked);
  // The same steps for every submission (the whole space's states): built once per spec.
  const auto steps = cached_reference<nlohmann::json>(assignment, test, "state-map-steps", [&] {
    return state_map_steps(assignment, test, call, checked.domain, states);
  });
  Invocation invocation =
      make_driver_invocation(assignment, test, context, *steps, state_map_text(call));
  // Every value comes back in the transcript: room for each, beyond what students print.
  invocation.limits.output_bytes += states.size() * 32;
  return invocation;
}

TestOutcome HeuristicKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation) const {
  const HeuristicSpace checked = heuristic_space(assignment, test);
  const CallWords call = call_words(test);
  const auto states = states_as_asked(checked);
  TestOutcome outcome;
  outcome.call = state_map_text(call);
  outcome.expected = heuristic_expectation(*checked.space, checked.baseline);
  if (checked.informed)
    outcome.expected += fmt::format(
        "\n  informed: {} guided by h from {} start(s) expands at most {} state(s) in all, "
        "tier by tier (h admissible)",
        checked.informed->algorithm, checked.informed->starts.size(),
        fmt::join(checked.informed->at_most, " / "));
  const DriverRun driver = read_driver_run(
      assignment, test, observation,
      std::vector<std::string>(state_map_step_count(call, states.size()), outcome.call), outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop);
    return outcome;
  }
  const MappedValues mapped =
      read_state_map(call, driver.transcript, checked.domain, states, driver.module_file);
  std::vector<double> h;
  h.reserve(states.size());
  for (const nlohmann::json& value : mapped.values) {
    if (!value.is_number() || value.get<double>() < 0) {
      fail_all_aspects(
          outcome, aspects(),
          EarlyStop{Verdict::wrong_answer,
                    fmt::format("{} returned {}: a heuristic returns a number >= 0",
                                state_call_text(call, checked.domain, states[h.size()]),
                                python_repr(value))});
      return outcome;
    }
    h.push_back(value.get<double>());
  }
  if (mapped.failure) {
    fail_all_aspects(outcome, aspects(), *mapped.failure);
    return outcome;
  }
  std::vector<double> h_by_state(h.size());  // back in the space's order
  for (std::size_t i = 0; i < h.size(); ++i) h_by_state[(*checked.asked)[i]] = h[i];
  h = std::move(h_by_state);
  outcome.verdict = Verdict::accepted;
  outcome.aspects = judged(checked, h, outcome.notes);
  outcome.observed = fmt::format("{} values, from {} to {}", h.size(),
                                 h.empty() ? 0 : *std::min_element(h.begin(), h.end()),
                                 h.empty() ? 0 : *std::max_element(h.begin(), h.end()));
  return outcome;
}

std::vector<MutantOutcome> HeuristicKind::mutant_outcomes(const Assignment& assignment,
                                                          const TestSpec& test) const {
  const HeuristicSpace checked = heuristic_space(assignment, test);
  std::vector<MutantOutcome> outcomes;
  for (const HeuristicMutant& slip :
       heuristic_mutants(*checked.domain.problem, checked.space->states,
                         checked.puzzle ? &*checked.puzzle : nullptr,
                         checked.puzzle ? assignment_heuristic(assignment) : ref::Heuristic{})) {
    MutantOutcome mutant{slip.id, slip.mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects = judged(checked, slip.values, mutant.outcome.notes);
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
