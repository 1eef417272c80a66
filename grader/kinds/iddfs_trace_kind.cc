#include "kinds/iddfs_trace_kind.h"

#include <fmt/format.h>

#include <algorithm>

#include "adapters/function_call_outcome.h"
#include "adapters/program_run.h"
#include "checkers/iddfs_trace_checker.h"
#include "checkers/state_text.h"
#include "domains/sliding_tile_setup.h"
#include "notation/board_notation.h"
#include "notation/lisp_grid.h"

namespace sg {
namespace {

constexpr int kDefaultMaxDepth = 12;

std::string text_key(const TestSpec& test, const std::string& key) {
  if (!test.input.contains(key))
    throw SpecError(test.where, fmt::format("an iddfs_trace test needs `{}`", key));
  if (!test.input[key].is_string())
    throw SpecError(location_of(test, "/" + key),
                    fmt::format("`{}` must be text as the input file gives it, e.g. \"{}\"", key,
                                key == "dimensions" ? "(2 2)" : "((1 2) (* 3))"));
  return test.input[key].get<std::string>();
}

std::string input_file_name(const TestSpec& test) {
  return test.input.value("input_file", std::string("input.txt"));
}

// Everything the test's input means, in the reference's terms.
struct Problem {
  std::string file_text;
  ref::TilePuzzle puzzle;
  IddfsTraceExpected expected;
};

// The input file is seed 001's: the dimensions line "(cols rows)", then the start and goal as
// the spec writes them; the boards are read in the spec's board notation (`lisp` for the seed).
Problem read_problem(const Assignment& assignment, const TestSpec& test) {
  const std::string dimensions = text_key(test, "dimensions");
  const std::string start_text = text_key(test, "start");
  const std::string goal_text = text_key(test, "goal");
  LispGridSize size;
  try {
    size = parse_lisp_dimensions(dimensions);
  } catch (const NotationError& error) {
    throw SpecError(location_of(test, "/dimensions"), error.what());
  }
  const BoardNotation& notation = *find_board_notation(assignment.state_notation);
  const BoardShape shape{size.rows, size.cols};
  const auto board = [&](const std::string& key, const std::string& text) {
    try {
      return notation.parse(text, shape);
    } catch (const NotationError& error) {
      throw SpecError(location_of(test, "/" + key),
                      fmt::format("`{}` in the {} notation (the spec's notation.state): {}", key,
                                  notation.name, error.what()));
    }
  };
  const ref::Tiles start = board("start", start_text);
  const ref::Tiles goal = board("goal", goal_text);
  std::optional<ref::TilePuzzle> puzzle;
  try {
    puzzle.emplace(size.rows, size.cols, ref::Topology::bounded, goal);
  } catch (const std::invalid_argument& error) {
    throw SpecError(location_of(test, "/goal"), fmt::format("not a goal board: {}", error.what()));
  }
  require_one_blank(*puzzle, test, "/goal");
  if (const std::string problem = puzzle->validate(start); !problem.empty()) {
    throw SpecError(
        location_of(test, "/start"),
        fmt::format("the start does not hold the goal's tiles: {}{}", problem,
                    notation.name == "lisp" ? " (tile values shifted by one, `*` = 0)" : ""));
  }
  const int max_depth = test.input.value("max_depth", kDefaultMaxDepth);
  IddfsTraceExpected expected;
  expected.start = start;
  expected.show_state = [&notation, shape](const ref::Tiles& tiles) {
    return notation.print(tiles, shape);
  };
  expected.options.max_limit = max_depth;
  expected.reference = ref::iterative_deepening(*puzzle, start, expected.options);
  if (!expected.reference.found) {
    throw SpecError(
        location_of(test, "/start"),
        fmt::format(
            "the reference finds no path to the goal within {} moves{}: choose a start that "
            "reaches the goal (the program would search forever)",
            max_depth, expected.reference.truncated ? " (trace too long)" : ""));
  }
  const std::string file_text = dimensions + "\n" + start_text + "\n" + goal_text + "\n";
  return Problem{file_text, std::move(*puzzle), std::move(expected)};
}

void check_cross_check(const TestSpec& test, const Problem& problem) {
  if (!test.input.contains("cross_check")) return;
  const auto& pinned = test.input["cross_check"];
  const SourceLocation where = location_of(test, "/cross_check");
  if (!pinned.is_object())
    throw SpecError(where, "cross_check must be a mapping (moves, trace_lines)");
  for (const auto& [key, value] : pinned.items()) {
    if (!value.is_number_integer())
      throw SpecError(where, fmt::format("cross_check.{} must be a whole number", key));
    long long got = 0;
    if (key == "moves") {
      got = static_cast<long long>(problem.expected.reference.path.size());
    } else if (key == "trace_lines") {
      got = static_cast<long long>(problem.expected.reference.trace.size());
    } else {
      throw SpecError(where, fmt::format("unknown cross_check key '{}' (moves, trace_lines)", key));
    }
    if (got != value.get<long long>()) {
      throw SpecError(
          where, fmt::format("the reference gives {} = {}, but the spec pins {}: the reference's "
                             "semantics or the spec is wrong",
                             key, got, value.get<long long>()));
    }
  }
}

ProgramRun program_run(const TestSpec& test, const Problem& problem) {
  ProgramRun run;
  run.args = {input_file_name(test)};
  run.files = {{input_file_name(test), problem.file_text}};
  return run;
}

}  // namespace

void IddfsTraceKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  require_program_submission(assignment, test);
  if (test.input.contains("input_file")) {
    const auto& name = test.input["input_file"];
    if (!name.is_string() || name.get<std::string>().empty() ||
        name.get<std::string>().find('/') != std::string::npos ||
        name.get<std::string>().front() == '.') {
      throw SpecError(location_of(test, "/input_file"),
                      "input_file must be a plain file name, e.g. in1");
    }
  }
  if (test.input.contains("max_depth") &&
      (!test.input["max_depth"].is_number_integer() || test.input["max_depth"].get<int>() < 1 ||
       test.input["max_depth"].get<int>() > 30)) {
    throw SpecError(location_of(test, "/max_depth"),
                    "max_depth must be a whole number from 1 to 30");
  }
  check_cross_check(test, read_problem(assignment, test));
}

