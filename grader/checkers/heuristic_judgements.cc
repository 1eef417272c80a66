#include "checkers/heuristic_judgements.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <unordered_map>

#include "notation/line_template.h"
#include "reference/reframed_problem.h"

namespace sg {
namespace {

constexpr double kEpsilon = 1e-9;

bool reachable(const ref::CostToGoal& space, std::size_t i) {
  return space.cheapest[i] < std::numeric_limits<double>::infinity();
}

// "1 state" / "1,234 states".
// 1234567 as "1,234,567".
std::string grouped(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

// "1 state" / "1,234 states".
std::string count_of(std::size_t n, const char* what) {
  return fmt::format("{} {}{}", grouped(n), what, n == 1 ? "" : "s");
}

// Keeps the counterexample nearest a goal.
struct Nearest {
  std::size_t count = 0;
  std::optional<std::size_t> at;
  std::optional<std::size_t> to;  // the edge's other end (consistency)
  void offer(const ref::CostToGoal& space, std::size_t i, std::optional<std::size_t> j = {}) {
    ++count;
    if (!at || space.cheapest[i] < space.cheapest[*at]) {
      at = i;
      to = j;
    }
  }
};

std::string indented(const std::string& drawing) {
  std::string out;
  std::size_t start = 0;
  while (start <= drawing.size()) {
    const std::size_t end = drawing.find('\n', start);
    out += "\n    ";
    out += drawing.substr(start, end == std::string::npos ? end : end - start);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace

HeuristicJudgement judge_heuristic(const ref::Problem& problem, const ref::CostToGoal& space,
                                   const std::vector<double>& h,
                                   const std::optional<HeuristicBaseline>& baseline,
                                   const std::function<std::string(const ref::State&)>& draw) {
  HeuristicJudgement judgement;
  judgement.goal_zero.aspect = "goal_zero";
  judgement.admissible.aspect = "admissible";
  judgement.consistent.aspect = "consistent";
  judgement.stronger.aspect = "stronger";
  const std::size_t n = space.states.size();
  // A sample's denominator is the states whose h* it knows (its neighbours only have edges in).
  std::size_t known = n;
  if (space.sampled) {
    known = 0;
    for (std::size_t i = 0; i < n; ++i) known += reachable(space, i);
  }
  const std::string states =
      space.sampled ? count_of(known, "sampled state") : count_of(n, "state");

  Nearest goal_wrong, over, inconsistent, weaker;
  bool above_somewhere = false;
  double sum_h = 0, sum_star = 0, sum_base = 0;
  std::size_t counted = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // A goal has h* = 0; only such states need the (slower) goal test.
    if (space.cheapest[i] == 0 && std::fabs(h[i]) > kEpsilon && problem.is_goal(space.states[i]))
      goal_wrong.offer(space, i);
    if (reachable(space, i)) {
      if (h[i] > space.cheapest[i] + kEpsilon) over.offer(space, i);
      sum_h += h[i];
      sum_star += space.cheapest[i];
      if (baseline) sum_base += baseline->values[i];
      ++counted;
    }
    for (const auto& [j, cost] : space.edges[i])
      if (h[i] > cost + h[j] + kEpsilon) inconsistent.offer(space, i, j);
    if (baseline) {
      if (h[i] + kEpsilon < baseline->values[i]) weaker.offer(space, i);
      if (h[i] > baseline->values[i] + kEpsilon) above_somewhere = true;
    }
  }

  judgement.goal_zero.passed = !goal_wrong.at;
  if (goal_wrong.at) {
    const std::size_t i = *goal_wrong.at;
    judgement.goal_zero.feedback =
        fmt::format("h is {} at the goal{}: a heuristic must be 0 at every goal", number_text(h[i]),
                    indented(draw(space.states[i])));
  }
  judgement.admissible.passed = !over.at;
  if (over.at) {
    const std::size_t i = *over.at;
    judgement.admissible.feedback = fmt::format(
        "h overestimates on {} of the {}; the nearest to a goal:{}\n  h = {}, but the cheapest "
        "path from it to a goal costs {} (h*)",
        grouped(over.count), states, indented(draw(space.states[i])), number_text(h[i]),
        number_text(space.cheapest[i]));
  }
  judgement.consistent.passed = !inconsistent.at;
  if (inconsistent.at) {
    const std::size_t i = *inconsistent.at;
    const std::size_t j = *inconsistent.to;
    double cost = 0;
    for (const auto& [to, step] : space.edges[i])
      if (to == j) cost = step;
    judgement.consistent.feedback = fmt::format(
        "h drops by more than the step's cost on {}; the nearest to a goal, from{}\n  h = {}, "
        "one step (cost {}) to{}\n  h = {}: h(s) <= c(s, s') + h(s') fails",
        count_of(inconsistent.count, "edge"), indented(draw(space.states[i])), number_text(h[i]),
        number_text(cost), indented(draw(space.states[j])), number_text(h[j]));
  }
  if (!baseline) {
    judgement.stronger.judged = false;
    judgement.stronger.feedback = "not judged: the test names no heuristic to be stronger than";
  } else if (weaker.at) {
    const std::size_t i = *weaker.at;
    judgement.stronger.feedback = fmt::format(
        "h is below the {} on {} of the {}; the nearest to a goal:{}\n  h = {}, {} = {}",
        baseline->name, grouped(weaker.count), states, indented(draw(space.states[i])),
        number_text(h[i]), baseline->name, number_text(baseline->values[i]));
  } else if (!above_somewhere) {
    judgement.stronger.feedback = fmt::format(
        "h equals the {} on every one of the {}: it is no stronger", baseline->name, states);
  } else {
    judgement.stronger.passed = true;
  }
  if (counted > 0) {
    const double count = static_cast<double>(counted);
    judgement.notes.push_back(fmt::format(
        "over the {}, h averages {:.2f}{}; h* averages {:.2f}",
        space.sampled ? count_of(counted, "sampled state") + " with h* known"
                      : count_of(counted, "state") + " from which a goal can be reached",
        sum_h / count,
        baseline ? fmt::format(" (the {}: {:.2f})", baseline->name, sum_base / count) : "",
        sum_star / count));
  }
  return judgement;
}

namespace {

// The reference's search from each start with h looked up per state of the space; expansions
// summed (nullopt when a run ran out of budget).
InformedCount count_expansions(const ref::Problem& problem, const InformedTiers& tiers,
                               const std::function<double(const ref::State&)>& h) {
  InformedCount count;
  for (const ref::State& start : tiers.starts) {
    const ref::ReframedProblem guided(problem, start, h);
    const ref::SearchRun run = ref::search(guided, tiers.policy);
    count.per_start.push_back(run.expanded.size());
    if (run.budget_exceeded || !count.total)
      count.total.reset();
    else
      *count.total += run.expanded.size();
  }
  return count;
}

std::string total_text(const InformedCount& count, std::size_t budget) {
  return count.total ? grouped(*count.total) : fmt::format("more than {}", grouped(budget));
}

// h looked up per state of `space`, from `index` (state to its position there). Every state the
// search reaches is in the space (it holds all reachable from its start, and the starts are in
// it); 0 stands in for the impossible rest rather than throwing mid-search.
std::function<double(const ref::State&)> space_table(
    const std::unordered_map<ref::State, std::size_t>& index, const std::vector<double>& values) {
  return [&index, &values](const ref::State& state) {
    const auto it = index.find(state);
    return it == index.end() ? 0.0 : values[it->second];
  };
}

std::unordered_map<ref::State, std::size_t> space_index(const ref::CostToGoal& space) {
  std::unordered_map<ref::State, std::size_t> index;
  index.reserve(space.states.size());
  for (std::size_t i = 0; i < space.states.size(); ++i) index.emplace(space.states[i], i);
  return index;
}

}  // namespace

InformedBaselines informed_baselines(const ref::Problem& problem, const ref::CostToGoal& space,
                                     const InformedTiers& tiers) {
  const auto index = space_index(space);
  return {count_expansions(problem, tiers,
                           [&problem](const ref::State& state) { return problem.h(state); }),
          count_expansions(problem, tiers, space_table(index, space.cheapest))};
}

std::vector<AspectOutcome> judge_informed(const ref::Problem& problem, const ref::CostToGoal& space,
                                          const std::vector<double>& h, bool admissible,
                                          const InformedTiers& tiers,
                                          std::vector<std::string>& notes) {
  const auto index = space_index(space);
  const InformedCount student = count_expansions(problem, tiers, space_table(index, h));
  const InformedBaselines baselines =
      tiers.baselines ? *tiers.baselines : informed_baselines(problem, space, tiers);
  const InformedCount& domain = baselines.domain;
  const InformedCount& perfect = baselines.perfect;
  const std::size_t budget = tiers.policy.max_expansions;

  std::vector<std::string> per_start;
  for (std::size_t s = 0; s < tiers.starts.size(); ++s)
    per_start.push_back(fmt::format("{} from {}", grouped(student.per_start[s]), tiers.starts[s]));
  const std::string figures = fmt::format(
      "{} with your h expanded {} state(s) in all ({}); with the domain's own h {}, "
      "with h* {}",
      tiers.algorithm, total_text(student, budget), fmt::join(per_start, "; "),
      total_text(domain, budget), total_text(perfect, budget));
  notes.push_back(figures);

  std::vector<AspectOutcome> aspects;
  for (std::size_t k = 0; k < kMaxInformedTiers; ++k) {
    AspectOutcome tier;
    tier.aspect = fmt::format("informed_{}", k + 1);
    if (k >= tiers.at_most.size()) {
      tier.judged = false;
      tier.feedback = "not judged: the test states fewer tiers";
    } else if (!admissible) {
      tier.feedback = fmt::format(
          "not credited: h overestimates (see the admissibility check), and an h that "
          "overestimates can expand few states by leading {} to a worse path",
          tiers.algorithm);
    } else if (!student.total || *student.total > tiers.at_most[k]) {
      tier.feedback = fmt::format(
          "{} with your h expanded {} state(s) in all; this tier asks for at most {} (with the "
          "domain's own h: {}; with h*: {})",
          tiers.algorithm, total_text(student, budget), grouped(tiers.at_most[k]),
          total_text(domain, budget), total_text(perfect, budget));
    } else {
      tier.passed = true;
      tier.feedback = fmt::format("{} state(s) expanded, at most {}", grouped(*student.total),
                                  grouped(tiers.at_most[k]));
    }
    aspects.push_back(std::move(tier));
  }
  return aspects;
}

std::string heuristic_expectation(const ref::CostToGoal& space,
                                  const std::optional<HeuristicBaseline>& baseline) {
  double largest = 0, sum = 0;
  std::size_t counted = 0;
  for (std::size_t i = 0; i < space.states.size(); ++i) {
    if (!reachable(space, i)) continue;
    largest = std::max(largest, space.cheapest[i]);
    sum += space.cheapest[i];
    ++counted;
  }
  const double mean = counted ? sum / static_cast<double>(counted) : 0.0;
  std::string text =
      space.sampled ? fmt::format(
                          "h is checked on a sample: {} with h* known (from 0 to {}, {:.2f} on "
                          "average) and {} one move away:\n"
                          "  h = 0 at the goal; h <= h* on every sampled state; h(s) <= c(s, s') + "
                          "h(s') on every move from one",
                          count_of(counted, "state"), number_text(largest), mean,
                          count_of(space.states.size() - counted, "neighbour"))
                    : fmt::format(
                          "h is checked on all {} of the space (h* from 0 to {}, {:.2f} on "
                          "average):\n"
                          "  h = 0 at every goal; h <= h* on every state; h(s) <= c(s, s') + h(s') "
                          "on every edge",
                          count_of(space.states.size(), "state"), number_text(largest), mean);
  if (baseline) text += fmt::format("; h >= the {} everywhere and > somewhere", baseline->name);
  return text + "\n";
}

std::vector<AspectOutcome> judge_heuristic_aspects(
    const ref::Problem& problem, const ref::CostToGoal& space, const std::vector<double>& h,
    const std::optional<HeuristicBaseline>& baseline,
    const std::function<std::string(const ref::State&)>& draw,
    const std::optional<InformedTiers>& tiers, bool judge_stronger,
    std::vector<std::string>& notes) {
  HeuristicJudgement judgement = judge_heuristic(problem, space, h, baseline, draw);
  for (auto& note : judgement.notes) notes.push_back(std::move(note));
  std::vector<AspectOutcome> aspects{judgement.goal_zero, judgement.admissible,
                                     judgement.consistent};
  if (judge_stronger) aspects.push_back(judgement.stronger);
  if (tiers) {
    for (auto& tier : judge_informed(problem, space, h, judgement.admissible.passed, *tiers, notes))
      aspects.push_back(std::move(tier));
    return aspects;
  }
  for (std::size_t k = 1; k <= kMaxInformedTiers; ++k) {
    AspectOutcome tier;
    tier.aspect = fmt::format("informed_{}", k);
    tier.judged = false;
    tier.feedback = "not judged: the test has no `informed:` tiers";
    aspects.push_back(std::move(tier));
  }
  return aspects;
}

}  // namespace sg
