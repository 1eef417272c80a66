#include "kinds/iddfs_trace_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>

#include "adapters/function_call_outcome.h"
#include "adapters/program_input.h"
#include "adapters/program_rejection.h"
#include "adapters/program_run.h"
#include "adapters/search_adapter.h"
#include "algorithms/iddfs_mutants.h"
#include "checkers/iddfs_trace_checker.h"
#include "checkers/move_path_checker.h"
#include "checkers/search_judgements.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "domains/test_board.h"
#include "kinds/published_figures.h"
#include "notation/board_notation.h"
#include "notation/move_names.h"
#include "notation/trace_notation.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {

constexpr int kDefaultMaxDepth = 12;

// The seed's program: `ids INPUT`, the input file holding the dimensions "(columns rows)" and the
// two boards, a line each, as the test writes them. A test's `args`, `input_file` and
// `input_text` (templates: adapters/program_input.h) describe any other program.
ProgramInputDefaults board_input() {
  return {{"{input}"}, "input_file", "input.txt", "{dimensions}\n{start}\n{goal}\n"};
}

// A graph or maze: the program takes the test's `args`; a file only when the test names one.
ProgramInputDefaults domain_input() { return {{}, "input_file", "", "{map}{graph}"}; }

// Everything the test's input means, in the reference's terms.
struct Problem {
  std::shared_ptr<const ref::Problem> search;  // what the reference's IDDFS runs on
  ProgramRun run;                              // the program's arguments and input file
  IddfsTraceExpected expected;
};

// The seed's semantics: the start is tested silently, then depth limits 1 to `max_depth`.
ref::IddfsOptions options_of(const TestSpec& test) {
  ref::IddfsOptions options;
  options.max_limit = static_cast<int>(read_whole(test, "/max_depth", 1, 30, kDefaultMaxDepth));
  return options;
}

void run_reference(const TestSpec& test, Problem& problem) {
  problem.expected.options = options_of(test);
  problem.expected.reference =
      ref::traced_iterative_deepening(*problem.search, problem.expected.options);
  if (!problem.expected.reference.found) {
    throw SpecError(
        location_of(test, test.input.contains("start") ? "/start" : ""),
        fmt::format(
            "the reference finds no path to the goal within {} moves{}: choose a start that "
            "reaches the goal (the program would search forever)",
            problem.expected.options.max_limit,
            problem.expected.reference.truncated ? " (trace too long)" : ""));
  }
}

// {dimensions}, {start} and {goal} as the test writes them, first, so that the seed's file is
// its text (and a refused board is written as given).
TemplateValues written_boards(const TestSpec& test) {
  const TestBoardSize size = read_board_size(test);
  return {{"{dimensions}", size.text},
          {"{start}", board_text(test, "start", "iddfs_trace")},
          {"{goal}", board_text(test, "goal", "iddfs_trace")},
          {"{rows}", std::to_string(size.shape.rows)},
          {"{cols}", std::to_string(size.shape.cols)}};
}

// A board (seed 001): the input file's three lines, the boards in the spec's board notation;
// moves are the blank's, printed as `move_names` says and tried up, down, left, right.
Problem board_problem(const Assignment& assignment, const TestSpec& test) {
  const TestBoard read = read_sized_board(assignment, test);
  const BoardNotation& notation = *read.notation;
  const BoardShape shape = read.shape();
  const ref::TilePuzzle& puzzle = read.puzzle;
  const ref::Tiles& start = read.start;
  const ref::IddfsOptions seed_order;
  Problem problem;
  problem.search = std::make_shared<const ref::TileProblem>(puzzle, start, ref::Heuristic::zero,
                                                            seed_order.move_order);
  TemplateValues values = written_boards(test);
  const TemplateValues boards = board_values(start, puzzle.goal(), shape, notation);
  values.insert(values.end(), boards.begin(), boards.end());
  problem.run = program_input(test, board_input(), values);
  const MoveNames names = read_move_names(test, MoveNames());
  problem.expected.action_text = [names](const std::string& action) {
    return names.name(*ref::parse_blank_move(action));
  };
  std::vector<std::string> order;
  for (const ref::BlankMove move : seed_order.move_order) order.push_back(names.name(move));
  problem.expected.order_hint = fmt::format(
      "the blank tries its moves in the order {}, skipping only moves off the board (moving back "
      "to the previous state is tried too)",
      fmt::join(order, ", "));
  run_reference(test, problem);
  problem.expected.judge_path = [puzzle, start, &notation, shape, names,
                                 fewest = problem.expected.reference.actions.size()](
                                    const std::vector<std::string>& words) {
    std::vector<ref::BlankMove> moves;
    for (const std::string& word : words) {
      const auto move = names.parse(word);
      if (!move)
        return AspectOutcome{
            "path", "", false,
            fmt::format("'{}' in the printed path is not a move ({})", word, names.listed())};
      moves.push_back(*move);
    }
    MovePathExpected want;
    want.start = start;
    want.optimal_length = fewest;
    return check_move_path(puzzle, want, moves,
                           MoveNotation{[names](ref::BlankMove move) { return names.name(move); },
                                        [&notation, shape](const ref::Tiles& tiles) {
                                          return notation.print(tiles, shape);
                                        }});
  };
  return problem;
}

