#include "algorithms/search_algorithm.h"

#include <fmt/format.h>

#include <algorithm>

#include "domains/board_optimum.h"
#include "domains/sliding_tile_setup.h"
#include "reference/tile_problem.h"
#include "spec/edit_distance.h"

namespace sg {
namespace {

const std::vector<std::string> kStrategies = {
    "bfs",      "dfs",       "ucs", "greedy", "astar", "depth_limited", "iterative_deepening",
    "ida_star", "local_beam"};

const std::vector<std::string> kKeys = {
    "strategy",       "graph_search",       "goal_test",     "tie_break",
    "duplicates",     "update_frontier",    "reopen_closed", "limit",
    "max_depth",      "avoid_cycles",       "beam_width",    "max_steps",
    "max_expansions", "reverse_successors", "first_limit",   "figure"};

// The textbook's figures as presets (`figure:`): the keys each one sets, under the keys the
// algorithm gives itself, and the strategies it may be read with (the first is the default).
struct Figure {
  const char* name;
  std::vector<std::string> strategies;
  nlohmann::json keys;
  const char* what;
};

const std::vector<Figure>& figures() {
  static const std::vector<Figure> known = {
      {"aima3e-3.11",
       {"bfs"},
       {{"goal_test", "generation"}},
       "AIMA 3rd edition, breadth-first graph search: the goal tested when a state is generated "
       "(the start first), a state explored or on the frontier not pushed again"},
      {"aima3e-3.14",
       {"ucs", "astar", "greedy"},
       {{"update_frontier", true}},
       "AIMA 3rd edition, uniform-cost search (best_first_graph_search): the goal tested when a "
       "node is popped, a cheaper path replacing the frontier's entry"},
      {"aima3e-3.17",
       {"depth_limited"},
       nlohmann::json::object(),
       "AIMA 3rd edition, recursive depth-limited search: no check for cycles, the successors "
       "in order"},
      {"aima3e-3.18",
       {"iterative_deepening"},
       {{"first_limit", 0}},
       "AIMA 3rd edition, iterative deepening: the recursive depth-limited search with limits 0, "
       "1, 2, ..."},
      {"aima4e-3.7",
       {"ucs", "astar", "greedy"},
       {{"duplicates", "reached"}},
       "AIMA 4th edition, best-first search: a `reached` table; a child pushed when its state is "
       "new or reached more cheaply, the costlier entry left queued and expanded again when it "
       "pops"},
      {"aima4e-3.9",
       {"bfs"},
       {{"goal_test", "generation"}},
       "AIMA 4th edition, breadth-first search: the goal tested when a state is generated (the "
       "start first), a reached state not pushed again"},
      {"aima4e-3.12",
       {"depth_limited", "iterative_deepening"},
       {{"reverse_successors", true}, {"avoid_cycles", true}, {"first_limit", 1}},
       "AIMA 4th edition, depth-limited search and iterative deepening: a stack of every child "
       "(the last tried first), the goal tested when a node pops, a node whose state is on its "
       "own path not expanded; limits 1, 2, ..."}};
  return known;
}

class Reader {
 public:
  Reader(const nlohmann::json& value, std::function<SourceLocation(const std::string&)> where,
         std::string what)
      : value_(value), where_(std::move(where)), what_(std::move(what)) {}

  [[noreturn]] void fail(const std::string& key, const std::string& message) const {
    throw SpecError(where_(key), fmt::format("{}: {}", what_, message));
  }

  bool boolean(const std::string& key, bool fallback) const {
    if (!value_.contains(key)) return fallback;
    if (!value_[key].is_boolean()) fail(key, fmt::format("{} must be true or false", key));
    return value_[key].get<bool>();
  }

  long long whole(const std::string& key, long long fallback, long long least) const {
    if (!value_.contains(key)) return fallback;
    if (!value_[key].is_number_integer() || value_[key].get<long long>() < least)
      fail(key, fmt::format("{} must be a whole number of at least {}", key, least));
    return value_[key].get<long long>();
  }

