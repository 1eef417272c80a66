#include "kinds/solve_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "checkers/solution_path_checker.h"
#include "checkers/state_text.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/domain_trace.h"
#include "kinds/reference_cache.h"
#include "reference/queue_length.h"

namespace sg {
namespace {

// The reference's solution, checked against the figures the spec pins from the assignment,
// computed once per spec and test (every student of a batch shares it). Throws SpecError when
// the reference cannot solve the state or disagrees with a pinned figure.
ref::AStarResult reference_solution(const Assignment& assignment, const TestSpec& test,
                                    const ref::TilePuzzle& puzzle, const ref::Tiles& start) {
  const ref::AStarResult result =
      *cached_reference<ref::AStarResult>(assignment, test, "astar", [&] {
        return ref::astar(puzzle, start, assignment_heuristic(assignment),
                          frontier_policy(assignment));
      });
  if (!result.found) {
    throw SpecError(location_of(test, "/state"),
                    fmt::format("the goal cannot be reached from {}: choose a solvable start state",
                                python_list(start)));
  }
  if (test.input.contains("cross_check")) {
    const auto& pinned = test.input["cross_check"];
    const SourceLocation where = location_of(test, "/cross_check");
    if (!pinned.is_object())
      throw SpecError(where, "cross_check must be a mapping (moves, max_queue_length)");
    for (const auto& [key, value] : pinned.items()) {
      if (!value.is_number_integer())
        throw SpecError(where, fmt::format("cross_check.{} must be a whole number", key));
      const long long want = value.get<long long>();
      long long got = 0;
      if (key == "moves") {
        got = static_cast<long long>(result.path.size()) - 1;
      } else if (key == "max_queue_length") {
        got = static_cast<long long>(result.max_frontier);
      } else {
        throw SpecError(where,
                        fmt::format("unknown cross_check key '{}' (moves, max_queue_length)", key));
      }
      if (got != want) {
        throw SpecError(
            where, fmt::format("the reference gives {} = {} for {}, but the spec pins {} from the "
                               "assignment: the reference's semantics or the spec is wrong",
                               key, got, python_list(start), want));
      }
    }
  }
  return result;
}

// What solve(start) must print, from the reference's A* (cached per spec and test).
SolutionPathExpected solution_expected(const Assignment& assignment, const TestSpec& test,
                                       const ref::TilePuzzle& puzzle, const ref::Tiles& start) {
  const ref::AStarResult reference = reference_solution(assignment, test, puzzle, start);
  SolutionPathExpected expected;
  expected.start = start;
  expected.reference_path = reference.path;
  expected.reference_max_queue = reference.max_frontier;
  expected.exact_path = test.input.value("exact_path", false);
  expected.max_queue_line = read_max_queue_line(test);
  expected.heuristic_name = heuristic_wording(assignment_heuristic(assignment));
  expected.max_queue_judgement = read_max_queue_length(test);
  if (expected.max_queue_judgement == QueueCountJudgement::range) {
    const ref::QueueLengthRange range =
        *cached_reference<ref::QueueLengthRange>(assignment, test, "queue-range", [&] {
          return ref::max_queue_length_range(puzzle, start, assignment_heuristic(assignment),
                                             frontier_policy(assignment));
        });
    expected.max_queue_low = range.low;
    expected.max_queue_high = range.high;
  }
  return expected;
}

}  // namespace

MaxQueueLine read_max_queue_line(const TestSpec& test) {
  const std::string value =
      read_word(test, "max_queue_line", "optional", {"optional", "required", "forbidden"});
  if (value == "required") return MaxQueueLine::required;
  if (value == "forbidden") return MaxQueueLine::forbidden;
  return MaxQueueLine::optional;
}

QueueCountJudgement read_max_queue_length(const TestSpec& test) {
  const std::string value =
      read_word(test, "max_queue_length", "feedback", {"feedback", "exact", "range"});
  if (value == "exact") return QueueCountJudgement::exact;
  if (value == "range") return QueueCountJudgement::range;
  return QueueCountJudgement::feedback;
}

std::vector<std::string> SolveKind::keys() const {
  std::vector<std::string> keys = {"state",          "function",         "exact_path",
                                   "max_queue_line", "max_queue_length", "cross_check"};
  for (std::string& key : domain_path_keys()) keys.push_back(std::move(key));
  return keys;
}

void SolveKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (composed_test(test)) return validate_domain_path(assignment, test);
  refuse_composed_keys(test, domain_path_keys());
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles start = read_state(test, "state", puzzle);
  if (test.input.contains("exact_path") && !test.input["exact_path"].is_boolean()) {
    throw SpecError(location_of(test, "/exact_path"), "exact_path must be true or false");
  }
  if (read_max_queue_length(test) != QueueCountJudgement::feedback &&
      read_max_queue_line(test) == MaxQueueLine::forbidden) {
    throw SpecError(location_of(test, "/max_queue_length"),
                    "a max queue length that must not be printed cannot be judged");
  }
  reference_solution(assignment, test, puzzle, start);
}

