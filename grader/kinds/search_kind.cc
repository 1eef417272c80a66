#include "kinds/search_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "adapters/function_call_outcome.h"
#include "adapters/program_rejection.h"
#include "adapters/program_run.h"
#include "adapters/search_adapter.h"
#include "adapters/search_call_setup.h"
#include "algorithms/search_algorithm.h"
#include "algorithms/search_mutants.h"
#include "checkers/reported_measures.h"
#include "checkers/search_judgements.h"
#include "checkers/search_result_checker.h"
#include "checkers/state_text.h"
#include "domains/reference_cache.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/published_figures.h"
#include "reference/admissibility.h"
#include "reference/astar_ties.h"
#include "spec/edit_distance.h"

namespace sg {
namespace {

// How one aspect is judged (the test's `judge:`).
struct Judging {
  std::vector<std::string> aspects;  ///< In the kind's order.
  ExpansionMatch expansions = ExpansionMatch::exact;
  double tolerance = 0.0;
  bool expanded_count_ties = false;  ///< expanded_count: ties (every A* tie-breaking's range).
  bool max_depth_ties = false;       ///< max_search_depth: ties.
  bool result_omits_start = false;   ///< result: {start: omitted} (A2's depthLimitedSearch).
};

bool judges(const Judging& judging, const std::string& aspect) {
  return std::find(judging.aspects.begin(), judging.aspects.end(), aspect) != judging.aspects.end();
}

Judging read_judging(const TestSpec& test, const std::vector<std::string>& known) {
  Judging judging;
  if (!test.input.contains("judge")) {
    judging.aspects = {"path"};
    return judging;
  }
  const auto& judge = test.input["judge"];
  if (!judge.is_object() || judge.empty())
    throw SpecError(location_of(test, "/judge"),
                    "judge: a mapping of aspects, e.g. {path: true, optimal: true}");
  for (const auto& [aspect, how] : judge.items()) {
    const SourceLocation where = location_of(test, "/judge/" + aspect);
    if (std::find(known.begin(), known.end(), aspect) == known.end())
      throw SpecError(where, fmt::format("judge: unknown aspect '{}'{}; aspects: {}", aspect,
                                         did_you_mean(aspect, known), fmt::join(known, ", ")));
    if (aspect == "expansions") {
      if (how != "exact" && how != "ties")
        throw SpecError(where,
                        "expansions: exact (the reference's order) or ties (any order "
                        "its tie-breaking allows)");
      judging.expansions = how == "ties" ? ExpansionMatch::ties : ExpansionMatch::exact;
    } else if (aspect == "expanded_count" && how == "ties") {
      judging.expanded_count_ties = true;
    } else if (aspect == "max_search_depth" && how == "ties") {
      judging.max_depth_ties = true;
    } else if (aspect == "expanded_count") {
      if (how.is_object() && how.contains("tolerance") && how["tolerance"].is_number()) {
        judging.tolerance = how["tolerance"].get<double>();
      } else if (how.is_number()) {
        judging.tolerance = how.get<double>();
      } else if (how != true) {
        throw SpecError(where,
                        "expanded_count: true (exactly), {tolerance: 0.1} (a fraction) or ties "
                        "(within what every tie-breaking of A* gives)");
      }
    } else if (aspect == "result" && how.is_object()) {
      const std::string start = how.value("start", std::string());
      if (how.size() != 1 || (start != "included" && start != "omitted"))
        throw SpecError(where,
                        "result: true, or {start: omitted} for a path returned without the start "
                        "(A2's depthLimitedSearch)");
      judging.result_omits_start = start == "omitted";
    } else if (how != true) {
      if (how == false) continue;
      throw SpecError(where, fmt::format("{}: true or false", aspect));
    }
  }
  for (const std::string& aspect : known)
    if (judge.contains(aspect) && judge[aspect] != false) judging.aspects.push_back(aspect);
  return judging;
}

// What the reference did, once per accepted variant (cached across students).
struct Expected {
  std::vector<ReferenceRun> runs;  ///< One per accepted variant.
  std::optional<double> optimal;
  /// What every tie-breaking of A* gives, when the test judges a figure by `ties`.
  std::optional<ref::AStarTies> ties;
};

struct Setup {
  SearchDomain domain;
  SearchAlgorithm algorithm;
  Judging judging;
  std::shared_ptr<const Expected> expected;
};

Setup setup(const Assignment& assignment, const TestSpec& test,
            const std::vector<std::string>& aspects) {
  Setup result;
  result.domain = search_domain(assignment, test);
  result.algorithm = search_algorithm(assignment, test);
  result.judging = read_judging(test, aspects);
  const std::vector<bool> variants = accepted_variants(test);
  const SearchDomain& domain = result.domain;
  const SearchAlgorithm& algorithm = result.algorithm;
  result.expected = cached_reference<Expected>(assignment, test, "search", [&] {
    Expected expected;
    for (const bool reversed : variants)
      expected.runs.push_back(run_reference(domain, algorithm, reversed));
    expected.optimal = optimal_cost(domain);
    if (result.judging.expanded_count_ties || result.judging.max_depth_ties)
      expected.ties = ref::astar_ties(*domain.problem);
    return expected;
  });
  return result;
}

// A run's path as a bounded search returns it: its states as the submission writes them, the
// start left out under `result: {start: omitted}`.
std::vector<nlohmann::json> returned_path(const Setup& checked, const ReferenceRun& run) {
  std::vector<nlohmann::json> path;
  for (std::size_t i = checked.judging.result_omits_start ? 1 : 0; i < run.path.size(); ++i)
    path.push_back(checked.domain.value_of(run.path[i]));
  return path;
}

// The `result` a bounded search must return (checkers/search_result_checker.h): 'cutoff',
// 'failure' or the path, with the start unless the test says `start: omitted`.
ExpectedSearchResult bounded_result(const Setup& checked, const TestSpec& test) {
  using Outcome = ExpectedSearchResult::Outcome;
  const ReferenceRun& run = checked.expected->runs.front();
  const SearchDomain& domain = checked.domain;
  ExpectedSearchResult expected;
  expected.outcome = run.found                 ? Outcome::path
                     : run.outcome == "cutoff" ? Outcome::cutoff
                                               : Outcome::failure;
  expected.includes_start = !checked.judging.result_omits_start;
  expected.path = returned_path(checked, run);
  expected.start = domain.value_of(domain.problem->initial_state());
  expected.goal = domain.value_of(single_goal(domain, test));
  expected.limit = checked.algorithm.family == SearchAlgorithm::Family::depth_limited
                       ? checked.algorithm.limit
                       : checked.algorithm.max_depth;
  expected.function = call_words(test).function;
  return expected;
}

SearchDomainRules result_rules(const Setup& checked) {
  return domain_rules(std::make_shared<const SearchDomain>(checked.domain));
}

std::string expected_text(const Setup& setup, const TestSpec& test) {
  if (judges(setup.judging, "result"))
    return render_expected(bounded_result(setup, test), result_rules(setup));
  const ReferenceRun& run = setup.expected->runs.front();
  std::string text;
  if (!run.found) {
    text = fmt::format("no path: the reference search ends with '{}'", run.outcome);
  } else {
    // A depth-first path of 46,142 moves is shown by its first states and its last.
    const std::size_t shown = run.path.size() > 1000 ? 60 : run.path.size();
    text = fmt::format(
        "path ({} step{}, cost {:g}): {}{}", run.actions.size(), run.actions.size() == 1 ? "" : "s",
        run.cost,
        fmt::join(run.path.begin(), run.path.begin() + static_cast<std::ptrdiff_t>(shown), ", "),
        shown < run.path.size() ? fmt::format(", ... ({} more states, ending at {})",
                                              run.path.size() - shown, run.path.back())
                                : std::string());
  }
  const auto& ties = setup.expected->ties;
  if (setup.judging.expanded_count_ties && ties) {
    text += fmt::format("\nnodes expanded: {} to {} (every tie-breaking of A*)",
                        ties->fewest_expanded, ties->most_expanded);
  } else if (judges(setup.judging, "expansions") ||
             (judges(setup.judging, "expanded_count") && run.expanded.size() <= 1000)) {
    text += fmt::format("\nexpanded ({}): {}", run.expanded.size(), fmt::join(run.expanded, ", "));
  } else if (judges(setup.judging, "expanded_count")) {
    text += fmt::format("\nnodes expanded: {}", run.expanded.size());
  }
  if (run.found && judges(setup.judging, "search_depth"))
    text += fmt::format("\nsearch depth: {}", run.actions.size());
  if (judges(setup.judging, "max_search_depth")) {
    if (setup.judging.max_depth_ties && ties && ties->least_max_depth)
      text += fmt::format("\nmax search depth: {} to {} (every tie-breaking of A*)",
                          *ties->least_max_depth, *ties->most_max_depth);
    else
      text += fmt::format("\nmax search depth: {}", run.max_depth);
  }
  if (setup.expected->runs.size() > 1)
    text +=
        "\n(with the successors pushed in the reverse order, its own path and expansions "
        "are accepted too)";
  return text;
}

// Judges a readable answer (the submission's, or a mutant's) into outcome.aspects; `result`
// reads the value returned (checkers/search_result_checker.h), the others the answer.
void judge_answer(const Setup& checked, const TestSpec& test, const SearchCall& call,
                  TestOutcome& outcome) {
  std::vector<std::string> aspects = checked.judging.aspects;
  std::erase(aspects, "result");
  // What a program measured of itself is judged against its run, not the reference.
  std::erase(aspects, "reported_time");
  std::erase(aspects, "reported_memory");
  SearchAnswerExpected expected{checked.domain.problem.get(),
                                checked.algorithm.policy,
                                checked.expected->runs,
                                checked.expected->optimal,
                                aspects,
                                checked.judging.expansions,
                                checked.judging.tolerance,
                                checked.judging.expanded_count_ties,
                                checked.judging.max_depth_ties,
                                checked.expected->ties ? &*checked.expected->ties : nullptr};
  outcome.verdict = Verdict::accepted;
  for (AspectOutcome& aspect : judge_search_answer(expected, call))
    outcome.aspects.push_back(std::move(aspect));
  if (!judges(checked.judging, "result")) return;
  SearchResultCheck check =
      check_search_result(bounded_result(checked, test), result_rules(checked),
                          call.returned.value_or(nlohmann::json()));
  outcome.aspects.push_back(std::move(check.result));
  for (std::string& note : check.notes) outcome.notes.push_back(std::move(note));
}

// What the program measured of itself (output.reported_time, reported_memory), judged against
// what the runner measured of the same run, appended in the kind's order.
void judge_reported_measures(const Assignment& assignment, const Setup& checked,
                             const SearchCall& call, const Observation& observation,
                             TestOutcome& outcome) {
  const nlohmann::json& output = assignment.adapter->value.value("output", nlohmann::json());
  const auto name_of = [&](const char* key) {
    // The figure as the course names it: the pattern's first words ("running_time: ...").
    const nlohmann::json& value = output.value(key, nlohmann::json());
    std::string pattern =
        value.is_string() ? value.get<std::string>() : value.value("pattern", std::string());
    std::string name;
    for (const char c : pattern) {
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
        name += c;
      } else if (!name.empty()) {
        break;
      }
    }
    return name.empty() ? std::string(key) : name;
  };
  if (judges(checked.judging, "reported_time"))
    outcome.aspects.push_back(judge_reported_time(call.reported_time, observation.wall_seconds,
                                                  name_of("reported_time")));
  if (judges(checked.judging, "reported_memory")) {
    const nlohmann::json& value = output.value("reported_memory", nlohmann::json());
    const MemoryUnit unit =
        memory_unit(value.is_object() ? value.value("unit", "megabytes") : "megabytes")
            .value_or(MemoryUnit{});
    outcome.aspects.push_back(judge_reported_memory(
        call.reported_memory, unit, observation.peak_memory_bytes, name_of("reported_memory")));
  }
}

// A mutant's run as the answer a student returning the same would give: its path, its cost, its
// expansions and their number, its outcome word; as a bounded search returns it for `result`.
SearchCall answer_of(const Setup& checked, const ReferenceRun& run) {
  SearchCall call;
  if (run.budget_exceeded) {
    call.stop = EarlyStop{Verdict::time_limit_exceeded, "it did not end within its time limit"};
    return call;
  }
  call.no_path = !run.found;
  if (!run.found) call.outcome_word = run.outcome;
  if (run.found) {
    StudentPath path;
    path.items = run.path;
    call.path = std::move(path);
    call.cost = run.cost;
  }
  call.expanded = run.expanded;
  call.expanded_count = static_cast<double>(run.expanded.size());
  if (run.found) call.search_depth = static_cast<double>(run.actions.size());
  call.max_search_depth = static_cast<double>(run.max_depth);
  call.returned =
      run.found ? nlohmann::json(returned_path(checked, run)) : nlohmann::json(run.outcome);
  return call;
}

// The mutants that apply to the test and their runs (computed once per spec and test). A mutant
// whose mistake the test accepts (successors reversed where `accept` lists reversed, or where
// any tie order is accepted) is left out.
std::shared_ptr<const MutantRuns> mutant_runs(const Assignment& assignment, const TestSpec& test,
                                              const Setup& checked,
                                              std::optional<std::size_t> most_expansions = {}) {
  // Any tie order is accepted when expansions are judged by ties and the path is not judged
  // exactly: the successor order then only breaks ties, which the test allows.
  const auto& judged = checked.judging.aspects;
  const bool any_tie_order = checked.judging.expansions == ExpansionMatch::ties &&
                             std::count(judged.begin(), judged.end(), "expansions") > 0 &&
                             std::count(judged.begin(), judged.end(), "exact") == 0;
  const bool accepts_reversed = checked.expected->runs.size() > 1 || any_tie_order;
  const std::string what = most_expansions
                               ? fmt::format("search-mutants-within-{}", *most_expansions)
                               : "search-mutants";
  return cached_reference<MutantRuns>(assignment, test, what, [&] {
    MutantRuns runs;
    for (SearchMutant mutant : search_mutants(checked.algorithm)) {
      if (mutant.id == "successors_reversed" && accepts_reversed) continue;
      if (most_expansions) {
        mutant.algorithm.policy.max_expansions =
            std::min(mutant.algorithm.policy.max_expansions, *most_expansions);
        mutant.algorithm.deepening.max_expansions =
            std::min(mutant.algorithm.deepening.max_expansions, *most_expansions);
      }
      runs.emplace_back(mutant, run_mutant(checked.domain, mutant));
    }
    return runs;
  });
}

// "Likely mistake: ...": the mutants (run once per spec and test) whose answers equal the
// submission's.
std::optional<std::string> diagnose(const Assignment& assignment, const TestSpec& test,
                                    const Setup& checked, const SearchCall& call) {
  // A mutant that expands far more than the answer reported (and the reference) cannot be what
  // the student's search did: its run is cut there, which spares wandering the whole space (a
  // stack for a queue on the 8-puzzle expands 181,437 boards). Rounded up to a power of two, so
  // the runs are shared by the students of a class.
  std::size_t reported = checked.expected->runs.front().expanded.size();
  if (call.expanded) reported = std::max(reported, call.expanded->size());
  if (call.expanded_count && *call.expanded_count > 0)
    reported = std::max(reported, static_cast<std::size_t>(*call.expanded_count));
  std::size_t most = 1024;
  while (most < 2 * reported + 1000) most *= 2;
  return diagnose_search_mistake(checked.algorithm, *checked.domain.problem,
                                 checked.expected->runs.front(),
                                 *mutant_runs(assignment, test, checked, most), call);
}

// The figures `cross_check` may pin: the search's result ('cutoff', 'failure' or path), the
// moves and cost of its path.
std::map<std::string, ReferenceFigure> published_figures(const Setup& checked) {
  const ReferenceRun& run = checked.expected->runs.front();
  const std::string shown =
      run.found ? fmt::format("the path {}", fmt::join(run.path, ", ")) : "'" + run.outcome + "'";
  const nlohmann::json none;  // no path: no number of moves or cost reproduces it
  const std::string searched = fmt::format("its search ({} states expanded)", run.expanded.size());
  return {{"result", {run.found ? "path" : run.outcome, shown}},
          {"moves", {run.found ? nlohmann::json(run.actions.size()) : none, shown}},
          {"cost", {run.found ? number_value(run.cost) : none, shown}},
          {"expanded", {run.expanded.size(), searched}},
          {"max_search_depth", {run.max_depth, searched}}};
}

// The aspects `judge` may name (a `reject` test's `rejection` is not judged that way).
std::vector<std::string> judgeable_aspects(const SearchKind& kind) {
  std::vector<std::string> aspects = kind.aspects();
  std::erase(aspects, "rejection");
  return aspects;
}

// A `reject` test's program run: the refused start as the test writes it.
ProgramRun rejected_search_run(const Assignment& assignment, const TestSpec& test) {
  return search_program_run(assignment, test, search_algorithm(assignment, test),
                            refused_start_values(assignment, test));
}

}  // namespace

