#include "kinds/print_succ_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "adapters/function_call_outcome.h"
#include "adapters/python_driver_client.h"
#include "checkers/state_text.h"
#include "checkers/successor_listing_checker.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/domain_trace.h"

namespace sg {
namespace {

std::string call_text(const TestSpec& test, const ref::Tiles& state) {
  return fmt::format("{}({})", function_name(test, "print_succ"), python_list(state));
}

}  // namespace

std::vector<std::string> PrintSuccKind::keys() const {
  std::vector<std::string> keys = {"state", "function"};
  for (std::string& key : domain_listing_keys()) keys.push_back(std::move(key));
  return keys;
}

void PrintSuccKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (composed_test(test)) return validate_domain_listing(assignment, test);
  refuse_composed_keys(test, domain_listing_keys());
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  read_state(test, "state", puzzle);
}

Invocation PrintSuccKind::invocation(const Assignment& assignment, const TestSpec& test,
                                     const GradingContext& context) const {
  if (composed_test(test)) return domain_trace_invocation(assignment, test, context);
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles state = read_state(test, "state", puzzle);
  nlohmann::json steps = nlohmann::json::array();
  steps.push_back(
      {{"op", "call"}, {"function", function_name(test, "print_succ")}, {"args", {state}}});
  return make_driver_invocation(assignment, test, context, std::move(steps),
                                call_text(test, state));
}

TestOutcome PrintSuccKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation) const {
  if (composed_test(test)) return evaluate_domain_listing(assignment, test, observation, aspects());
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles state = read_state(test, "state", puzzle);
  const ref::Heuristic heuristic = assignment_heuristic(assignment);
  const std::string module_file = assignment.submission.module + ".py";
  const std::string call = call_text(test, state);

  TestOutcome outcome;
  outcome.call = call;
  record_metrics(outcome, observation);
  const SuccessorListingExpected expected =
      expected_successor_listing(puzzle, heuristic, state, !successors_in_action_order(assignment),
                                 assignment_action_order(assignment));
  SuccessorListingExpected worded = expected;
  worded.heuristic_name = heuristic_wording(heuristic);

  outcome.expected = expected_listing_text(worded);
  const DriverTranscript transcript = read_transcript(observation, 1);
  outcome.notes = import_notes(transcript, module_file);
  if (auto stop = diagnose_early_stop(observation, transcript, {call}, module_file)) {
    fail_all_aspects(outcome, aspects(), *stop, {"order", "format"});
    return outcome;
  }
  const DriverStepRecord& step = transcript.steps[0];
  if (!step.ok) {
    fail_all_aspects(outcome, aspects(), step_failure(step, call, module_file),
                     {"order", "format"});
    return outcome;
  }
  if (auto overflow = output_overflow(step, call, test.limits.output_bytes)) {
    fail_all_aspects(outcome, aspects(), *overflow, {"order", "format"});
    outcome.observed = elide(step.stdout_text);
    return outcome;
  }
  const SuccessorListingCheck check = check_successor_listing(puzzle, worded, step.stdout_text);
  outcome.verdict = Verdict::accepted;
  outcome.aspects = {check.successors, check.order, check.format};
  outcome.expected = check.expected_text;
  outcome.observed = elide(step.stdout_text);
  if (non_empty_lines(step.stdout_text).empty()) {
    mark_unjudged(outcome, {"order", "format"}, "not judged: nothing was printed");
  }
  return outcome;
}

std::vector<MutantOutcome> PrintSuccKind::mutant_outcomes(const Assignment& assignment,
                                                          const TestSpec& test) const {
  if (composed_test(test)) return domain_listing_mutants(assignment, test, aspects());
  const ref::TilePuzzle puzzle = make_puzzle(assignment, test);
  const ref::Tiles state = read_state(test, "state", puzzle);
  const ref::Heuristic heuristic = assignment_heuristic(assignment);
  const bool ascending = !successors_in_action_order(assignment);
  SuccessorListingExpected expected = expected_successor_listing(
      puzzle, heuristic, state, ascending, assignment_action_order(assignment));
  expected.heuristic_name = heuristic_wording(heuristic);

  // What each mistaken print_succ prints, judged as a student's output.
  std::vector<std::tuple<std::string, std::string, SuccessorListingExpected>> printed;
  SuccessorListingExpected blank = expected;
  for (auto& successor : blank.successors)
    successor.h = ref::evaluate_counting_blank(puzzle, successor.state, heuristic);
  printed.emplace_back("heuristic_counts_blank", "counts the blank as a tile in the heuristic",
                       blank);
  SuccessorListingExpected unsorted = expected_successor_listing(
      puzzle, heuristic, state, !ascending, assignment_action_order(assignment));
  printed.emplace_back(
      "successors_unsorted",
      ascending ? "prints the successors in the order the blank moves, not in ascending order"
                : "prints the successors sorted, not in the order the blank moves",
      unsorted);
  if (puzzle.blank_count() > 1) {
    // Two blanks side by side "swap": the state itself is listed among its successors.
    SuccessorListingExpected swapped = expected;
    for (const std::size_t cell : puzzle.blank_cells(state)) {
      for (const ref::BlankMove move : ref::kAllBlankMoves) {
        const std::optional<std::size_t> target = puzzle.target_cell(cell, move);
        if (target && state[*target] == 0 && *target > cell) {
          swapped.successors.push_back(
              {state, ref::evaluate(puzzle, state, heuristic), move, false, cell, 0});
        }
      }
    }
    if (swapped.successors.size() > expected.successors.size()) {
      std::stable_sort(swapped.successors.begin(), swapped.successors.end(),
                       [ascending](const ExpectedSuccessor& a, const ExpectedSuccessor& b) {
                         return ascending && a.state < b.state;
                       });
      printed.emplace_back("blanks_swap",
                           "lists the state itself where two blanks are side by side", swapped);
    }
  }
  std::vector<MutantOutcome> outcomes;
  for (const auto& [id, mistake, listing] : printed) {
    MutantOutcome mutant{id, mistake, {}};
    const SuccessorListingCheck check =
        check_successor_listing(puzzle, expected, expected_listing_text(listing));
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects = {check.successors, check.order, check.format};
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