Invocation SolveKind::invocation(const Assignment& assignment, const TestSpec& test,
                                 const GradingContext& context) const {
  if (composed_test(test)) return domain_trace_invocation(assignment, test, context);
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles start = read_state(test, "state", puzzle);
  nlohmann::json steps = nlohmann::json::array();
  steps.push_back({{"op", "call"}, {"function", function_name(test, "solve")}, {"args", {start}}});
  return make_driver_invocation(
      assignment, test, context, std::move(steps),
      fmt::format("{}({})", function_name(test, "solve"), python_list(start)));
}

TestOutcome SolveKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                const Observation& observation) const {
  if (composed_test(test)) return evaluate_domain_path(assignment, test, observation, aspects());
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles start = read_state(test, "state", puzzle);
  const ref::Heuristic heuristic = assignment_heuristic(assignment);
  const std::string module_file = assignment.submission.module + ".py";
  const std::string call = fmt::format("{}({})", function_name(test, "solve"), python_list(start));

  TestOutcome outcome;
  outcome.call = call;
  record_metrics(outcome, observation);
  const SolutionPathExpected expected = solution_expected(assignment, test, puzzle, start);

  outcome.expected = expected_solution_text(expected);
  const DriverTranscript transcript = read_transcript(observation, 1);
  outcome.notes = import_notes(transcript, module_file);
  if (auto stop = diagnose_early_stop(observation, transcript, {call}, module_file)) {
    fail_all_aspects(outcome, aspects(), *stop, {"format"});
    return outcome;
  }
  const DriverStepRecord& step = transcript.steps[0];
  if (!step.ok) {
    fail_all_aspects(outcome, aspects(), step_failure(step, call, module_file), {"format"});
    return outcome;
  }
  if (auto overflow = output_overflow(step, call, test.limits.output_bytes)) {
    fail_all_aspects(outcome, aspects(), *overflow, {"format"});
    outcome.observed = elide(step.stdout_text);
    return outcome;
  }
  SolutionPathCheck check = check_solution_path(puzzle, heuristic, expected, step.stdout_text);
  outcome.verdict = Verdict::accepted;
  outcome.aspects = {check.path, check.heuristic, check.format, check.max_queue};
  outcome.expected = check.expected_text;
  outcome.observed = elide(step.stdout_text);
  if (non_empty_lines(step.stdout_text).empty())
    mark_unjudged(outcome, {"format", "max_queue"}, "not judged: nothing was printed");
  for (auto& note : check.notes) outcome.notes.push_back(std::move(note));
  return outcome;
}

std::vector<MutantOutcome> SolveKind::mutant_outcomes(const Assignment& assignment,
                                                      const TestSpec& test) const {
  if (composed_test(test)) return domain_path_mutants(assignment, test, aspects());
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles start = read_state(test, "state", puzzle);
  const ref::Heuristic heuristic = assignment_heuristic(assignment);
  const ref::FrontierPolicy policy = frontier_policy(assignment);
  const SolutionPathExpected expected = solution_expected(assignment, test, puzzle, start);

  // Each mistaken A* run as the reference runs, and what its solve() would print.
  struct Mistake {
    std::string id, mistake;
    std::function<int(const ref::Tiles&)> h_of;
    ref::FrontierPolicy policy;
  };
  std::vector<Mistake> mistakes;
  mistakes.push_back({"heuristic_counts_blank", "counts the blank as a tile in the heuristic",
                      [&puzzle, heuristic](const ref::Tiles& state) {
                        return ref::evaluate_counting_blank(puzzle, state, heuristic);
                      },
                      policy});
  // No mutants for the frontier update or tie-breaking here: in the course's design its
  // PriorityQueue tests judge those, and that kind has no mutants yet, so a solve-only mutant
  // would be reported as surviving a mistake the spec does catch.
  std::vector<MutantOutcome> outcomes;
  for (const Mistake& mistake : mistakes) {
    const ref::AStarResult run = ref::astar(puzzle, start, mistake.h_of, mistake.policy, 2000000);
    MutantOutcome mutant{mistake.id, mistake.mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    if (!run.found) {
      fail_all_aspects(mutant.outcome, aspects(),
                       EarlyStop{Verdict::time_limit_exceeded, "it did not end within its limit"});
    } else {
      SolutionPathExpected printed = expected;
      printed.reference_path = run.path;
      printed.reference_max_queue = run.max_frontier;
      printed.max_queue_line = MaxQueueLine::required;
      std::string text = expected_solution_text(printed);
      if (expected.max_queue_line == MaxQueueLine::forbidden)
        text.erase(text.rfind("Max queue length"));
      const SolutionPathCheck check = check_solution_path(puzzle, heuristic, expected, text);
      mutant.outcome.aspects = {check.path, check.heuristic, check.format, check.max_queue};
    }
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