std::vector<std::string> SearchKind::judged_aspects(const Assignment&, const TestSpec& test) const {
  if (rejects(test)) return {"rejection"};
  try {
    return read_judging(test, judgeable_aspects(*this)).aspects;
  } catch (const SpecError&) {
    return aspects();
  }
}

bool SearchKind::uses_action_order(const Assignment& assignment) const {
  return successors_in_action_order(assignment);
}

void SearchKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (rejects(test)) {
    require_refused_start(assignment, test);
    validate_rejection_test(test, {"judge", "accept", "call", "section", "cross_check"});
    require_written_as_given(test, rejected_search_run(assignment, test));
    return;
  }
  if (test.grades.contains("rejection"))
    throw SpecError(test.where, "only a `reject` test grades rejection");
  const Setup checked = setup(assignment, test, judgeable_aspects(*this));
  validate_search_adapter(assignment, test, checked.domain, checked.algorithm);
  const std::vector<std::string> can = adapter_can_judge(assignment);
  for (const std::string& aspect : checked.judging.aspects) {
    if (std::find(can.begin(), can.end(), aspect) == can.end())
      throw SpecError(location_of(test, "/judge/" + aspect),
                      fmt::format("judge: the {} adapter gives nothing to judge `{}` on",
                                  assignment.adapter->value.value("type", "?"), aspect));
  }
  for (const auto& [aspect, criteria] : test.grades) {
    if (std::find(checked.judging.aspects.begin(), checked.judging.aspects.end(), aspect) ==
            checked.judging.aspects.end() &&
        aspect != "exit")
      throw SpecError(test.where, fmt::format("test '{}' grades `{}`, which its `judge` does not "
                                              "judge",
                                              test.id, aspect));
  }
  const ReferenceRun& run = checked.expected->runs.front();
  if (run.budget_exceeded)
    throw SpecError(location_of(test, "/algorithm"),
                    "the reference search ran out of its expansion budget (max_expansions): a "
                    "tree search on a graph with cycles never ends");
  const auto judged = [&](const char* aspect) {
    return std::count(checked.judging.aspects.begin(), checked.judging.aspects.end(), aspect) > 0;
  };
  if (judged("optimal") && !checked.expected->optimal)
    throw SpecError(location_of(test, "/judge/optimal"),
                    "no goal can be reached from the start, so no path can be optimal");
  if (judged("optimal") && run.found && std::abs(run.cost - *checked.expected->optimal) > 1e-6)
    throw SpecError(location_of(test, "/algorithm"),
                    fmt::format("the algorithm's own path costs {:g}, but the cheapest costs {:g}: "
                                "it cannot be judged `optimal` here (an inadmissible or, without "
                                "reopen_closed, inconsistent heuristic?)",
                                run.cost, *checked.expected->optimal));
  const bool uses_h = checked.algorithm.family == SearchAlgorithm::Family::ida_star ||
                      (checked.algorithm.family == SearchAlgorithm::Family::best_first &&
                       (checked.algorithm.policy.strategy == ref::Strategy::astar ||
                        checked.algorithm.policy.strategy == ref::Strategy::greedy_best_first));
  if (judged("optimal") && uses_h && checked.domain.type != "sliding_tile") {
    const ref::AdmissibilityCheck admissible = ref::check_admissible(*checked.domain.problem);
    if (admissible.first)
      throw SpecError(
          location_of(test, "/domain"),
          fmt::format("the heuristic of domain '{}' is not admissible: h({}) = {:g}, "
                      "but the cheapest path from {} to a goal costs {:g}; a test "
                      "that judges `optimal` with {} needs one that never "
                      "overestimates",
                      checked.domain.name, admissible.first->state, admissible.first->h,
                      admissible.first->state, admissible.first->cheapest, checked.algorithm.name));
  }
  if (judged("expansions") && checked.judging.expansions == ExpansionMatch::ties &&
      !checked.algorithm.priority_ordered())
    throw SpecError(location_of(test, "/judge/expansions"),
                    "expansions: ties is for uniform-cost, greedy and A* (a breadth- or "
                    "depth-first order depends only on the successor order: use exact and "
                    "`accept`)");
  const bool astar = checked.algorithm.family == SearchAlgorithm::Family::best_first &&
                     checked.algorithm.policy.strategy == ref::Strategy::astar;
  if ((checked.judging.expanded_count_ties || checked.judging.max_depth_ties) && !astar)
    throw SpecError(location_of(test, "/judge"),
                    "ties (what every tie-breaking of A* gives) is for A*; this test's algorithm "
                    "is " +
                        algorithm_title(checked.algorithm));
  if ((checked.judging.expanded_count_ties || checked.judging.max_depth_ties) &&
      !checked.expected->ties)
    throw SpecError(location_of(test, "/judge"),
                    "ties: the states reachable from the start are too many to sweep (more than "
                    "2,000,000), or none is a goal");
  if (checked.judging.max_depth_ties && !checked.expected->ties->least_max_depth)
    throw SpecError(location_of(test, "/judge/max_search_depth"),
                    "max_search_depth: ties needs a domain whose every step costs 1 (a depth is "
                    "then a cost)");
  if (judged("max_search_depth") && checked.algorithm.family != SearchAlgorithm::Family::best_first)
    throw SpecError(location_of(test, "/judge/max_search_depth"),
                    "max_search_depth is the deepest node on a best-first search's frontier "
                    "(breadth-first, depth-first, uniform-cost, greedy, A*)");
  if ((judged("expansions") || judged("expanded_count")) &&
      checked.algorithm.family == SearchAlgorithm::Family::local_beam)
    throw SpecError(location_of(test, "/judge"), "local beam search has no expansion order");
  if (judged("result") && checked.algorithm.family != SearchAlgorithm::Family::depth_limited &&
      checked.algorithm.family != SearchAlgorithm::Family::iterative_deepening)
    throw SpecError(location_of(test, "/judge/result"),
                    "result: what a depth-limited or iterative deepening search returns "
                    "('cutoff', 'failure' or a path); this test's algorithm is " +
                        algorithm_title(checked.algorithm));
  check_published_figures(test, published_figures(checked));
  // The reference's own answer must earn every aspect the test judges, or a criterion bound to
  // it can never be earned by anyone.
  if (!run.budget_exceeded) {
    TestOutcome own;
    judge_answer(checked, test, answer_of(checked, run), own);
    for (const AspectOutcome& aspect : own.aspects)
      if (!aspect.passed)
        throw SpecError(location_of(test, "/judge/" + aspect.aspect),
                        fmt::format("the reference's own answer fails `{}` ({}), so no "
                                    "submission can pass this test",
                                    aspect.aspect, aspect.feedback));
  }
}