Invocation IddfsTraceKind::invocation(const Assignment& assignment, const TestSpec& test,
                                      const GradingContext& context) const {
  const Problem problem = read_problem(assignment, test);
  Invocation invocation = make_program_invocation(test, context, program_run(test, problem));
  invocation.description +=
      fmt::format("\nwhere {} holds:\n{}", input_file_name(test), problem.file_text);
  return invocation;
}

TestOutcome IddfsTraceKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                     const Observation& observation) const {
  const Problem problem = read_problem(assignment, test);
  TestOutcome outcome;
  record_metrics(outcome, observation);
  // outcome.call stays empty: the engine fills in the invocation's description.
  const std::string printed = observation.stdout_stream.data;
  const IddfsOutputCheck check = check_iddfs_output(problem.puzzle, problem.expected, printed);
  outcome.expected = check.expected_text;
  outcome.observed = elide(printed, 40, 4000);

  if (auto stop = diagnose_program_stop(observation)) {
    EarlyStop explained = *stop;
    if (!check.trace.passed && stop->verdict != Verdict::grader_error) {
      explained.feedback +=
          "\nthe trace printed before that already differs: " + check.trace.feedback;
    }
    fail_all_aspects(outcome, aspects(), explained);
    return outcome;
  }
  conclude_program_outcome(outcome, {check.trace, check.path}, observation);
  return outcome;
}

std::vector<MutantOutcome> IddfsTraceKind::mutant_outcomes(const Assignment& assignment,
                                                           const TestSpec& test) const {
  const Problem problem = read_problem(assignment, test);
  const ref::IddfsOptions& options = problem.expected.options;
  struct Mistake {
    std::string id, mistake;
    ref::IddfsOptions options;
  };
  std::vector<Mistake> mistakes;
  ref::IddfsOptions reversed = options;
  std::reverse(reversed.move_order.begin(), reversed.move_order.end());
  mistakes.push_back({"moves_reversed", "tries the blank's moves in the reverse order", reversed});
  ref::IddfsOptions from_zero = options;
  from_zero.first_limit = 0;
  mistakes.push_back(
      {"limit_starts_at_0", "starts with depth limit 0, checking the start aloud", from_zero});
  ref::IddfsOptions from_two = options;
  from_two.first_limit = std::max(options.first_limit, 1) + 1;
  from_two.max_limit = std::max(from_two.max_limit, from_two.first_limit);
  mistakes.push_back(
      {"skips_first_limit", "skips the first depth limit (an off-by-one in the loop)", from_two});
  std::vector<MutantOutcome> outcomes;
  for (const Mistake& mistake : mistakes) {
    const ref::IddfsResult run =
        ref::iterative_deepening(problem.puzzle, problem.expected.start, mistake.options);
    MutantOutcome mutant{mistake.id, mistake.mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    if (!run.found) {
      fail_all_aspects(mutant.outcome, aspects(),
                       EarlyStop{Verdict::time_limit_exceeded, "it did not end within its limit"});
    } else {
      const IddfsOutputCheck check =
          check_iddfs_output(problem.puzzle, problem.expected, iddfs_expected_output(run));
      mutant.outcome.aspects = {check.trace, check.path};
    }
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
