#include "kinds/heuristic_kind.h"

#include <fmt/format.h>

#include <memory>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "adapters/search_adapter.h"
#include "algorithms/heuristic_mutants.h"
#include "algorithms/search_algorithm.h"
#include "checkers/heuristic_judgements.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/reference_cache.h"
#include "reference/sampled_space.h"
#include "reference/state_space.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {

constexpr std::size_t kBatch = 10000;  // states per driver step

// The test's domain, its whole space with h*, and the baseline its `stronger_than` names.
struct Setup {
  SearchDomain domain;
  std::optional<ref::TilePuzzle> puzzle;  // boards only
  std::shared_ptr<const ref::CostToGoal> space;
  std::optional<HeuristicBaseline> baseline;
  std::optional<InformedTiers> informed;
};

// The test's `sample:` {walks, max_length, seed}, or nullopt.
std::optional<ref::BoardSample> board_sample(const TestSpec& test) {
  if (!test.input.contains("sample")) return std::nullopt;
  read_mapping(test, "/sample", {"walks", "max_length", "seed"},
               "{walks: N, max_length: L, seed: S} (random walks from the goal)");
  ref::BoardSample sample;
  sample.walks = static_cast<std::size_t>(
      read_whole(test, "/sample/walks", 1, 10000, static_cast<long long>(sample.walks)));
  sample.max_length = static_cast<int>(
      read_whole(test, "/sample/max_length", 1, 80, static_cast<long long>(sample.max_length)));
  sample.seed = static_cast<decltype(sample.seed)>(
      read_whole(test, "/sample/seed", 0, 1000000000, static_cast<long long>(sample.seed)));
  return sample;
}

std::size_t max_states(const TestSpec& test) {
  return static_cast<std::size_t>(read_whole(test, "/max_states", 1, 2000000, 200000));
}

// The test's `informed:` {starts, at_most} and `algorithm:` (default: Berkeley's A*, a graph
// search that pushes every path and skips what was expanded, ties first in first out).
InformedTiers informed_tiers(const Assignment& assignment, const TestSpec& test,
                             const Setup& setup) {
  const nlohmann::json& informed =
      read_mapping(test, "/informed", {"starts", "at_most"},
                   "a mapping {starts: [state, ...], at_most: [expansions, ...]}");
  if (setup.space->sampled)
    throw SpecError(location_of(test, "/informed"),
                    "informed: the search may reach any state, so it needs h on the whole space; "
                    "not with `sample:`");
  InformedTiers tiers;
  tiers.policy.strategy = ref::Strategy::astar;
  tiers.policy.duplicates = ref::Duplicates::lazy;
  if (test.input.contains("algorithm")) {
    const SearchAlgorithm algorithm = search_algorithm(assignment, test);
    if (algorithm.family != SearchAlgorithm::Family::best_first ||
        (algorithm.policy.strategy != ref::Strategy::astar &&
         algorithm.policy.strategy != ref::Strategy::greedy_best_first))
      throw SpecError(location_of(test, "/algorithm"),
                      "algorithm: a search guided by h (strategy astar or greedy)");
    tiers.policy = algorithm.policy;
    tiers.algorithm = algorithm.name;
  }
  // A graph search expands each state at most once (lazy or checked, without reopening).
  tiers.policy.max_expansions =
      std::max<std::size_t>(tiers.policy.max_expansions, 2 * setup.space->states.size() + 16);

  if (informed.contains("starts")) {
    const auto& starts = informed["starts"];
    if (!starts.is_array() || starts.empty())
      throw SpecError(location_of(test, "/informed/starts"),
                      "informed.starts: a list of states to search from");
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const auto state = setup.domain.state_of(starts[i]);
      const auto& states = setup.space->states;
      if (!state || std::find(states.begin(), states.end(), *state) == states.end())
        throw SpecError(location_of(test, fmt::format("/informed/starts/{}", i)),
                        fmt::format("informed.starts[{}]: {} is no state of the space the "
                                    "heuristic is judged on",
                                    i, starts[i].dump()));
      tiers.starts.push_back(*state);
    }
  } else if (setup.puzzle) {
    throw SpecError(location_of(test, "/informed"),
                    "informed.starts: the boards to search from (a board's space is enumerated "
                    "from its goal, so there is no start to default to)");
  } else {
    tiers.starts.push_back(setup.domain.problem->initial_state());
  }

  tiers.at_most = read_informed_at_most(test);
  return tiers;
}

