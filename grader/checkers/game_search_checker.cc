#include "checkers/game_search_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sg {
namespace {

std::string algorithm_text(ref::GameAlgorithm algorithm) {
  switch (algorithm) {
    case ref::GameAlgorithm::minimax:
      return "minimax";
    case ref::GameAlgorithm::alpha_beta:
      return "alpha-beta";
    case ref::GameAlgorithm::expectimax:
      return "expectimax";
  }
  return "minimax";
}

std::vector<GameSearchVariant> variants(const GameSearchExpected& read) {
  std::vector<GameSearchVariant> list;
  for (const GameMistake& mistake : game_search_mistakes(read)) {
    try {
      const ref::GameSearchRun run = ref::game_search(*read.game, mistake.options);
      list.push_back({mistake.mistake, generated_states(run), run.action, tree_of(run)});
    } catch (const std::exception&) {
      // A variant that reaches a state without a value is no diagnosis.
    }
  }
  return list;
}

// The root value's judgement: what the call returned against the reference's (not judged
// where the call returns only the action).
AspectOutcome judged_value(const GameSearchExpected& read, const ref::GameSearchRun& run,
                           const std::optional<double>& value) {
  AspectOutcome aspect;
  aspect.aspect = "value";
  if (read.returns == "action") {
    aspect.judged = false;
    aspect.feedback = "not judged: the call returns only the action";
    return aspect;
  }
  aspect.passed =
      value && std::fabs(*value - run.value) <= 1e-6 * std::max(1.0, std::fabs(run.value));
  if (aspect.passed) return aspect;
  const char* verb = read.program ? "printed" : "returned";
  aspect.feedback = value ? fmt::format("{} the value {:g}; {} gives the root {:g}", verb, *value,
                                        read.search, run.value)
                          : fmt::format("{} no number for the value; {} gives the root {:g}", verb,
                                        read.search, run.value);
  return aspect;
}

}  // namespace

std::string game_search_text(const ref::GameSearchOptions& options) {
  return fmt::format("{} to depth {} ({}){}", algorithm_text(options.algorithm), options.depth,
                     options.unit == ref::DepthUnit::per_ply ? "plies" : "moves",
                     options.algorithm == ref::GameAlgorithm::alpha_beta
                         ? (options.prune == ref::PruneRule::strict ? ", pruning on v > beta"
                                                                    : ", pruning on v >= beta")
                         : "");
}

// The named mistakes that apply to the test's search, each as the reference runs it.
std::vector<GameMistake> game_search_mistakes(const GameSearchExpected& read) {
  std::vector<GameMistake> list;
  const ref::GameSearchOptions& options = read.options;
  auto with = [&](std::string id, std::string mistake, auto change) {
    ref::GameSearchOptions variant = options;
    change(variant);
    list.push_back({std::move(id), std::move(mistake), variant});
  };
  if (options.algorithm == ref::GameAlgorithm::expectimax)
    with("chance_takes_minimum", "takes the minimum at chance agents, not the average",
         [](auto& v) { v.chance_takes_minimum = true; });
  if (options.algorithm == ref::GameAlgorithm::alpha_beta) {
    if (options.prune == ref::PruneRule::strict)
      with("prunes_on_equality", "prunes on equality (v >= beta, v <= alpha)",
           [](auto& v) { v.prune = ref::PruneRule::on_equality; });
    else
      with("prunes_only_when_strict", "prunes only on strict inequality",
           [](auto& v) { v.prune = ref::PruneRule::strict; });
    with("no_pruning", "does not prune (plain minimax)",
         [](auto& v) { v.algorithm = ref::GameAlgorithm::minimax; });
  } else if (options.algorithm == ref::GameAlgorithm::minimax) {
    with("prunes_in_minimax", "prunes (alpha-beta)",
         [](auto& v) { v.algorithm = ref::GameAlgorithm::alpha_beta; });
  }
  if (options.unit == ref::DepthUnit::per_ply && read.game->agents() > 1)
    with("depth_per_move", "counts depth per agent move, not per ply (every agent moving once)",
         [](auto& v) { v.unit = ref::DepthUnit::per_move; });
  if (options.unit == ref::DepthUnit::per_ply && read.game->agents() > 1)
    with("partial_ply",
         "ends each ply after agent 0's move, so the last ply stops before the opponents move",
         [](auto& v) { v.ply_ends_after_agent_0 = true; });
  if (read.game->agents() > 2)
    with("opponents_as_one",
         "treats every opponent as one agent (only agent 1 moves before agent 0 again)",
         [](auto& v) { v.agents_seen = 2; });
  with("one_ply_too_deep", "searches one ply too deep", [](auto& v) { ++v.depth; });
  list.back().bound_only = true;
  if (options.depth > 1)
    with("one_ply_too_shallow", "searches one ply too shallow", [](auto& v) { --v.depth; });
  return list;
}

std::vector<ref::State> generated_states(const ref::GameSearchRun& run) {
  std::vector<ref::State> states;
  for (const auto& generated : run.generated) states.push_back(generated.state);
  return states;
}

std::string game_search_expectation(const GameSearchExpected& read, const ref::GameSearchRun& run) {
  std::vector<ref::State> states = generated_states(run);
  const std::size_t shown = std::min<std::size_t>(states.size(), 40);
  return fmt::format(
      "{} on '{}': value {:g}; optimal root action(s) {}{}\n{} state(s) "
      "generated{}: {}{}",
      read.search, read.domain_name, run.value, fmt::join(run.best_actions, ", "),
      read.ties == RootActionRule::any_optimal
          ? std::string(" (any of them)")
          : fmt::format(" (ties: the {})", read.ties == RootActionRule::first ? "first" : "last"),
      states.size(), read.explored == ExploredMatch::set ? "" : " in this order",
      fmt::join(states.begin(), states.begin() + static_cast<long>(shown), ", "),
      shown < states.size() ? ", ..." : "");
}

std::vector<AspectOutcome> judge_game_search(const GameSearchExpected& read,
                                             const ref::GameSearchRun& run,
                                             const std::optional<std::string>& action,
                                             const std::optional<double>& value,
                                             const std::vector<ref::State>& generated) {
  const std::vector<GameSearchVariant> mistaken = variants(read);
  return {judge_game_action(run, action, read.ties, mistaken),
          judge_explored(run, generated, read.explored, read.search, mistaken, read.agent_name),
          judged_value(read, run, value)};
}

}  // namespace sg
