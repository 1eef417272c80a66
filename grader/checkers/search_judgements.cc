#include "checkers/search_judgements.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "checkers/expansion_evidence.h"

namespace sg {
namespace {

std::string number(double value) {
  if (std::floor(value) == value && std::abs(value) < 1e15) return fmt::format("{:.0f}", value);
  return fmt::format("{:g}", value);
}

std::string actions_of(const ref::Problem& problem, const ref::State& state) {
  std::vector<std::string> names;
  for (const ref::Step& step : problem.successors(state))
    names.push_back(fmt::format("{} (to {})", step.action, step.state));
  return names.empty() ? std::string("none: a dead end")
                       : fmt::format("{}", fmt::join(names, ", "));
}

std::string sequence_text(const std::vector<std::string>& items, std::size_t max_items = 12) {
  std::vector<std::string> shown(
      items.begin(), items.begin() + static_cast<long>(std::min(items.size(), max_items)));
  std::string text = fmt::format("{}", fmt::join(shown, ", "));
  if (items.size() > max_items) text += fmt::format(", ... ({} in all)", items.size());
  return text;
}

// The divergence from the closest of `accepted` (the one that agrees longest with `got`).
std::pair<std::size_t, std::optional<Divergence>> closest(
    const std::vector<std::vector<std::string>>& accepted, const std::vector<std::string>& got) {
  std::size_t best = 0;
  std::optional<Divergence> best_divergence;
  for (std::size_t i = 0; i < accepted.size(); ++i) {
    const auto divergence = first_divergence(accepted[i], got);
    if (!divergence) return {i, std::nullopt};
    if (!best_divergence || divergence->index > best_divergence->index) {
      best = i;
      best_divergence = divergence;
    }
  }
  return {best, best_divergence};
}

std::string divergence_text(const Divergence& divergence, const std::string& noun) {
  const std::size_t n = divergence.index + 1;
  if (!divergence.got)
    return fmt::format("{} ends after {} states; the next should be {}", noun, divergence.index,
                       *divergence.expected);
  if (!divergence.expected)
    return fmt::format(
        "{} goes on past the end: state {} is {}, but the search should have "
        "stopped before it",
        noun, n, *divergence.got);
  return fmt::format("{} first differs at position {}: expected {}, got {}", noun, n,
                     *divergence.expected, *divergence.got);
}

}  // namespace

PathWalk walk_path(const ref::Problem& problem, const StudentPath& path) {
  PathWalk walk;
  walk.states.push_back(problem.initial_state());
  std::size_t first = 0;
  if (path.form == StudentPath::Form::states && path.includes_start) {
    if (path.items.empty()) {
      walk.legal = false;
      walk.problem =
          fmt::format("the path is empty; it should begin with the start {}", walk.states.front());
      return walk;
    }
    if (path.items.front() != walk.states.front()) {
      walk.legal = false;
      walk.problem = fmt::format("the path begins with {}, not with the start {}",
                                 path.items.front(), walk.states.front());
      return walk;
    }
    first = 1;
  }
  for (std::size_t i = first; i < path.items.size(); ++i) {
    const ref::State& here = walk.states.back();
    const std::string& item = path.items[i];
    const auto step = path.form == StudentPath::Form::actions ? problem.step_named(here, item)
                                                              : problem.step_between(here, item);
    if (!step) {
      walk.legal = false;
      walk.problem = path.form == StudentPath::Form::actions
                         ? fmt::format("step {}: {} is not an action in {}; its actions are {}",
                                       walk.steps + 1, item, here, actions_of(problem, here))
                         : fmt::format("step {}: {} is not one step from {}; its successors are {}",
                                       walk.steps + 1, item, here, actions_of(problem, here));
      return walk;
    }
    walk.states.push_back(step->state);
    walk.actions.push_back(step->action);
    walk.cost += step->cost;
    ++walk.steps;
  }
  walk.reaches_goal = problem.is_goal(walk.states.back());
  return walk;
}

AspectOutcome judge_path(const PathWalk& walk, bool require_goal, const std::string& noun) {
  AspectOutcome outcome{"path", "", true, ""};
  if (!walk.legal) {
    outcome.passed = false;
    outcome.feedback = fmt::format("{} is not legal: {}", noun, walk.problem);
  } else if (require_goal && !walk.reaches_goal) {
    outcome.passed = false;
    outcome.feedback = fmt::format("{} ends at {}, which is not a goal", noun, walk.states.back());
  }
  return outcome;
}

AspectOutcome judge_optimal(const PathWalk& walk, double optimal_cost) {
  AspectOutcome outcome{"optimal", "", true, ""};
  if (!walk.legal || !walk.reaches_goal) {
    outcome.passed = false;
    outcome.feedback = "no legal path to a goal, so its cost cannot be optimal";
  } else if (std::abs(walk.cost - optimal_cost) > 1e-6) {
    outcome.passed = false;
    outcome.feedback = fmt::format(
        "the path costs {}, but the cheapest path costs {}{}", number(walk.cost),
        number(optimal_cost),
        walk.cost > optimal_cost ? "" : " (cheaper than the optimum: a cost must be missing)");
  }
  return outcome;
}

AspectOutcome judge_exact_path(const PathWalk& walk,
                               const std::vector<std::vector<ref::State>>& accepted) {
  AspectOutcome outcome{"exact", "", true, ""};
  if (!walk.legal) {
    outcome.passed = false;
    outcome.feedback = "the path is not legal, so it cannot be the expected one";
    return outcome;
  }
  const auto [which, divergence] = closest(accepted, walk.states);
  if (divergence) {
    outcome.passed = false;
    outcome.feedback =
        divergence_text(*divergence, "the path") +
        fmt::format("\nexpected path: {}",
                    sequence_text(accepted.empty() ? std::vector<std::string>{} : accepted[which]));
  }
  return outcome;
}

AspectOutcome judge_reported_cost(const PathWalk& walk, std::optional<double> reported) {
  AspectOutcome outcome{"cost", "", true, ""};
  if (!reported) {
    outcome.passed = false;
    outcome.feedback = "no cost was given with the path";
  } else if (!walk.legal) {
    outcome.passed = false;
    outcome.feedback = "the path is not legal, so its cost cannot be checked";
  } else if (std::abs(*reported - walk.cost) > 1e-6) {
    outcome.passed = false;
    outcome.feedback = fmt::format("the reported cost is {}, but the path's steps add up to {}",
                                   number(*reported), number(walk.cost));
  }
  return outcome;
}

std::optional<Divergence> first_divergence(const std::vector<std::string>& expected,
                                           const std::vector<std::string>& got) {
  const std::size_t common = std::min(expected.size(), got.size());
  for (std::size_t i = 0; i < common; ++i)
    if (expected[i] != got[i]) return Divergence{i, expected[i], got[i]};
  if (expected.size() == got.size()) return std::nullopt;
  Divergence divergence{common, std::nullopt, std::nullopt};
  if (common < expected.size()) divergence.expected = expected[common];
  if (common < got.size()) divergence.got = got[common];
  return divergence;
}

namespace {

// The student's expansions beside the closest accepted order (in ties mode, the reference's own
// order: ties may differ from it, the sentence above says what was allowed), `diverged_at`
// marked, and the first state expanded twice named (unless the accepted order repeats states
// too, as iterative deepening and a reached table do): the evidence under a failed expansions
// aspect.
std::string expansion_evidence(const std::vector<ref::State>& expanded,
                               const std::vector<std::vector<ref::State>>& accepted,
                               std::size_t diverged_at, std::string_view reference_label) {
  std::string evidence;
  const std::size_t which = closest(accepted, expanded).first;
  const bool reference_repeats =
      !accepted.empty() && first_repeated_expansion(accepted[which]).has_value();
  if (const auto repeated = first_repeated_expansion(expanded); repeated && !reference_repeats) {
    evidence += '\n';
    evidence += *repeated;
  }
  const std::vector<ref::State> none;
  evidence += '\n';
  evidence += expansion_table(expanded, accepted.empty() ? none : accepted[which], diverged_at,
                              reference_label);
  return evidence;
}

}  // namespace

AspectOutcome judge_expansions(const std::vector<ref::State>& expanded, ExpansionMatch match,
                               const std::vector<std::vector<ref::State>>& accepted,
                               const ref::Problem& problem, const ref::SearchPolicy& policy,
                               bool goal_reached) {
  AspectOutcome outcome{"expansions", "", true, ""};
  if (match == ExpansionMatch::ties) {
    const ref::ExpansionReplay replay = ref::replay_expansions(problem, policy, expanded);
    if (!replay.consistent) {
      outcome.passed = false;
      if (replay.ended_early) {
        outcome.feedback =
            fmt::format("expansion {} ({}) comes after the search should have stopped at a goal",
                        replay.diverged_at + 1,
                        replay.diverged_at < expanded.size() ? expanded[replay.diverged_at] : "");
      } else {
        outcome.feedback =
            replay.allowed.size() == 1
                ? fmt::format(
                      "expansion {} is {}, but the frontier's best entry at that point is "
                      "{}",
                      replay.diverged_at + 1, expanded[replay.diverged_at], replay.allowed.front())
                : fmt::format(
                      "expansion {} is {}, but the frontier's best entries at that point "
                      "are {} (any of them may come first, but nothing else)",
                      replay.diverged_at + 1, expanded[replay.diverged_at],
                      sequence_text(replay.allowed));
      }
      outcome.feedback += expansion_evidence(expanded, accepted, replay.diverged_at, "reference");
    } else if (!goal_reached) {
      const bool same_length = std::any_of(
          accepted.begin(), accepted.end(),
          [&](const std::vector<ref::State>& order) { return order.size() == expanded.size(); });
      if (!same_length && !accepted.empty()) {
        outcome.passed = false;
        outcome.feedback = fmt::format(
            "the search expands {} state{}, but without a goal to reach it should expand {}",
            expanded.size(), expanded.size() == 1 ? "" : "s", accepted.front().size());
        outcome.feedback += expansion_evidence(
            expanded, accepted, std::min(expanded.size(), accepted.front().size()), "reference");
      }
    } else if (!replay.goal_next) {
      outcome.passed = false;
      outcome.feedback = fmt::format(
          "after {} expansions the search stops, but no goal is among the best entries of the "
          "frontier yet",
          expanded.size());
      outcome.feedback += expansion_evidence(expanded, accepted, expanded.size(), "reference");
    }
    return outcome;
  }
  const auto [which, divergence] = closest(accepted, expanded);
  if (divergence) {
    outcome.passed = false;
    outcome.feedback = divergence_text(*divergence, "the expansion order") +
                       expansion_evidence(expanded, accepted, divergence->index, "expected");
  }
  return outcome;
}

AspectOutcome judge_count(const std::string& aspect, const std::string& what,
                          std::optional<double> value, const std::vector<double>& expected,
                          double tolerance) {
  AspectOutcome outcome{aspect, "", true, ""};
  if (!value) {
    outcome.passed = false;
    outcome.feedback = fmt::format("no number of {} was reported", what);
    return outcome;
  }
  for (const double want : expected)
    if (std::abs(*value - want) <= tolerance * std::max(1.0, std::abs(want)) + 1e-9) return outcome;
  outcome.passed = false;
  std::vector<std::string> wanted;
  for (const double want : expected) wanted.push_back(number(want));
  outcome.feedback = fmt::format(
      "{} {} reported, expected {}{}", number(*value), what, fmt::join(wanted, " or "),
      tolerance > 0 ? fmt::format(" (within {:.0f} %)", tolerance * 100) : std::string());
  return outcome;
}

AspectOutcome judge_range(const std::string& aspect, const std::string& what,
                          std::optional<double> value, std::size_t fewest, std::size_t most,
                          const std::string& why) {
  AspectOutcome outcome{aspect, "", true, ""};
  if (!value) {
    outcome.passed = false;
    outcome.feedback = fmt::format("no number of {} was reported", what);
    return outcome;
  }
  if (*value >= static_cast<double>(fewest) - 1e-9 && *value <= static_cast<double>(most) + 1e-9)
    return outcome;
  outcome.passed = false;
  outcome.feedback = fmt::format("{} {} reported; {} to {} whatever the tie-breaking ({}): {}",
                                 number(*value), what, fewest, most, why,
                                 *value < static_cast<double>(fewest) ? "fewer than any can"
                                                                      : "more than any can");
  return outcome;
}

}  // namespace sg
