#include "checkers/game_judgements.h"

#include <fmt/format.h>

#include <algorithm>

namespace sg {
namespace {

std::vector<ref::State> states_of(const ref::GameSearchRun& run) {
  std::vector<ref::State> states;
  states.reserve(run.generated.size());
  for (const auto& generated : run.generated) states.push_back(generated.state);
  return states;
}

bool same(std::vector<ref::State> a, std::vector<ref::State> b, ExploredMatch match) {
  if (match == ExploredMatch::set) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
  }
  return a == b;
}

}  // namespace

std::vector<TreeState> tree_of(const ref::GameSearchRun& run) {
  std::vector<TreeState> tree;
  tree.reserve(run.generated.size());
  for (const ref::GeneratedState& generated : run.generated)
    tree.push_back(
        {generated.state,
         generated.parent == ref::GeneratedState::kRoot ? TreeState::kRoot : generated.parent,
         generated.agent, generated.action});
  return tree;
}

AspectOutcome judge_game_action(const ref::GameSearchRun& run,
                                const std::optional<std::string>& action, RootActionRule rule,
                                const std::vector<GameSearchVariant>& variants) {
  AspectOutcome aspect;
  aspect.aspect = "action";
  const std::string value = fmt::format("{:g}", run.value);
  if (!run.action) {
    aspect.passed = true;
    aspect.feedback = "the root has no legal action";
    return aspect;
  }
  if (!action) {
    aspect.feedback = fmt::format("no action was returned; the optimal action{} {} (value {})",
                                  run.best_actions.size() == 1 ? " is" : "s are",
                                  fmt::join(run.best_actions, ", "), value);
    return aspect;
  }
  const auto& best = run.best_actions;
  const bool optimal = std::find(best.begin(), best.end(), *action) != best.end();
  if (rule == RootActionRule::any_optimal) {
    aspect.passed = optimal;
  } else {
    const std::string& wanted = rule == RootActionRule::first ? best.front() : best.back();
    aspect.passed = *action == wanted;
    if (optimal && !aspect.passed) {
      aspect.feedback = fmt::format("{} is optimal (value {}), but ties among {} go to the {}: {}",
                                    *action, value, fmt::join(best, ", "),
                                    rule == RootActionRule::first ? "first" : "last", wanted);
      return aspect;
    }
  }
  if (aspect.passed) return aspect;
  aspect.feedback = fmt::format("returned {}; the optimal action{} {} (value {})", *action,
                                best.size() == 1 ? " is" : "s are", fmt::join(best, ", "), value);
  // An action is weak evidence (several mistakes choose it): the first, most specific, is named.
  if (!optimal)
    for (const GameSearchVariant& variant : variants)
      if (variant.action == action) {
        aspect.feedback +=
            fmt::format("\nthis is the action a search that {} chooses", variant.mistake);
        break;
      }
  return aspect;
}

AspectOutcome judge_explored(const ref::GameSearchRun& run,
                             const std::vector<ref::State>& generated, ExploredMatch match,
                             const std::string& search,
                             const std::vector<GameSearchVariant>& variants,
                             const AgentName& agent_name) {
  AspectOutcome aspect;
  aspect.aspect = "explored";
  const std::vector<ref::State> expected = states_of(run);
  if (same(expected, generated, match)) {
    aspect.passed = true;
    aspect.feedback =
        fmt::format("generated the {} state(s) {} generates", expected.size(), search);
    return aspect;
  }
  // Every mistake that explains it: on a small game several do (at depth 1 with two agents,
  // depth per move and a ply ended after agent 0's move generate the same states).
  std::vector<std::string> explained;
  for (const GameSearchVariant& variant : variants)
    if (same(variant.generated, generated, match)) explained.push_back(variant.mistake);
  std::string text = fmt::format("your code generated {} state(s); {} generates {}",
                                 generated.size(), search, expected.size());
  if (match == ExploredMatch::order && same(expected, generated, ExploredMatch::set)) {
    text +=
        "\nthe same states, in another order: the moves must be tried in the order "
        "getLegalActions lists them";
  } else {
    if (match == ExploredMatch::order) {
      std::size_t i = 0;
      while (i < expected.size() && i < generated.size() && expected[i] == generated[i]) ++i;
      text += fmt::format("\nthe first difference, state {}: yours {}, the reference's {}", i + 1,
                          i < generated.size() ? generated[i] : std::string("(none)"),
                          i < expected.size() ? expected[i] : std::string("(none)"));
    }
    std::vector<std::vector<TreeState>> deeper;
    for (const GameSearchVariant& variant : variants)
      if (!variant.tree.empty()) deeper.push_back(variant.tree);
    StateDifference difference = state_difference(tree_of(run), generated, deeper, 0, agent_name);
    if (!explained.empty()) difference.diagnosis.clear();  // the named mistake says it better
    if (const std::string drawn = difference_text(difference); !drawn.empty()) text += "\n" + drawn;
  }
  if (!explained.empty())
    text += fmt::format("\nthis is exactly what a search that {} generates",
                        fmt::join(explained, ", or one that "));
  aspect.feedback = std::move(text);
  return aspect;
}

}  // namespace sg