Setup setup(const Assignment& assignment, const TestSpec& test) {
  Setup setup;
  if (test.input.contains("domain")) {
    setup.domain = search_domain(assignment, test);
  } else {
    if (!assignment.domain)
      throw SpecError(test.where,
                      "a heuristic test needs `domain:` (one of the spec's `domains`) or the "
                      "spec's sliding-tile `domain`");
    for (const char* key : {"start", "goal"})
      if (test.input.contains(key))
        throw SpecError(location_of(test, std::string("/") + key),
                        "a board's heuristic is checked on every board reachable from the "
                        "domain's goal: no start or goal here");
    setup.puzzle = make_puzzle(assignment, test);
    setup.domain.name = "domain";
    setup.domain.type = "sliding_tile";
    setup.domain.board_notation = find_board_notation(assignment.state_notation);
    setup.domain.board_shape = {setup.puzzle->rows(), setup.puzzle->cols()};
    setup.domain.problem = std::make_shared<ref::TileProblem>(*setup.puzzle, setup.puzzle->goal(),
                                                              assignment_heuristic(assignment));
  }
  const std::size_t limit = max_states(test);
  if (const auto sample = board_sample(test)) {
    if (!setup.puzzle)
      throw SpecError(location_of(test, "/sample"),
                      "sample: for boards (a graph's or maze's space is enumerated whole)");
    if (test.input.contains("max_states"))
      throw SpecError(location_of(test, "/max_states"),
                      "max_states: the space is sampled (`sample:`), not enumerated");
    setup.space = cached_reference<ref::CostToGoal>(assignment, test, "cost-to-goal-sample", [&] {
      try {
        return ref::sample_cost_to_goal(*setup.puzzle, *sample);
      } catch (const std::invalid_argument& error) {
        throw SpecError(location_of(test, "/sample"),
                        fmt::format("sample: the board's optimal costs come from IDA*, which "
                                    "needs a bounded board with one blank ({})",
                                    error.what()));
      }
    });
  }
  if (!setup.space)
    setup.space = cached_reference<ref::CostToGoal>(assignment, test, "cost-to-goal", [&] {
      if (!setup.puzzle) return ref::cost_to_goal(*setup.domain.problem, limit);
      // Boards: the packed enumeration, far faster than the Problem's text states.
      try {
        const ref::StateSpace boards({setup.puzzle->rows(), setup.puzzle->cols(),
                                      setup.puzzle->topology(), setup.puzzle->goal()});
        if (boards.size() > limit) return ref::CostToGoal{false, {}, {}, {}};
        return boards.cost_to_goal();
      } catch (const std::invalid_argument&) {
        return ref::CostToGoal{false, {}, {}, {}};
      }
    });
  if (!setup.space->complete)
    throw SpecError(test.where,
                    fmt::format("the space has more than {} states: raise max_states (up to "
                                "2000000), or check a board's heuristic on a sample (`sample: "
                                "{{walks: 200, max_length: 40, seed: 1}}`)",
                                limit));
  if (test.input.contains("stronger_than")) {
    const auto& name = test.input["stronger_than"];
    const std::string text = name.is_string() ? name.get<std::string>() : "";
    HeuristicBaseline baseline;
    const auto& states = setup.space->states;
    if (text == "domain") {
      baseline.name =
          setup.puzzle ? heuristic_wording(assignment_heuristic(assignment)) : "domain's heuristic";
      for (const auto& state : states) baseline.values.push_back(setup.domain.problem->h(state));
    } else if (setup.puzzle && (text == "manhattan" || text == "misplaced")) {
      const ref::Heuristic heuristic =
          text == "manhattan" ? ref::Heuristic::manhattan : ref::Heuristic::misplaced_tiles;
      baseline.name = heuristic_wording(heuristic);
      for (const auto& state : states)
        baseline.values.push_back(
            ref::evaluate(*setup.puzzle, *ref::parse_tiles_state(state), heuristic));
    } else {
      throw SpecError(location_of(test, "/stronger_than"),
                      setup.puzzle ? "stronger_than: domain, manhattan or misplaced"
                                   : "stronger_than: domain (the domain's own heuristic)");
    }
    setup.baseline = std::move(baseline);
  }
  if (test.input.contains("informed"))
    setup.informed = informed_tiers(assignment, test, setup);
  else if (test.input.contains("algorithm"))
    throw SpecError(location_of(test, "/algorithm"),
                    "algorithm: the search that `informed:` counts expansions of; this test has "
                    "no `informed:`");
  return setup;
}

