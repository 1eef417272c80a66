#include "kinds/domain_trace.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "adapters/function_call_outcome.h"
#include "adapters/search_adapter.h"
#include "algorithms/search_algorithm.h"
#include "algorithms/trace_mutants.h"
#include "checkers/domain_trace_checker.h"
#include "checkers/state_text.h"
#include "domains/reference_cache.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/published_figures.h"
#include "reference/queue_length.h"

namespace sg {
namespace {

// `max_queue_line:` (optional | required | forbidden), for tiles and named domains alike.
MaxQueueLine read_max_queue_line(const TestSpec& test) {
  const std::string value =
      read_word(test, "max_queue_line", "optional", {"optional", "required", "forbidden"});
  if (value == "required") return MaxQueueLine::required;
  if (value == "forbidden") return MaxQueueLine::forbidden;
  return MaxQueueLine::optional;
}

// `max_queue_length:` (feedback | exact | range).
QueueCountJudgement read_max_queue_length(const TestSpec& test) {
  const std::string value =
      read_word(test, "max_queue_length", "feedback", {"feedback", "exact", "range"});
  if (value == "exact") return QueueCountJudgement::exact;
  if (value == "range") return QueueCountJudgement::range;
  return QueueCountJudgement::feedback;
}

const char* const kListingLine = "{state} h={h}";
const char* const kPathLine = "{state} h={h} moves: {depth}";
const char* const kLastLine = "Max queue length: {max_frontier}";

// A print_succ test's domain: a graph's or a board's start defaults to the listed state (a
// maze's is its `S`).
SearchDomain listing_domain(const Assignment& assignment, const TestSpec& test) {
  if (test.input.contains("start")) return search_domain(assignment, test);
  bool start_at_state = !test.input.contains("domain");  // the spec's sliding-tile domain
  if (!start_at_state) {
    const auto found = assignment.domains.find(
        test.input["domain"].is_string() ? test.input["domain"].get<std::string>() : std::string());
    start_at_state =
        found != assignment.domains.end() && found->second.value.value("type", "") == "graph";
  }
  if (!start_at_state) return search_domain(assignment, test);
  TestSpec located = test;
  located.input["start"] = test.input.value("state", nlohmann::json());
  return search_domain(assignment, located);
}

bool ascending_order(const TestSpec& test) {
  return read_word(test, "order", "as_listed", {"as_listed", "ascending"}) == "ascending";
}

DomainListingExpected listing_expected(const Assignment& assignment, const SearchDomain& domain,
                                       const TestSpec& test) {
  const ref::State state = state_of_test(test, domain);
  std::vector<ref::Step> successors = domain.problem->successors(state);
  const bool ascending = ascending_order(test);
  if (ascending) {
    const ref::StateLess less = python_order(domain);
    std::stable_sort(
        successors.begin(), successors.end(),
        [&less](const ref::Step& a, const ref::Step& b) { return less(a.state, b.state); });
  }
  return {state, std::move(successors),
          line_template(assignment, test, "line", kListingLine, listing_fields()),
          ascending ? ascending_order_wording(domain) : "in the order the domain lists them",
          domain.hints};
}

// A* with a consistent heuristic finds a cheapest path: its cost needs no uniform-cost search
// to confirm (which on a 3 x 3 board's 181,440 states costs seconds).
bool astar_is_optimal(const SearchAlgorithm& algorithm, const SearchDomain& domain) {
  return domain.consistent_heuristic && algorithm.family == SearchAlgorithm::Family::best_first &&
         algorithm.policy.strategy == ref::Strategy::astar && algorithm.policy.graph_search;
}

// What the solve trace must show, from the reference's run of the test's algorithm. Throws
// SpecError when the reference finds no path or the spec asks what the algorithm cannot give.
DomainPathExpected path_expected(const Assignment& assignment, const SearchDomain& domain,
                                 const SearchAlgorithm& algorithm, const TestSpec& test) {
  const ReferenceRun run = *cached_reference<ReferenceRun>(
      assignment, test, "domain run", [&] { return run_reference(domain, algorithm, false); });
  if (!run.found)
    throw SpecError(test.where, fmt::format("the reference's {} finds no path on '{}': choose a "
                                            "start and goal it can solve",
                                            algorithm.name, domain.name));
  const bool optimal = algorithm.priority_ordered();
  DomainPathExpected expected{
      run.path,
      optimal && !astar_is_optimal(algorithm, domain)
          ? cached_reference<std::optional<double>>(assignment, test, "domain optimal cost",
                                                    [&] { return optimal_cost(domain); })
                ->value_or(run.cost)
          : run.cost,
      read_flag(test, "/exact_path", !optimal),
      line_template(assignment, test, "line", kPathLine, path_fields()),
      line_template(assignment, test, "last_line", kLastLine, last_line_fields()),
      read_max_queue_line(test),
      read_max_queue_length(test),
      run.max_frontier};
  check_published_figures(
      test,
      {{"moves", {static_cast<long long>(expected.reference_path.size()) - 1, ""}},
       {"max_queue_length", {static_cast<long long>(run.max_frontier), ""}}},
      domain.text_of(domain.problem->initial_state()));
  expected.algorithm_title = algorithm_title(algorithm);
  expected.optimality = optimality_reason(algorithm, !domain.hints.step_word.empty());
  expected.hints = domain.hints;
  if (expected.max_queue_judgement != QueueCountJudgement::feedback) {
    if (algorithm.family != SearchAlgorithm::Family::best_first)
      throw SpecError(location_of(test, "/max_queue_length"),
                      "only a best-first search (bfs, dfs, ucs, greedy, astar) keeps a queue to "
                      "judge the length of");
    if (expected.last_line_rule == MaxQueueLine::forbidden)
      throw SpecError(location_of(test, "/max_queue_length"),
                      "a max queue length that must not be printed cannot be judged");
  }
  if (expected.max_queue_judgement == QueueCountJudgement::range) {
    try {
      const ref::QueueLengthRange range =
          *cached_reference<ref::QueueLengthRange>(assignment, test, "domain queue range", [&] {
            return ref::max_frontier_range(*domain.problem, algorithm.policy, python_order(domain));
          });
      expected.max_frontier_low = range.low;
      expected.max_frontier_high = range.high;
    } catch (const std::invalid_argument& error) {
      throw SpecError(location_of(test, "/max_queue_length"), error.what());
    }
  }
  return expected;
}

// The outcome of a call that printed `call.printed`, or stopped early.
TestOutcome printed_outcome(const PrintedCall& call, const Observation& observation,
                            const std::vector<std::string>& aspects,
                            const std::vector<std::string>& printed_aspects) {
  TestOutcome outcome;
  outcome.call = call.call_text;
  outcome.notes = call.notes;
  record_metrics(outcome, observation);
  if (call.stop) {
    fail_all_aspects(outcome, aspects, *call.stop, printed_aspects);
    return outcome;
  }
  outcome.verdict = Verdict::accepted;
  outcome.observed = elide(call.printed);
  return outcome;
}

// `aspects` in the kind's order, taken from the check's.
std::vector<AspectOutcome> in_order(const std::vector<std::string>& aspects,
                                    const std::vector<AspectOutcome>& judged) {
  std::vector<AspectOutcome> ordered;
  for (const std::string& name : aspects)
    for (const AspectOutcome& aspect : judged)
      if (aspect.aspect == name) ordered.push_back(aspect);
  return ordered;
}

}  // namespace

LineTemplate line_template(const Assignment& assignment, const TestSpec& test,
                           const std::string& key, const char* fallback,
                           const std::vector<std::string>& allowed) {
  if (test.input.contains(key) && !test.input[key].is_string())
    throw SpecError(location_of(test, "/" + key),
                    fmt::format("{}: a line template such as \"{}\"", key, fallback));
  try {
    return LineTemplate(test.input.value(key, std::string(fallback)), allowed,
                        assignment.exact_layout ? LineLayout::exact : LineLayout::spacing_free);
  } catch (const std::invalid_argument& error) {
    throw SpecError(test.input.contains(key) ? location_of(test, "/" + key) : test.where,
                    fmt::format("{}: {}", key, error.what()));
  }
}

bool composed_test(const TestSpec& test) {
  return test.input.contains("domain") || test.input.contains("call");
}

void require_function_adapter(const Assignment& assignment, const TestSpec& test) {
  if (!assignment.adapter || assignment.adapter->value.value("type", "") != "function")
    throw SpecError(
        test.where,
        fmt::format("a {} test with a `domain:` or a `call:` calls a function: the spec needs "
                    "`adapter: {{type: function}}`",
                    test.kind));
  if (!test.input.contains("call"))
    throw SpecError(test.where, fmt::format("a {} test on a named domain needs `call:`, e.g. "
                                            "\"{}(graph, state)\"",
                                            test.kind, test.kind));
}

StateNotation notation_of(const SearchDomain& domain) {
  return {[&domain](std::string_view text) { return domain.state_of_any_text(text); },
          [&domain](const ref::State& state) { return domain.text_of(state); }};
}

// A2's printPath_8p(startState, goalState, path), handed the path iterative deepening finds
// within the test's `limit` (on the spec's sliding-tile `domain`, or one of its `domains`).
TestSpec handed_path_form(const TestSpec& test) {
  TestSpec composed = test;
  const int limit = static_cast<int>(read_whole(test, "/limit", 0, 1000));
  composed.input["call"] = read_name(test, "/function", "printPath_8p") + "(start, goal, path)";
  composed.input["algorithm"] = {{"strategy", "iterative_deepening"}, {"max_depth", limit}};
  composed.key_locations["/call"] = test.where;
  composed.key_locations["/algorithm"] = location_of(test, "/limit");
  composed.input.erase("function");
  composed.input.erase("limit");
  return composed;
}

TestSpec composed_form(const Assignment& assignment, const TestSpec& test) {
  if (test.kind == "print_path") return handed_path_form(test);
  if (composed_test(test)) return test;
  TestSpec composed = test;
  const auto at_state = test.key_locations.find("/state");
  const SourceLocation state_where =
      at_state == test.key_locations.end() ? test.where : at_state->second;
  if (test.kind == "print_succ") {
    composed.input["call"] = read_name(test, "/function", "print_succ") + "(state)";
    composed.input["order"] = successors_in_action_order(assignment) ? "as_listed" : "ascending";
  } else {
    composed.input["call"] = read_name(test, "/function", "solve") + "(start)";
    composed.input["start"] = test.input.value("state", nlohmann::json());
    composed.input.erase("state");
    composed.key_locations["/start"] = state_where;
    const SearchSemantics& search = assignment.search;
    composed.input["algorithm"] = {
        {"strategy", search.algorithm},
        {"tie_break", search.tie_break == "latest_inserted" ? "latest" : "earliest"},
        {"update_frontier", search.update_on_lower_g}};
    composed.key_locations["/algorithm"] = test.where;
  }
  composed.input.erase("function");
  composed.key_locations["/call"] = test.where;
  return composed;
}

void refuse_composed_keys(const TestSpec& test, const std::vector<std::string>& keys) {
  for (const std::string& key : keys)
    if (test.input.contains(key))
      throw SpecError(
          location_of(test, "/" + key),
          fmt::format("`{}:` is read by a {} test that gives its `call:` (e.g. "
                      "\"{}\", with the spec's `adapter: {{type: function}}`); "
                      "this tile test would ignore it",
                      key, test.kind, test.kind == "solve" ? "solve(start)" : "print_succ(state)"));
}

std::vector<std::string> domain_listing_keys() {
  return {"domain", "call", "line", "order", "start", "goal"};
}

std::vector<std::string> domain_path_keys() {
  return {"domain", "call", "line", "last_line", "algorithm", "start", "goal"};
}

void validate_domain_listing(const Assignment& assignment, const TestSpec& test) {
  const SearchDomain domain = listing_domain(assignment, test);
  if (assignment.adapter) validate_search_adapter(assignment, test, domain, SearchAlgorithm{});
  listing_expected(assignment, domain, test);
}

void validate_domain_path(const Assignment& assignment, const TestSpec& test) {
  if (test.input.contains("state"))
    throw SpecError(location_of(test, "/state"),
                    "a solve test that gives its `call:` starts at `start:` (a graph's node, a "
                    "board) or the maze's start, not at `state:`");
  const SearchDomain domain = search_domain(assignment, test);
  const SearchAlgorithm algorithm = search_algorithm(assignment, test);
  if (assignment.adapter) validate_search_adapter(assignment, test, domain, algorithm);
  path_expected(assignment, domain, algorithm, test);
}

namespace {

// The reference's path within the print_path test's limit. Throws SpecError at `limit`.
ReferenceRun handed_path(const Assignment& assignment, const SearchDomain& domain,
                         const TestSpec& test) {
  const SearchAlgorithm algorithm = search_algorithm(assignment, test);
  ReferenceRun run = *cached_reference<ReferenceRun>(
      assignment, test, "handed path", [&] { return run_reference(domain, algorithm, false); });
  if (!run.found)
    throw SpecError(test.key_locations.at("/algorithm"),
                    "the reference finds no path within this limit");
  return run;
}

// With `line:`, the printed path is judged as a solve trace is (checkers/domain_trace_checker.h):
// each line the template, the states those of the path the function was handed, in order, and
// each figure ({h}, {g}, {depth}, ...) right for its line.
DomainPathExpected handed_path_expected(const Assignment& assignment, const SearchDomain& domain,
                                        const ReferenceRun& run, const TestSpec& test) {
  DomainPathExpected expected{
      run.path,     run.cost,
      true,         line_template(assignment, test, "line", "{state}", path_fields()),
      std::nullopt, MaxQueueLine::forbidden};
  expected.algorithm_title = "the path it was handed";
  expected.hints = domain.hints;
  return expected;
}

}  // namespace

void validate_handed_path(const Assignment& assignment, const TestSpec& test) {
  const SearchDomain domain = search_domain(assignment, test);
  if (assignment.adapter)
    validate_search_adapter(assignment, test, domain, search_algorithm(assignment, test));
  const ReferenceRun run = handed_path(assignment, domain, test);
  if (test.input.contains("line")) handed_path_expected(assignment, domain, run, test);
}

TestOutcome evaluate_handed_path(const Assignment& assignment, const TestSpec& test,
                                 const Observation& observation) {
  const SearchDomain domain = search_domain(assignment, test);
  const SearchAlgorithm algorithm = search_algorithm(assignment, test);
  const ReferenceRun run = handed_path(assignment, domain, test);
  const bool judged_line = test.input.contains("line");
  std::vector<std::string> aspects = {"prints"};
  if (judged_line) aspects.insert(aspects.end(), {"path", "heuristic", "format"});
  const PrintedCall call = read_printed_call(assignment, test, domain, algorithm, observation);
  TestOutcome outcome = printed_outcome(call, observation, aspects, {});
  outcome.expected = "the path printed in a readable form (any format)";
  if (call.stop) return outcome;
  const bool printed = !non_empty_lines(call.printed).empty();
  const std::string nothing = fmt::format(
      "`{}` printed nothing: it should print the path in a readable form", call.call_text);
  outcome.aspects.push_back({"prints", "", printed, printed ? "" : nothing});
  if (!judged_line) return outcome;
  const DomainPathExpected expected = handed_path_expected(assignment, domain, run, test);
  const StateNotation notation = notation_of(domain);
  outcome.expected = expected_path_text(*domain.problem, expected, notation);
  const DomainPathCheck check =
      check_domain_path(*domain.problem, expected, notation, call.printed);
  for (AspectOutcome aspect : {check.path, check.heuristic, check.format}) {
    if (!printed) aspect = {aspect.aspect, "", false, nothing};
    outcome.aspects.push_back(std::move(aspect));
  }
  for (const std::string& note : check.notes) outcome.notes.push_back(note);
  return outcome;
}

Invocation domain_trace_invocation(const Assignment& assignment, const TestSpec& test,
                                   const GradingContext& context) {
  const SearchDomain domain = listing_domain(assignment, test);
  const SearchAlgorithm algorithm =
      test.input.contains("algorithm") ? search_algorithm(assignment, test) : SearchAlgorithm{};
  return search_invocation(assignment, test, context, domain, algorithm);
}

TestOutcome evaluate_domain_listing(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation,
                                    const std::vector<std::string>& aspects) {
  const SearchDomain domain = listing_domain(assignment, test);
  const DomainListingExpected expected = listing_expected(assignment, domain, test);
  const StateNotation notation = notation_of(domain);
  const PrintedCall call =
      read_printed_call(assignment, test, domain, SearchAlgorithm{}, observation);
  TestOutcome outcome = printed_outcome(call, observation, aspects, {"order", "format"});
  outcome.expected = expected_listing_text(*domain.problem, expected, notation);
  if (call.stop) return outcome;
  const DomainListingCheck check =
      check_domain_listing(*domain.problem, expected, notation, call.printed);
  outcome.aspects = in_order(aspects, {check.successors, check.order, check.format});
  if (non_empty_lines(call.printed).empty())
    mark_unjudged(outcome, {"order", "format"}, "not judged: nothing was printed");
  return outcome;
}

TestOutcome evaluate_domain_path(const Assignment& assignment, const TestSpec& test,
                                 const Observation& observation,
                                 const std::vector<std::string>& aspects) {
  const SearchDomain domain = search_domain(assignment, test);
  const SearchAlgorithm algorithm = search_algorithm(assignment, test);
  const DomainPathExpected expected = path_expected(assignment, domain, algorithm, test);
  const StateNotation notation = notation_of(domain);
  const PrintedCall call = read_printed_call(assignment, test, domain, algorithm, observation);
  TestOutcome outcome = printed_outcome(call, observation, aspects, {"format"});
  outcome.expected = expected_path_text(*domain.problem, expected, notation);
  if (call.stop) return outcome;
  const DomainPathCheck check =
      check_domain_path(*domain.problem, expected, notation, call.printed);
  outcome.aspects = in_order(aspects, {check.path, check.heuristic, check.format, check.max_queue});
  for (const std::string& note : check.notes) outcome.notes.push_back(note);
  if (non_empty_lines(call.printed).empty())
    mark_unjudged(outcome, {"format", "max_queue"}, "not judged: nothing was printed");
  return outcome;
}

std::vector<MutantOutcome> domain_listing_mutants(const Assignment& assignment,
                                                  const TestSpec& test,
                                                  const std::vector<std::string>& aspects) {
  const SearchDomain domain = listing_domain(assignment, test);
  const DomainListingExpected expected = listing_expected(assignment, domain, test);
  const StateNotation notation = notation_of(domain);
  std::vector<MutantOutcome> mutants;
  for (PrintedMutant& printed :
       listing_mutants(domain, expected, notation, ascending_order(test), python_order(domain))) {
    MutantOutcome mutant{std::move(printed.id), std::move(printed.mistake), {}};
    const DomainListingCheck check =
        check_domain_listing(*domain.problem, expected, notation, printed.printed);
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects = in_order(aspects, {check.successors, check.order, check.format});
    mutants.push_back(std::move(mutant));
  }
  return mutants;
}

std::vector<MutantOutcome> domain_path_mutants(const Assignment& assignment, const TestSpec& test,
                                               const std::vector<std::string>& aspects) {
  const SearchDomain domain = search_domain(assignment, test);
  const SearchAlgorithm algorithm = search_algorithm(assignment, test);
  const DomainPathExpected expected = path_expected(assignment, domain, algorithm, test);
  const StateNotation notation = notation_of(domain);
  std::vector<MutantOutcome> mutants;
  for (PrintedMutant& printed : path_mutants(domain, algorithm, expected, notation)) {
    MutantOutcome mutant{std::move(printed.id), std::move(printed.mistake), {}};
    const DomainPathCheck check =
        check_domain_path(*domain.problem, expected, notation, printed.printed);
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects =
        in_order(aspects, {check.path, check.heuristic, check.format, check.max_queue});
    mutants.push_back(std::move(mutant));
  }
  return mutants;
}

}  // namespace sg