  std::string choice(const std::string& key, const std::vector<std::string>& choices,
                     const std::string& fallback) const {
    if (!value_.contains(key)) return fallback;
    const std::string text = value_[key].is_string() ? value_[key].get<std::string>() : "";
    if (std::find(choices.begin(), choices.end(), text) == choices.end())
      fail(key, fmt::format("{} must be one of {}{}", key, fmt::join(choices, ", "),
                            did_you_mean(text, choices)));
    return text;
  }

 private:
  const nlohmann::json& value_;
  std::function<SourceLocation(const std::string&)> where_;
  std::string what_;
};

}  // namespace

bool SearchAlgorithm::priority_ordered() const {
  return family == Family::best_first && (policy.strategy == ref::Strategy::uniform_cost ||
                                          policy.strategy == ref::Strategy::astar ||
                                          policy.strategy == ref::Strategy::greedy_best_first);
}

SearchAlgorithm search_algorithm(const Assignment& assignment, const TestSpec& test) {
  if (!test.input.contains("algorithm"))
    throw SpecError(test.where,
                    "a search test needs `algorithm:` (a name in the spec's "
                    "`algorithms`, or a mapping with a strategy)");
  const nlohmann::json& given = test.input["algorithm"];
  const nlohmann::json* value = &given;
  std::function<SourceLocation(const std::string&)> where = [&](const std::string& key) {
    return location_of(test, "/algorithm/" + key);
  };
  std::string name = "the algorithm";
  if (given.is_string()) {
    name = given.get<std::string>();
    const auto found = assignment.algorithms.find(name);
    if (found == assignment.algorithms.end()) {
      // A bare strategy name needs no entry in `algorithms`.
      if (std::find(kStrategies.begin(), kStrategies.end(), name) == kStrategies.end()) {
        std::vector<std::string> names;
        for (const auto& [known, section] : assignment.algorithms) names.push_back(known);
        names.insert(names.end(), kStrategies.begin(), kStrategies.end());
        throw SpecError(location_of(test, "/algorithm"),
                        fmt::format("no algorithm '{}' in the spec's `algorithms`, and it is no "
                                    "strategy{}",
                                    name, did_you_mean(name, names)));
      }
    } else {
      const SpecSection& section = found->second;
      value = &section.value;
      where = [&section](const std::string& key) {
        const auto at = section.key_locations.find("/" + key);
        return at == section.key_locations.end() ? section.where : at->second;
      };
    }
  } else if (!given.is_object()) {
    throw SpecError(location_of(test, "/algorithm"),
                    "algorithm: a name, or a mapping {strategy: ucs, ...}");
  }
  const nlohmann::json strategy_only = {{"strategy", name}};
  if (given.is_string() && value == &given) value = &strategy_only;
  for (const auto& [key, item] : value->items()) {
    if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end())
      throw SpecError(where(key),
                      fmt::format("unknown key '{}' in an algorithm{}; allowed: {}", key,
                                  did_you_mean(key, kKeys), fmt::join(kKeys, ", ")));
  }
  // A textbook figure sets its keys under the algorithm's own.
  nlohmann::json with_figure;
  if (value->contains("figure")) {
    const std::string figure =
        (*value)["figure"].is_string() ? (*value)["figure"].get<std::string>() : "";
    std::vector<std::string> names;
    for (const Figure& known : figures()) names.push_back(known.name);
    const auto found = std::find_if(figures().begin(), figures().end(),
                                    [&](const Figure& known) { return figure == known.name; });
    if (found == figures().end())
      throw SpecError(where("figure"),
                      fmt::format("algorithm '{}': figure must be one of {}{}", name,
                                  fmt::join(names, ", "), did_you_mean(figure, names)));
    with_figure = found->keys;
    with_figure["strategy"] = found->strategies.front();
    for (const auto& [key, item] : value->items()) with_figure[key] = item;
    const std::string strategy = with_figure["strategy"].is_string()
                                     ? with_figure["strategy"].get<std::string>()
                                     : std::string();
    if (std::find(found->strategies.begin(), found->strategies.end(), strategy) ==
        found->strategies.end())
      throw SpecError(where("strategy"),
                      fmt::format("algorithm '{}': figure {} is {}; its strategy is one of {}",
                                  name, figure, found->what, fmt::join(found->strategies, ", ")));
    if (strategy != "iterative_deepening") with_figure.erase("first_limit");
    value = &with_figure;
  }
  const Reader reader(*value, where, fmt::format("algorithm '{}'", name));
  SearchAlgorithm algorithm;
  algorithm.name = name;
  const std::string strategy = reader.choice("strategy", kStrategies, "");
  if (strategy.empty())
    reader.fail("strategy", "needs `strategy:` (bfs, dfs, ucs, greedy, astar, ...)");
  if (const auto best_first = ref::parse_strategy(strategy)) {
    algorithm.family = SearchAlgorithm::Family::best_first;
    algorithm.policy.strategy = *best_first;
  } else if (strategy == "depth_limited") {
    algorithm.family = SearchAlgorithm::Family::depth_limited;
  } else if (strategy == "iterative_deepening") {
    algorithm.family = SearchAlgorithm::Family::iterative_deepening;
  } else if (strategy == "ida_star") {
    algorithm.family = SearchAlgorithm::Family::ida_star;
  } else {
    algorithm.family = SearchAlgorithm::Family::local_beam;
  }
  ref::SearchPolicy& policy = algorithm.policy;
  policy.graph_search = reader.boolean("graph_search", true);
  policy.goal_test =
      reader.choice("goal_test", {"expansion", "generation"}, "expansion") == "generation"
          ? ref::GoalTest::on_generation
          : ref::GoalTest::on_expansion;
  if (value->contains("tie_break"))
    policy.tie_break = reader.choice("tie_break", {"earliest", "latest"}, "earliest") == "latest"
                           ? ref::TieBreak::latest_inserted
                           : ref::TieBreak::earliest_inserted;
  const std::string duplicates =
      reader.choice("duplicates", {"checked", "lazy", "reached"}, "checked");
  policy.duplicates = duplicates == "lazy"      ? ref::Duplicates::lazy
                      : duplicates == "reached" ? ref::Duplicates::reached
                                                : ref::Duplicates::checked;
  policy.update_frontier = reader.boolean("update_frontier", true);
  policy.reopen_closed = reader.boolean("reopen_closed", false);
  policy.reverse_successors = reader.boolean("reverse_successors", false);
  policy.max_expansions = static_cast<std::size_t>(reader.whole("max_expansions", 1000000, 1));
  algorithm.deepening.max_expansions = policy.max_expansions;
  algorithm.deepening.avoid_cycles = reader.boolean("avoid_cycles", false);
  algorithm.deepening.reverse_successors = policy.reverse_successors;
  algorithm.deepening.first_limit = static_cast<int>(reader.whole("first_limit", 0, 0));
  algorithm.limit = static_cast<int>(reader.whole("limit", 0, 0));
  algorithm.max_depth = static_cast<int>(reader.whole("max_depth", 50, 0));
  algorithm.beam_width = static_cast<std::size_t>(reader.whole("beam_width", 2, 1));
  algorithm.max_steps = static_cast<std::size_t>(reader.whole("max_steps", 100, 1));
  return algorithm;
}