Invocation SearchKind::invocation(const Assignment& assignment, const TestSpec& test,
                                  const GradingContext& context) const {
  if (rejects(test))
    return make_program_invocation(test, context, rejected_search_run(assignment, test));
  const Setup checked = setup(assignment, test, judgeable_aspects(*this));
  Invocation invocation =
      search_invocation(assignment, test, context, checked.domain, checked.algorithm);
  if (judges(checked.judging, "reported_memory")) start_with_fresh_rusage(invocation, context);
  return invocation;
}

TestOutcome SearchKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                 const Observation& observation) const {
  if (rejects(test))
    return judge_program_rejection(
        written_start(test), observation,
        [&](const std::string& printed) { return search_program_path_line(assignment, printed); });
  const Setup checked = setup(assignment, test, judgeable_aspects(*this));
  const SearchCall call =
      read_search_call(assignment, test, checked.domain, checked.algorithm, observation);
  TestOutcome outcome;
  record_metrics(outcome, observation);
  outcome.call = call.call_text;
  outcome.observed = call.observed;
  outcome.notes = call.notes;
  outcome.expected = expected_text(checked, test);
  if (call.stop) {
    fail_all_aspects(outcome, checked.judging.aspects, *call.stop);
    return outcome;
  }
  judge_answer(checked, test, call, outcome);
  judge_reported_measures(assignment, checked, call, observation, outcome);
  // The mutants' runs are made only when the answer gives something to compare them with, and
  // an aspect a search's mistake explains failed (not a figure such as the depth it reported).
  const bool comparable = call.unreadable.empty() &&
                          (call.path || call.no_path || call.expanded || call.expanded_count);
  const auto explained = [](const AspectOutcome& aspect) {
    static const std::set<std::string> searched = {
        "path", "optimal", "exact", "expansions", "outcome", "result", "expanded_count"};
    return !aspect.passed && searched.contains(aspect.aspect);
  };
  if (comparable && std::any_of(outcome.aspects.begin(), outcome.aspects.end(), explained)) {
    if (const auto mistake = diagnose(assignment, test, checked, call)) {
      if (!outcome.feedback.empty()) outcome.feedback += "\n";
      outcome.feedback += *mistake;
    }
  }
  return outcome;
}