// Another domain (`domain:` one of the spec's `domains`: a graph, a maze): the program is run
// with the test's `args` ({start} and {goal} filled in); moves are the domain's actions, tried in
// its order.
Problem domain_problem(const Assignment& assignment, const TestSpec& test) {
  if (test.input.contains("move_names"))
    throw SpecError(location_of(test, "/move_names"),
                    "move_names names a board's moves; a domain's moves are its actions' names");
  auto domain = std::make_shared<const SearchDomain>(search_domain(assignment, test));
  Problem problem;
  problem.search = domain->problem;
  const std::string start = domain->text_of(domain->problem->initial_state());
  program_args(test);  // required: the program learns the start and goal from its arguments
  problem.run = program_input(test, domain_input(), domain_values(*domain));
  problem.expected.action_text = [](const std::string& action) { return action; };
  problem.expected.order_hint = fmt::format(
      "the moves from a state are tried in the domain's order (from {}: {}), the move back to the "
      "previous state included",
      start,
      fmt::join(
          [&] {
            std::vector<std::string> actions;
            for (const ref::Step& step :
                 domain->problem->successors(domain->problem->initial_state()))
              actions.push_back(step.action);
            return actions;
          }(),
          ", "));
  run_reference(test, problem);
  const std::size_t fewest = problem.expected.reference.actions.size();
  problem.expected.judge_path = [domain, fewest](const std::vector<std::string>& words) {
    const PathWalk walk =
        walk_path(*domain->problem, StudentPath{StudentPath::Form::actions, words, true});
    AspectOutcome judged = judge_path(walk, true, "the path to the goal");
    if (judged.passed && walk.steps > fewest) {
      judged.passed = false;
      judged.feedback = fmt::format(
          "the path takes {} moves, but the fewest is {}: iterative deepening finds a path with "
          "the fewest moves",
          walk.steps, fewest);
    }
    return judged;
  };
  return problem;
}

// The trace's lines: seed 001's s-expressions, unless the test writes them as line templates
// (`move_line`, `check_line`, `path_line`; a line not written keeps the seed's form).
TraceNotation trace_notation(const Assignment& assignment, const TestSpec& test) {
  const std::vector<std::string> keys = {"move_line", "check_line", "path_line"};
  if (std::none_of(keys.begin(), keys.end(),
                   [&](const std::string& key) { return test.input.contains(key); }))
    return TraceNotation::lisp();
  std::vector<std::string> lines = {"({depth} {action})", "(CHECK)", "(PATH-TO-GOAL ({moves}))"};
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (!test.input.contains(keys[i])) continue;
    if (!test.input[keys[i]].is_string())
      throw SpecError(location_of(test, "/" + keys[i]), keys[i] + " must be a line template");
    lines[i] = test.input[keys[i]].get<std::string>();
  }
  try {
    return TraceNotation::templates(
        lines[0], lines[1], lines[2],
        assignment.exact_layout ? LineLayout::exact : LineLayout::spacing_free);
  } catch (const std::invalid_argument& error) {
    const std::string what = error.what();
    const auto key = std::find_if(keys.begin(), keys.end(), [&](const std::string& name) {
      return what.rfind(name, 0) == 0 && test.input.contains(name);
    });
    throw SpecError(key == keys.end() ? test.where : location_of(test, "/" + *key), what);
  }
}

Problem read_problem(const Assignment& assignment, const TestSpec& test) {
  Problem problem = test.input.contains("domain") ? domain_problem(assignment, test)
                                                  : board_problem(assignment, test);
  problem.expected.notation = trace_notation(assignment, test);
  return problem;
}