std::vector<bool> accepted_variants(const TestSpec& test) {
  if (!test.input.contains("accept")) return {false};
  const auto& accept = test.input["accept"];
  const auto invalid = [&]() {
    throw SpecError(location_of(test, "/accept"),
                    "accept: a list of the successor orders a correct search may follow: "
                    "as_listed, reversed (each once)");
  };
  if (!accept.is_array() || accept.empty()) invalid();
  std::vector<bool> variants;
  for (const auto& item : accept) {
    if (!item.is_string() || (item != "as_listed" && item != "reversed")) invalid();
    const bool reversed = item == "reversed";
    if (std::find(variants.begin(), variants.end(), reversed) != variants.end()) invalid();
    variants.push_back(reversed);
  }
  return variants;
}

ReferenceRun run_reference(const SearchDomain& domain, const SearchAlgorithm& algorithm,
                           bool reversed) {
  ReferenceRun run;
  const ref::Problem& problem = *domain.problem;
  switch (algorithm.family) {
    case SearchAlgorithm::Family::best_first: {
      ref::SearchPolicy policy = algorithm.policy;
      policy.reverse_successors = reversed != policy.reverse_successors;
      ref::SearchRun result = ref::search(problem, policy);
      run.found = result.found;
      run.budget_exceeded = result.budget_exceeded;
      run.outcome = result.found ? "found" : "failure";
      run.path = std::move(result.path);
      run.actions = std::move(result.actions);
      run.cost = result.cost;
      run.expanded = std::move(result.expanded);
      run.generated = result.generated;
      run.max_frontier = result.max_frontier;
      run.max_depth = result.max_depth;
      return run;
    }
    case SearchAlgorithm::Family::local_beam: {
      ref::BeamRun result = ref::local_beam(problem, algorithm.beam_width, algorithm.max_steps);
      run.found = result.found;
      run.outcome = result.found ? "found" : "failure";
      run.path = std::move(result.path);
      run.actions = std::move(result.actions);
      run.cost = result.cost;
      run.generated = result.generated;
      return run;
    }
    default:
      break;
  }
  ref::DeepeningOptions deepening = algorithm.deepening;
  deepening.reverse_successors = reversed != deepening.reverse_successors;
  ref::DeepeningRun result = algorithm.family == SearchAlgorithm::Family::depth_limited
                                 ? ref::depth_limited(problem, algorithm.limit, deepening)
                             : algorithm.family == SearchAlgorithm::Family::iterative_deepening
                                 ? ref::iterative_deepening(problem, algorithm.max_depth, deepening)
                                 : ref::ida_star(problem, deepening);
  run.found = result.status == ref::DeepeningStatus::found;
  run.budget_exceeded = result.budget_exceeded;
  run.outcome = run.found                                       ? "found"
                : result.status == ref::DeepeningStatus::cutoff ? "cutoff"
                                                                : "failure";
  run.path = std::move(result.path);
  run.actions = std::move(result.actions);
  run.cost = result.cost;
  run.expanded = std::move(result.expanded);
  run.generated = result.generated;
  return run;
}