// A state as feedback shows it: a board as its rows ("_" for a blank), else its text.
std::function<std::string(const ref::State&)> drawer(const Setup& setup) {
  if (!setup.puzzle) return [](const ref::State& state) { return state; };
  const int cols = setup.puzzle->cols();
  return [cols](const ref::State& state) {
    const auto tiles = ref::parse_tiles_state(state);
    if (!tiles) return state;
    std::string text;
    for (std::size_t i = 0; i < tiles->size(); ++i) {
      if (i > 0) text += i % static_cast<std::size_t>(cols) == 0 ? "\n" : " ";
      text += (*tiles)[i] == 0 ? std::string("_") : std::to_string((*tiles)[i]);
    }
    return text + "    " + state;
  };
}

std::string call_text(const TestSpec& test) {
  const CallWords call = call_words(test);
  return fmt::format("{}({}) on every state", call.function, fmt::join(call.arguments, ", "));
}

// The judgements of `h`, as the test's aspects (h itself was read: `values` passes).
std::vector<AspectOutcome> judged(const Setup& setup, const std::vector<double>& h,
                                  std::vector<std::string>& notes) {
  std::vector<AspectOutcome> aspects{{"values", "", true, ""}};
  for (auto& aspect :
       judge_heuristic_aspects(*setup.domain.problem, *setup.space, h, setup.baseline,
                               drawer(setup), setup.informed, true, notes))
    aspects.push_back(std::move(aspect));
  return aspects;
}

}  // namespace

std::vector<std::size_t> read_informed_at_most(const TestSpec& test) {
  const auto& informed =
      test.input.contains("informed") ? test.input["informed"] : nlohmann::json();
  const auto& at_most =
      informed.is_object() && informed.contains("at_most") ? informed["at_most"] : nlohmann::json();
  const std::string expected = fmt::format(
      "informed.at_most: 1 to {} whole numbers of expansions, each below the one before "
      "(e.g. [15000, 12000, 9000, 7000])",
      kMaxInformedTiers);
  if (!at_most.is_array() || at_most.empty() || at_most.size() > kMaxInformedTiers)
    throw SpecError(location_of(test, "/informed/at_most"), expected);
  std::vector<std::size_t> tiers;
  for (std::size_t k = 0; k < at_most.size(); ++k) {
    if (!at_most[k].is_number_integer() || at_most[k].get<long long>() < 0 ||
        (k > 0 && at_most[k].get<long long>() >= at_most[k - 1].get<long long>()))
      throw SpecError(location_of(test, fmt::format("/informed/at_most/{}", k)), expected);
    tiers.push_back(at_most[k].get<std::size_t>());
  }
  return tiers;
}

void HeuristicKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (assignment.submission.language != "python")
    throw SpecError(test.where, "a heuristic test calls Python: `language: python`");
  const CallWords call = call_words(test);
  if (std::find(call.arguments.begin(), call.arguments.end(), "state") == call.arguments.end())
    throw SpecError(location_of(test, "/call"),
                    "call: the heuristic takes each state: put `state` among its arguments, "
                    "e.g. \"h(state)\"");
  const Setup checked = setup(assignment, test);
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
  const Setup checked = setup(assignment, test);
  const CallWords call = call_words(test);
  nlohmann::json steps = nlohmann::json::array();
  std::vector<nlohmann::json> fixed;
  for (const std::string& word : call.arguments) {
    if (word == "state") {
      fixed.push_back(nullptr);
      continue;
    }
    steps.push_back({{"op", "let"},
                     {"bind", "arg_" + word},
                     {"value", call_argument(word, assignment, test, checked.domain)}});
    fixed.push_back({{"$ref", "arg_" + word}});
  }
  const auto& states = checked.space->states;
  for (std::size_t first = 0; first < states.size(); first += kBatch) {
    nlohmann::json args_list = nlohmann::json::array();
    for (std::size_t i = first; i < std::min(states.size(), first + kBatch); ++i) {
      nlohmann::json args = nlohmann::json::array();
      for (std::size_t a = 0; a < call.arguments.size(); ++a)
        args.push_back(fixed[a].is_null() ? checked.domain.value_of(states[i]) : fixed[a]);
      args_list.push_back(std::move(args));
    }
    steps.push_back({{"op", "map"}, {"function", call.function}, {"args_list", args_list}});
  }
  Invocation invocation =
      make_driver_invocation(assignment, test, context, std::move(steps), call_text(test));
  // Every value comes back in the transcript: room for each, beyond what students print.
  invocation.limits.output_bytes += states.size() * 32;
  return invocation;
}

TestOutcome HeuristicKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation) const {
  const Setup checked = setup(assignment, test);
  const CallWords call = call_words(test);
  const auto& states = checked.space->states;
  std::size_t fixed = 0;
  for (const std::string& word : call.arguments) fixed += word != "state";
  const std::size_t batches = (states.size() + kBatch - 1) / kBatch;

  TestOutcome outcome;
  outcome.call = call_text(test);
  outcome.expected = heuristic_expectation(*checked.space, checked.baseline);
  if (checked.informed)
    outcome.expected += fmt::format(
        "\n  informed: {} guided by h from {} start(s) expands at most {} state(s) in all, "
        "tier by tier (h admissible)",
        checked.informed->algorithm, checked.informed->starts.size(),
        fmt::join(checked.informed->at_most, " / "));
  const DriverRun driver =
      read_driver_run(assignment, test, observation,
                      std::vector<std::string>(fixed + batches, outcome.call), outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop);
    return outcome;
  }
  const DriverTranscript& transcript = driver.transcript;
  std::vector<double> h;
  h.reserve(states.size());
  const auto state_call = [&](std::size_t i) {
    return fmt::format("{}({})", call.function, python_repr(checked.domain.value_of(states[i])));
  };
  for (std::size_t b = 0; b < batches; ++b) {
    const DriverStepRecord& step = transcript.steps[fixed + b];
    if (!step.ok) {
      const std::size_t at = b * kBatch + step.error_index.value_or(0);
      fail_all_aspects(outcome, aspects(),
                       step_failure(step, at < states.size() ? state_call(at) : outcome.call,
                                    driver.module_file));
      return outcome;
    }
    for (const auto& value : step.value) {
      const std::size_t i = h.size();
      if (!value.is_number() || value.get<double>() < 0) {
        fail_all_aspects(outcome, aspects(),
                         EarlyStop{Verdict::wrong_answer,
                                   fmt::format("{} returned {}: a heuristic returns a number "
                                               ">= 0",
                                               state_call(i), python_repr(value))});
        return outcome;
      }
      h.push_back(value.get<double>());
    }
  }
  if (h.size() != states.size())
    throw std::runtime_error(
        fmt::format("the driver returned {} values for {} states", h.size(), states.size()));
  outcome.verdict = Verdict::accepted;
  outcome.aspects = judged(checked, h, outcome.notes);
  outcome.observed = fmt::format("{} values, from {} to {}", h.size(),
                                 h.empty() ? 0 : *std::min_element(h.begin(), h.end()),
                                 h.empty() ? 0 : *std::max_element(h.begin(), h.end()));
  return outcome;
}

std::vector<MutantOutcome> HeuristicKind::mutant_outcomes(const Assignment& assignment,
                                                          const TestSpec& test) const {
  const Setup checked = setup(assignment, test);
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