// A `reject` test's refused input: the board (`start` or `goal`) the reference refuses, or a
// domain's `start`. Throws SpecError unless one is refused.
std::string refused_input_key(const Assignment& assignment, const TestSpec& test) {
  if (test.input.contains("domain")) {
    require_refused_start(assignment, test);
    return "start";
  }
  return refused_key(test, {"start", "goal"}, [&] { read_sized_board(assignment, test); });
}

// The program's input for a `reject` test: the refused board or start as the test writes it.
ProgramRun rejected_run(const Assignment& assignment, const TestSpec& test) {
  if (test.input.contains("domain"))
    return rejected_program_input(test, domain_input(), refused_start_values(assignment, test));
  return rejected_program_input(test, board_input(), written_boards(test));
}

}  // namespace

void IddfsTraceKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  require_program_submission(assignment, test);
  validate_program_input(test, test.input.contains("domain") ? domain_input() : board_input());
  if (rejects(test)) {
    refused_input_key(assignment, test);
    validate_rejection_test(test, {"cross_check", "max_depth"});
    rejected_run(assignment, test);  // its templates fill from the refused input alone
    trace_notation(assignment, test);
    return;
  }
  if (test.grades.contains("rejection"))
    throw SpecError(test.where, "only a `reject` test grades rejection");
  const Problem problem = read_problem(assignment, test);
  check_published_figures(test, {{"moves", {problem.expected.reference.actions.size(), ""}},
                                 {"trace_lines", {problem.expected.reference.trace.size(), ""}}});
}

Invocation IddfsTraceKind::invocation(const Assignment& assignment, const TestSpec& test,
                                      const GradingContext& context) const {
  const ProgramRun run =
      rejects(test) ? rejected_run(assignment, test) : read_problem(assignment, test).run;
  return make_program_invocation(test, context, run);
}

TestOutcome IddfsTraceKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                     const Observation& observation) const {
  if (rejects(test)) {
    const TraceNotation notation = trace_notation(assignment, test);
    const nlohmann::json& given = test.input[refused_input_key(assignment, test)];
    return judge_program_rejection(given.is_string() ? given.get<std::string>() : given.dump(),
                                   observation,
                                   [&](const std::string& printed) -> std::optional<NumberedLine> {
                                     for (NumberedLine& line : non_empty_lines(printed))
                                       if (notation.is_path_line(line.text)) return std::move(line);
                                     return std::nullopt;
                                   });
  }
  const Problem problem = read_problem(assignment, test);
  TestOutcome outcome;
  record_metrics(outcome, observation);
  // outcome.call stays empty: the engine fills in the invocation's description.
  const std::string printed = observation.stdout_stream.data;
  const IddfsOutputCheck check = check_iddfs_output(problem.expected, printed);
  outcome.expected = check.expected_text;
  outcome.observed = elide(printed, 40, 4000);

  if (auto stop = diagnose_program_stop(observation)) {
    EarlyStop explained = *stop;
    if (!check.trace.passed && stop->verdict != Verdict::grader_error) {
      explained.feedback +=
          "\nthe trace printed before that already differs: " + check.trace.feedback;
    }
    fail_all_aspects(outcome, {"trace", "path"}, explained);
    return outcome;
  }
  conclude_program_outcome(outcome, {check.trace, check.path}, observation);
  return outcome;
}

std::vector<MutantOutcome> IddfsTraceKind::mutant_outcomes(const Assignment& assignment,
                                                           const TestSpec& test) const {
  if (rejects(test)) return {};
  const Problem problem = read_problem(assignment, test);
  std::vector<MutantOutcome> outcomes;
  for (const IddfsMutant& mistake :
       iddfs_mutants(problem.expected.options, !test.input.contains("domain"))) {
    const ref::TracedIddfsResult run =
        ref::traced_iterative_deepening(*problem.search, mistake.options);
    MutantOutcome mutant{mistake.id, mistake.mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    if (!run.found) {
      fail_all_aspects(mutant.outcome, {"trace", "path"},
                       EarlyStop{Verdict::time_limit_exceeded, "it did not end within its limit"});
    } else {
      IddfsTraceExpected printed = problem.expected;
      printed.reference = run;
      const IddfsOutputCheck check =
          check_iddfs_output(problem.expected, iddfs_expected_output(printed));
      mutant.outcome.aspects = {check.trace, check.path};
    }
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