std::vector<MutantOutcome> SearchKind::mutant_outcomes(const Assignment& assignment,
                                                       const TestSpec& test) const {
  if (rejects(test)) return {};
  const Setup checked = setup(assignment, test, judgeable_aspects(*this));
  const auto runs = mutant_runs(assignment, test, checked);
  std::vector<MutantOutcome> outcomes;
  const ReferenceRun& reference = checked.expected->runs.front();
  for (const auto& [mutant, run] : *runs) {
    // A bound the search never came near (max_depth + 1 where the goal is found at depth 7):
    // an equivalent mutant, no survivor. Other mutants equal to the reference on a test are
    // kept: another test could tell them apart, and the audit says none does.
    if (mutant.bound_only && !run.budget_exceeded && run.found == reference.found &&
        run.path == reference.path && run.expanded == reference.expanded &&
        run.outcome == reference.outcome)
      continue;
    MutantOutcome judged{mutant.id, mutant.mistake, {}};
    const SearchCall answer = answer_of(checked, run);
    if (answer.stop) {
      fail_all_aspects(judged.outcome, checked.judging.aspects, *answer.stop);
    } else {
      judge_answer(checked, test, answer, judged.outcome);
      // A mutant's mistake is in its search: it measures itself as the reference does.
      for (const char* measure : {"reported_time", "reported_memory"})
        if (judges(checked.judging, measure))
          judged.outcome.aspects.push_back({measure, "", true, ""});
    }
    outcomes.push_back(std::move(judged));
  }
  return outcomes;
}

}  // namespace sg