std::optional<double> optimal_cost(const SearchDomain& domain) {
  // A board's moves cost 1 each: its shortest solution, found far faster than by uniform cost
  // over the boards' text states (a 4 x 4 board's space is out of uniform cost's reach).
  if (const auto* tiles = dynamic_cast<const ref::TileProblem*>(domain.problem.get())) {
    const auto start = ref::parse_tiles_state(tiles->initial_state());
    const auto length = shortest_board_length(tiles->puzzle(), *start);
    if (!length) return std::nullopt;
    return static_cast<double>(*length);
  }
  ref::SearchPolicy ucs;
  ucs.strategy = ref::Strategy::uniform_cost;
  const ref::SearchRun run = ref::search(*domain.problem, ucs);
  if (!run.found) return std::nullopt;
  return run.cost;
}

std::string algorithm_title(const SearchAlgorithm& algorithm) {
  using Family = SearchAlgorithm::Family;
  using ref::Strategy;
  switch (algorithm.family) {
    case Family::depth_limited:
      return "depth-limited search";
    case Family::iterative_deepening:
      return "iterative deepening search";
    case Family::ida_star:
      return "IDA* search";
    case Family::local_beam:
      return "local beam search";
    case Family::best_first:
      break;
  }
  switch (algorithm.policy.strategy) {
    case Strategy::breadth_first:
      return "breadth-first search";
    case Strategy::depth_first:
      return "depth-first search";
    case Strategy::uniform_cost:
      return "uniform-cost search";
    case Strategy::greedy_best_first:
      return "greedy best-first search";
    case Strategy::astar:
      return "A*";
  }
  return "search";
}

std::string optimality_reason(const SearchAlgorithm& algorithm, bool counts_moves) {
  const std::string cheapest = counts_moves ? "a shortest path" : "a cheapest path";
  if (algorithm.family != SearchAlgorithm::Family::best_first) return "";
  if (algorithm.policy.strategy == ref::Strategy::astar)
    return "A* with an admissible heuristic must find " + cheapest;
  if (algorithm.policy.strategy == ref::Strategy::uniform_cost)
    return "uniform-cost search must find " + cheapest;
  return "";
}

}  // namespace sg
