#include "kinds/program_output_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "adapters/function_call_outcome.h"
#include "adapters/program_run.h"
#include "algorithms/board_program_mutants.h"
#include "algorithms/search_algorithm.h"
#include "checkers/field_extractor.h"
#include "checkers/program_output_checks.h"
#include "checkers/state_text.h"
#include "domains/board_moves.h"
#include "domains/reference_cache.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "notation/board_notation.h"

namespace sg {
namespace {

const std::vector<std::string> kCheckTypes = {"contains",      "absent", "state",   "grid",
                                              "allowed_moves", "field",  "solution"};

// The test's board world: the spec's built-in board or the rules world the test names (with
// `board:`), from the test's start, its moves named as the blank's.
BoardExpectation read_board_problem(const Assignment& assignment, const TestSpec& test) {
  BoardExpectation problem;
  problem.notation = find_board_notation(assignment.state_notation);
  if (!test.input.contains("start") && !test.input.contains("goal")) return problem;
  if (!assignment.domain && !test.input.contains("domain"))
    throw SpecError(test.where,
                    "a program_output test with a board reads it in the spec's `domain` and "
                    "`notation`: add e.g. `domain: {type: sliding_tile, goal: \"b12 345 678\"}` "
                    "and `notation: {state: compact}` (seed 004's)");
  // The built-in board's own checks (one blank, a goal it can hold), as before a start is read.
  if (!test.input.contains("domain")) puzzle_for_test(assignment, test);
  if (!test.input.contains("start")) return problem;
  // A test that reads no solution looks only its moves and one more deep: its start need not
  // reach a goal (a board of the other parity, printed).
  const nlohmann::json& checks = test.input.value("checks", nlohmann::json::array());
  const bool solution =
      checks.is_array() && std::any_of(checks.begin(), checks.end(), [](const auto& check) {
        return check.is_object() && check.contains("solution");
      });
  const std::size_t move_count = test.input.value("moves", nlohmann::json::array()).size();
  const SearchDomain domain = search_domain(
      assignment, test, solution ? std::nullopt : std::optional(static_cast<int>(move_count) + 1));
  if (!domain.board_notation)
    throw SpecError(location_of(test, "/domain"),
                    fmt::format("a program_output test's domain is a board: '{}' is neither a "
                                "sliding-tile domain nor a rules world with `board:`",
                                domain.name));
  const auto world = std::make_shared<const BoardMoves>(domain);
  problem.world = world;
  problem.shape = domain.board_shape;
  problem.board_of = [world](const ref::State& state) { return world->domain().tiles_of(state); };
  problem.goal_text = [world] {
    const std::vector<ref::State> goals = goal_states(world->domain());
    return goals.size() == 1 ? "the goal " + world->domain().text_of(goals.front())
                             : std::string("a goal");
  };
  problem.start = world->initial_state();
  ref::State state = *problem.start;
  if (test.input.contains("moves")) {
    const auto& moves = test.input["moves"];
    if (!moves.is_array())
      throw SpecError(location_of(test, "/moves"), "moves must be a list of up/down/left/right");
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (!moves[i].is_string() || !ref::parse_blank_move(moves[i].get<std::string>()))
        throw SpecError(location_of(test, fmt::format("/moves/{}", i)),
                        "a move is one of up, down, left, right");
      const std::optional<ref::Step> next = world->step_named(state, moves[i].get<std::string>());
      if (!next)
        throw SpecError(location_of(test, fmt::format("/moves/{}", i)),
                        fmt::format("the reference cannot move the blank {} in {}",
                                    moves[i].get<std::string>(), problem.show(state)));
      state = next->state;
    }
  }
  problem.state = std::move(state);
  // A solution check is judged against the shortest (computed once per spec and test).
  if (solution)
    problem.shortest =
        *cached_reference<std::optional<std::size_t>>(assignment, test, "shortest length", [&] {
          const std::optional<double> cost = optimal_cost(domain);
          return cost ? std::optional(static_cast<std::size_t>(*cost)) : std::nullopt;
        });
  return problem;
}

std::string regex_key(const TestSpec& test, const std::string& where, const nlohmann::json& value,
                      const std::string& required_group) {
  if (!value.is_string()) throw SpecError(location_of(test, where), "a pattern must be a string");
  try {
    const FieldPattern pattern(value.get<std::string>());
    const auto names = pattern.names();
    if (!required_group.empty() &&
        std::find(names.begin(), names.end(), required_group) == names.end())
      throw SpecError(location_of(test, where),
                      fmt::format("the pattern needs a named group `{}`", required_group));
  } catch (const std::invalid_argument& error) {
    throw SpecError(location_of(test, where), error.what());
  }
  return value.get<std::string>();
}

void validate_check(const TestSpec& test, const BoardExpectation& problem, std::size_t index) {
  const auto& check = test.input["checks"][index];
  const std::string where = fmt::format("/checks/{}", index);
  if (!check.is_object() || check.size() != 1)
    throw SpecError(
        location_of(test, where),
        fmt::format("a check is a mapping with exactly one of: {}", fmt::join(kCheckTypes, ", ")));
  const std::string type = output_check_type(check);
  const auto& value = check[type];
  const std::string at = where + "/" + type;
  if (std::find(kCheckTypes.begin(), kCheckTypes.end(), type) == kCheckTypes.end())
    throw SpecError(location_of(test, where), fmt::format("unknown check '{}' (one of: {})", type,
                                                          fmt::join(kCheckTypes, ", ")));
  if ((type == "state" || type == "grid" || type == "allowed_moves" || type == "solution") &&
      !problem.start)
    throw SpecError(location_of(test, where),
                    fmt::format("a `{}` check needs the test's `start`", type));
  if (type == "contains" || type == "absent") {
    if (!value.is_string() || value.get<std::string>().empty())
      throw SpecError(location_of(test, at), "the text must be a non-empty string");
  } else if (type == "state") {
    if (!value.is_string() || !find_board_notation(value.get<std::string>()))
      throw SpecError(location_of(test, at),
                      fmt::format("state: a board notation ({})", board_notation_names()));
    try {
      state_line(problem, value);
    } catch (const std::invalid_argument& error) {
      throw SpecError(location_of(test, at), error.what());
    }
  } else if (type == "grid") {
    if (value != "pretty") throw SpecError(location_of(test, at), "grid: pretty");
  } else if (type == "allowed_moves") {
    regex_key(test, at, value, "moves");
  } else if (type == "field") {
    if (!value.is_object() || !value.contains("pattern") || !value.contains("equals") ||
        !value["equals"].is_object() || value.size() != 2)
      throw SpecError(location_of(test, at), "field: {pattern: REGEX, equals: {name: value}}");
    regex_key(test, at + "/pattern", value["pattern"], "");
    const FieldPattern pattern(value["pattern"].get<std::string>());
    const auto names = pattern.names();
    for (const auto& [name, expected] : value["equals"].items()) {
      if (std::find(names.begin(), names.end(), name) == names.end() ||
          !(expected.is_string() || expected.is_number_integer()))
        throw SpecError(location_of(test, at + "/equals"),
                        fmt::format("'{}' must be a named group of the pattern, its value a "
                                    "string (or an integer: its digits)",
                                    name));
    }
  } else if (type == "solution") {
    const std::string shape =
        "{path: REGEX, length, ignore, optimal} or {boards: dimension_rows, length, optimal}";
    const nlohmann::json& solution =
        read_mapping(test, at, {"path", "boards", "length", "ignore", "optimal"}, shape);
    if (solution.contains("path") == solution.contains("boards"))
      throw SpecError(location_of(test, at), "solution: " + shape);
    if (solution.contains("path")) {
      regex_key(test, at + "/path", solution["path"], "moves");
    } else if (solution["boards"] != "dimension_rows") {
      throw SpecError(location_of(test, at + "/boards"),
                      "boards: dimension_rows (the board's dimension, then its rows, as "
                      "Princeton's Board.toString() prints it) is the one way boards are read");
    } else if (problem.shape.rows != problem.shape.cols || !problem.board_of) {
      throw SpecError(location_of(test, at + "/boards"),
                      "boards: dimension_rows reads n x n boards; the test's domain is not one");
    }
    if (solution.contains("length")) regex_key(test, at + "/length", solution["length"], "length");
    if (solution.contains("ignore") &&
        (!solution["ignore"].is_array() ||
         !std::all_of(solution["ignore"].begin(), solution["ignore"].end(),
                      [](const auto& word) { return word.is_string(); })))
      throw SpecError(location_of(test, at + "/ignore"), "ignore is a list of words");
    read_flag(test, at + "/optimal", true);
    if (!problem.shortest)
      throw SpecError(location_of(test, "/start"), "the start cannot reach the goal");
  }
}

ProgramRun program_run(const TestSpec& test) {
  ProgramRun run;
  run.args = program_args(test);
  if (test.input.contains("files")) {
    for (const auto& [name, text] : test.input["files"].items())
      run.files.push_back({name, text.get<std::string>()});
  }
  return run;
}

}  // namespace

void ProgramOutputKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  require_program_submission(assignment, test);
  program_args(test);
  if (test.input.contains("files")) {
    const auto& files = test.input["files"];
    if (!files.is_object()) throw SpecError(location_of(test, "/files"), "files: {name: text}");
    for (const auto& [name, text] : files.items()) {
      if (name.empty() || name.find('/') != std::string::npos || name.front() == '.' ||
          !text.is_string())
        throw SpecError(location_of(test, "/files"),
                        "each file is a plain file name with its text, e.g. cmds.txt: \"...\"");
    }
  }
  const BoardExpectation problem = read_board_problem(assignment, test);
  if (!test.input.contains("checks") || !test.input["checks"].is_array() ||
      test.input["checks"].empty())
    throw SpecError(test.where, "a program_output test needs `checks`, a non-empty list");
  bool output = false;
  bool path = false;
  for (std::size_t i = 0; i < test.input["checks"].size(); ++i) {
    validate_check(test, problem, i);
    (output_check_type(test.input["checks"][i]) == "solution" ? path : output) = true;
  }
  if ((test.grades.contains("output") && !output) || (test.grades.contains("path") && !path))
    throw SpecError(test.where,
                    "the test grades an aspect it has no check for (output: any check but "
                    "solution; path: a solution check)");
}

