#include "algorithms/heuristic_space.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "algorithms/search_algorithm.h"
#include "domains/reference_cache.h"
#include "domains/sliding_tile_setup.h"
#include "reference/sampled_space.h"
#include "reference/state_space.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {

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
                             const HeuristicSpace& setup) {
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

}  // namespace

HeuristicSpace heuristic_space(const Assignment& assignment, const TestSpec& test) {
  HeuristicSpace setup;
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
  setup.asked = cached_reference<std::vector<std::size_t>>(assignment, test, "asking-order", [&] {
    const auto& space = *setup.space;
    std::vector<std::string> texts;
    texts.reserve(space.states.size());
    for (const auto& state : space.states) texts.push_back(setup.domain.value_of(state).dump());
    std::vector<std::size_t> order(space.states.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (space.cheapest[a] != space.cheapest[b]) return space.cheapest[a] < space.cheapest[b];
      return texts[a] < texts[b];
    });
    return order;
  });
  if (test.input.contains("stronger_than")) {
    const auto& name = test.input["stronger_than"];
    const std::string text = name.is_string() ? name.get<std::string>() : "";
    if (text != "domain" && !(setup.puzzle && (text == "manhattan" || text == "misplaced")))
      throw SpecError(location_of(test, "/stronger_than"),
                      setup.puzzle ? "stronger_than: domain, manhattan or misplaced"
                                   : "stronger_than: domain (the domain's own heuristic)");
    // Every state's baseline h: computed once per spec, as the space is.
    setup.baseline = *cached_reference<HeuristicBaseline>(assignment, test, "baseline", [&] {
      HeuristicBaseline baseline;
      const auto& states = setup.space->states;
      if (text == "domain") {
        baseline.name = setup.puzzle ? heuristic_wording(assignment_heuristic(assignment))
                                     : "domain's heuristic";
        for (const auto& state : states) baseline.values.push_back(setup.domain.problem->h(state));
      } else {
        const ref::Heuristic heuristic =
            text == "manhattan" ? ref::Heuristic::manhattan : ref::Heuristic::misplaced_tiles;
        baseline.name = heuristic_wording(heuristic);
        for (const auto& state : states)
          baseline.values.push_back(
              ref::evaluate(*setup.puzzle, *ref::parse_tiles_state(state), heuristic));
      }
      return baseline;
    });
  }
  if (test.input.contains("informed")) {
    setup.informed = informed_tiers(assignment, test, setup);
    // The counts a student's are shown beside do not depend on the student: once per test.
    setup.informed->baselines = cached_reference<InformedBaselines>(
        assignment, test, "informed-baselines",
        [&] { return informed_baselines(*setup.domain.problem, *setup.space, *setup.informed); });
  } else if (test.input.contains("algorithm")) {
    throw SpecError(location_of(test, "/algorithm"),
                    "algorithm: the search that `informed:` counts expansions of; this test has "
                    "no `informed:`");
  }
  return setup;
}

std::vector<ref::State> states_as_asked(const HeuristicSpace& setup) {
  std::vector<ref::State> states;
  states.reserve(setup.asked->size());
  for (const std::size_t index : *setup.asked) states.push_back(setup.space->states[index]);
  return states;
}

std::function<std::string(const ref::State&)> state_drawer(const HeuristicSpace& setup) {
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

}  // namespace sg
