#include "algorithms/trace_mutants.h"

#include <algorithm>
#include <functional>

#include "checkers/state_text.h"

namespace sg {
namespace {

// What a mutant prints: the expected output with its last line as a program prints it (the
// expected text marks an optional one), or without it when it must not be printed.
DomainPathExpected printable(const DomainPathExpected& expected) {
  DomainPathExpected printed = expected;
  if (printed.last_line_rule == MaxQueueLine::forbidden) printed.last_line.reset();
  printed.last_line_rule = MaxQueueLine::required;
  return printed;
}

// The problem with another h: what a solve() whose heuristic slips prints along the same path.
class SlippedHeuristic : public ref::Problem {
 public:
  SlippedHeuristic(const ref::Problem& problem, std::function<double(const ref::State&)> h)
      : problem_(problem), h_(std::move(h)) {}
  ref::State initial_state() const override { return problem_.initial_state(); }
  std::vector<ref::Step> successors(const ref::State& state) const override {
    return problem_.successors(state);
  }
  bool is_goal(const ref::State& state) const override { return problem_.is_goal(state); }
  double h(const ref::State& state) const override { return h_(state); }
  bool is_state(const ref::State& state) const override { return problem_.is_state(state); }

 private:
  const ref::Problem& problem_;
  std::function<double(const ref::State&)> h_;
};

std::vector<ref::State> states_of(const std::vector<ref::Step>& steps) {
  std::vector<ref::State> out;
  for (const ref::Step& step : steps) out.push_back(step.state);
  return out;
}

}  // namespace

std::vector<PrintedMutant> listing_mutants(const SearchDomain& domain,
                                           const DomainListingExpected& expected,
                                           const StateNotation& notation, bool ascending,
                                           const ref::StateLess& less) {
  const ref::Problem& problem = *domain.problem;
  std::vector<PrintedMutant> mutants;
  DomainListingExpected reordered = expected;
  if (ascending) {
    reordered.successors = problem.successors(expected.parent);
  } else {
    std::stable_sort(reordered.successors.begin(), reordered.successors.end(),
                     [](const ref::Step& a, const ref::Step& b) { return a.state < b.state; });
  }
  if (states_of(reordered.successors) != states_of(expected.successors)) {
    mutants.push_back({"successors_in_other_order",
                       ascending ? "prints the successors in the domain's order, not ascending"
                                 : "prints the successors sorted, not in the domain's order",
                       expected_listing_text(problem, reordered, notation)});
  } else if (expected.successors.size() > 1) {
    std::reverse(reordered.successors.begin(), reordered.successors.end());
    mutants.push_back({"successors_reversed", "prints the successors in reverse order",
                       expected_listing_text(problem, reordered, notation)});
  }
  // Each successor's line with h as `h_of` gives it.
  const auto listing_with_h = [&](const std::function<double(const ref::Step&)>& h_of) {
    std::string printed;
    for (const ref::Step& step : expected.successors) {
      const double h = h_of(step);
      LineFields fields{{"state", notation.show(step.state)},
                        {"action", step.action},
                        {"cost", number_text(step.cost)},
                        {"g", number_text(step.cost)},
                        {"h", number_text(h)},
                        {"f", number_text(step.cost + h)}};
      printed += expected.line.render(fields) + "\n";
    }
    return printed;
  };
  if (expected.line.has("h")) {
    mutants.push_back(
        {"h_is_f", "prints f = cost + h where h is asked",
         listing_with_h([&](const ref::Step& step) { return step.cost + problem.h(step.state); })});
    for (const DomainHints::HeuristicSlip& slip : domain.hints.heuristic_slips)
      mutants.push_back({slip.id, slip.mistake, listing_with_h([&](const ref::Step& step) {
                           return slip.h(step.state);
                         })});
  }
  for (const DomainHints::ListingSlip& slip : domain.hints.listing_slips) {
    const std::vector<ref::State> extra = slip.extra(expected.parent);
    if (extra.empty()) continue;
    DomainListingExpected padded = expected;
    for (const ref::State& state : extra) padded.successors.push_back({"", state, 0.0});
    if (ascending)
      std::stable_sort(
          padded.successors.begin(), padded.successors.end(),
          [&less](const ref::Step& a, const ref::Step& b) { return less(a.state, b.state); });
    mutants.push_back({slip.id, slip.mistake, expected_listing_text(problem, padded, notation)});
  }
  return mutants;
}

std::vector<PrintedMutant> path_mutants(const SearchDomain& domain,
                                        const SearchAlgorithm& algorithm,
                                        const DomainPathExpected& expected,
                                        const StateNotation& notation) {
  const ref::Problem& problem = *domain.problem;
  std::vector<PrintedMutant> mutants;
  if (algorithm.family == SearchAlgorithm::Family::best_first &&
      algorithm.policy.strategy == ref::Strategy::astar) {
    SearchAlgorithm greedy = algorithm;
    greedy.policy.strategy = ref::Strategy::greedy_best_first;
    const ReferenceRun run = run_reference(domain, greedy, false);
    if (run.found) {
      DomainPathExpected printed = printable(expected);
      printed.reference_path = run.path;
      printed.reference_max_frontier = run.max_frontier;
      mutants.push_back({"greedy_not_astar", "orders the frontier by h alone (greedy), not g + h",
                         expected_path_text(problem, printed, notation)});
    }
  }
  if (expected.line.has("h")) {
    for (const DomainHints::HeuristicSlip& slip : domain.hints.heuristic_slips) {
      const SlippedHeuristic slipped(problem, slip.h);
      mutants.push_back(
          {slip.id, slip.mistake, expected_path_text(slipped, printable(expected), notation)});
    }
  }
  if (expected.last_line && expected.max_queue_judgement != QueueCountJudgement::feedback) {
    DomainPathExpected printed = expected;
    printed.last_line_rule = MaxQueueLine::required;
    std::string text = expected_path_text(problem, printed, notation);
    const std::string count = std::to_string(expected.reference_max_frontier);
    text.replace(text.rfind(count), count.size(), "-1");
    mutants.push_back({"queue_count_minus_one", "prints -1 for the max queue length", text});
  }
  return mutants;
}

}  // namespace sg