Invocation ProgramOutputKind::invocation(const Assignment&, const TestSpec& test,
                                         const GradingContext& context) const {
  return make_program_invocation(test, context, program_run(test));
}

TestOutcome ProgramOutputKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                        const Observation& observation) const {
  const BoardExpectation problem = read_board_problem(assignment, test);
  TestOutcome outcome;
  record_metrics(outcome, observation);
  const std::string printed = observation.stdout_stream.data;
  outcome.observed = elide(printed, 40, 4000);

  AspectOutcome output{"output", "", true, ""};
  AspectOutcome path{"path", "", true, ""};
  std::vector<std::string> expectations;
  for (const auto& check : test.input["checks"]) {
    const std::string type = output_check_type(check);
    if (type == "solution") {
      AspectOutcome judged = run_solution_check(check[type], problem, printed);
      if (path.passed && !judged.passed) path = judged;
      expectations.push_back("solution path: legal moves to the goal" +
                             std::string(check[type].value("optimal", true) ? ", shortest" : ""));
      continue;
    }
    expectations.push_back(fmt::format("{}: {}", type, check[type].dump()));
    const std::string why = run_output_check(type, check[type], problem, printed);
    if (!why.empty() && output.passed) {
      output.passed = false;
      output.feedback = why;
    }
  }
  outcome.expected = fmt::format("{}", fmt::join(expectations, "\n"));

  if (auto stop = diagnose_program_stop(observation)) {
    fail_all_aspects(outcome, aspects(), *stop);
    return outcome;
  }
  conclude_program_outcome(outcome, {output, path}, observation);
  return outcome;
}

std::vector<MutantOutcome> ProgramOutputKind::mutant_outcomes(const Assignment& assignment,
                                                              const TestSpec& test) const {
  const BoardExpectation problem = read_board_problem(assignment, test);
  Observation ran;
  ran.termination = Termination::exited;
  ran.exit_code = 0;
  std::vector<MutantOutcome> outcomes;
  for (const ProgramMutant& mutant : board_program_mutants(problem)) {
    TestOutcome outcome;
    conclude_program_outcome(outcome, judge_program_mutant(test.input["checks"], problem, mutant),
                             ran);
    outcomes.push_back({mutant.id, mutant.mistake, std::move(outcome)});
  }
  return outcomes;
}

}  // namespace sg
