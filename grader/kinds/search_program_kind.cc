#include "kinds/search_program_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

#include "adapters/function_call_outcome.h"
#include "adapters/program_input.h"
#include "adapters/program_rejection.h"
#include "adapters/program_run.h"
#include "algorithms/board_program_mutants.h"
#include "checkers/field_extractor.h"
#include "checkers/search_report_checker.h"
#include "checkers/state_text.h"
#include "domains/board_optimum.h"
#include "domains/reference_cache.h"
#include "domains/sliding_tile_setup.h"
#include "domains/test_board.h"
#include "notation/board_notation.h"
#include "notation/json_puzzle.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {

// Seed 002's program: the test's `args`, the puzzle written as JSON to puzzle.json.
ProgramInputDefaults puzzle_input() { return {{}, "input", "puzzle.json", "{json}"}; }

struct SearchSpec {
  std::string name;
  bool optimal = true;
  std::optional<std::size_t> bound;
};

std::vector<SearchSpec> read_searches(const TestSpec& test) {
  std::vector<SearchSpec> searches;
  const auto& list = test.input["searches"];
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& entry = list[i];
    const std::string where = fmt::format("/searches/{}", i);
    read_mapping(test, where, {"search", "optimal", "bound"},
                 "{search: NAME, optimal: bool, bound: N}");
    if (!entry.contains("search") || !entry["search"].is_string())
      throw SpecError(location_of(test, where),
                      "each search is {search: NAME, optimal: bool, bound: N}");
    SearchSpec search{entry["search"].get<std::string>(), read_flag(test, where + "/optimal", true),
                      std::nullopt};
    if (entry.contains("bound"))
      search.bound = static_cast<std::size_t>(read_whole(test, where + "/bound", 0, 1000));
    searches.push_back(std::move(search));
  }
  return searches;
}

// The same, computed once per spec and test (every student of a batch shares it).
std::optional<std::size_t> shortest_length(const Assignment& assignment, const TestSpec& test,
                                           const TestBoard& problem) {
  return *cached_reference<std::optional<std::size_t>>(assignment, test, "shortest length", [&] {
    return shortest_board_length(problem.puzzle, problem.start);
  });
}

// The report's lines: the seed's, or the patterns the test's `report` writes ({generated,
// length, move, state}, each with its named group; a line not written keeps the seed's, and a
// `move` of the spec's own reads boards only through its (?<state>) or `state`).
ReportLines report_lines(const TestSpec& test) {
  ReportLines lines = ReportLines::seed();
  lines.words = read_move_names(test, lines.words);
  if (!test.input.contains("report")) return lines;
  const nlohmann::json& report = test.input["report"];
  if (!report.is_object())
    throw SpecError(location_of(test, "/report"),
                    "report is a mapping of patterns: {generated, length, move, state}");
  const std::map<std::string, std::string> groups = {
      {"generated", "generated"}, {"length", "length"}, {"move", "action"}, {"state", "state"}};
  if (report.contains("move")) {
    lines.state.reset();
    lines.move_shown = "{}";  // the course's own move words, not the seed's keywords
  }
  for (const auto& [key, value] : report.items()) {
    const auto group = groups.find(key);
    const SourceLocation where = location_of(test, "/report/" + key);
    if (group == groups.end())
      throw SpecError(where, fmt::format("unknown report line '{}' (generated, length, move, "
                                         "state)",
                                         key));
    if (!value.is_string()) throw SpecError(where, "a report line is a pattern (a string)");
    try {
      FieldPattern pattern(value.get<std::string>());
      const std::vector<std::string> names = pattern.names();
      if (std::find(names.begin(), names.end(), group->second) == names.end())
        throw SpecError(
            where, fmt::format("the {} pattern needs the group (?<{}>...)", key, group->second));
      if (key == "generated") lines.generated = std::move(pattern);
      if (key == "length") lines.length = std::move(pattern);
      if (key == "move") lines.move = std::move(pattern);
      if (key == "state") lines.state = std::move(pattern);
    } catch (const std::invalid_argument& error) {
      throw SpecError(where, error.what());
    }
  }
  return lines;
}

// What the reports are judged against: the reference's shortest, the test's searches, its
// `fewer_boards` and `report` lines.
SearchReportsExpected reports_expected(const TestSpec& test, const TestBoard& problem,
                                       const std::vector<SearchSpec>& searches,
                                       std::size_t shortest) {
  SearchReportsExpected expected{
      &problem.puzzle, problem.start, problem.notation, {}, shortest, {}};
  expected.lines = report_lines(test);
  for (const SearchSpec& search : searches)
    expected.searches.push_back({search.name, search.optimal, search.bound});
  for (const auto& pair : test.input.value("fewer_boards", nlohmann::json::array()))
    expected.fewer_boards.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
  return expected;
}

// A reject test's invalid input as the test writes it: seed 002's file (`puzzle_text`) or a
// board the spec's domain cannot hold (`start`), for feedback.
std::string rejected_text(const TestSpec& test) {
  return test.input.contains("puzzle_text") ? test.input["puzzle_text"].get<std::string>()
                                            : written_start(test);
}

// Throws SpecError unless the reject test's `puzzle_text` is a file the reference cannot read
// as seed 002's JSON, or its `start` a board the spec's domain refuses that `input_text` writes.
void validate_rejected_input(const Assignment& assignment, const TestSpec& test) {
  const nlohmann::json& in = test.input;
  if (in.contains("start")) {
    if (!assignment.domain)
      throw SpecError(location_of(test, "/start"),
                      "a `reject` test's `start` is a board the spec's sliding-tile `domain` "
                      "cannot hold; this spec has no `domain`");
    require_refused_start(assignment, test);
    if (in.value("input_text", std::string(puzzle_input().file_text)).find("{json}") !=
        std::string::npos)
      throw SpecError(location_of(test, "/start"),
                      "an invalid board has no seed 002 JSON: give `input_text`, e.g. "
                      "\"{rows} {cols}\\n{start}\\n{goal}\\n\", or the file as `puzzle_text`");
    return;
  }
  if (!in.contains("puzzle_text") || !in["puzzle_text"].is_string())
    throw SpecError(test.where,
                    "a `reject` test gives the invalid input as `puzzle_text` (seed 002's file) "
                    "or as `start` (a board the spec's `domain` cannot hold)");
  try {
    parse_json_puzzle(in["puzzle_text"].get<std::string>());
  } catch (const NotationError&) {
    return;
  }
  throw SpecError(location_of(test, "/puzzle_text"),
                  "the reference reads this input as a valid puzzle; a `reject` test needs an "
                  "invalid one");
}

// The program's arguments and input file. {json}: the puzzle as seed 002's file holds it (or a
// reject test's text, as written); an `input_text` template writes any other format from {n},
// {start}, {goal} and the like.
ProgramRun program_run(const Assignment& assignment, const TestSpec& test) {
  TemplateValues values;
  if (test.input.contains("puzzle_text")) {
    values.push_back({"{json}", test.input["puzzle_text"].get<std::string>()});
  } else if (rejects(test)) {
    values = refused_start_values(assignment, test);
  } else {
    const TestBoard problem = read_puzzle_board(assignment, test);
    values.push_back({"{json}", test.input.contains("puzzle") ? test.input["puzzle"].dump() + "\n"
                                                              : puzzle_json(problem).value_or("")});
    values.push_back({"{n}", std::to_string(problem.puzzle.rows())});
    const TemplateValues boards =
        board_values(problem.start, problem.puzzle.goal(), problem.shape(), *problem.notation);
    values.insert(values.end(), boards.begin(), boards.end());
  }
  return rejects(test) ? rejected_program_input(test, puzzle_input(), values)
                       : program_input(test, puzzle_input(), values);
}

}  // namespace

void SearchProgramKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  require_program_submission(assignment, test);
  program_args(test);
  report_lines(test);
  const auto& in = test.input;
  validate_program_input(test, puzzle_input());
  const bool reject = rejects(test);
  if (in.contains("puzzle") + in.contains("puzzle_text") + in.contains("start") != 1)
    throw SpecError(test.where,
                    "give exactly one of `puzzle` ({n, start, goal}), `start` (a board of the "
                    "spec's `domain`, in its notation) or `puzzle_text` (the input file's text)");
  if (reject) {
    validate_rejected_input(assignment, test);
    validate_rejection_test(test, {"searches", "fewer_boards"});
    program_run(assignment, test);  // its templates fill from the refused input alone
    return;
  }
  const std::string board_key = in.contains("puzzle") ? "/puzzle" : "/start";
  if (!in.contains("searches") || !in["searches"].is_array() || in["searches"].empty())
    throw SpecError(test.where, "a search test needs `searches`, a non-empty list");
  if (test.grades.contains("rejection"))
    throw SpecError(test.where, "only a `reject` test grades rejection");
  const TestBoard problem = read_puzzle_board(assignment, test);
  if (problem.puzzle.size() > 16)
    throw SpecError(location_of(test, board_key),
                    "the reference proves optimality for boards of up to 16 cells (4 x 4)");
  if (!puzzle_json(problem) &&
      in.value("input_text", std::string(puzzle_input().file_text)).find("{json}") !=
          std::string::npos)
    throw SpecError(
        location_of(test, board_key),
        fmt::format("a {} x {} board has no seed 002 JSON (an n x n puzzle): give "
                    "`input_text`, e.g. \"{{rows}} {{cols}}\\n{{start}}\\n{{goal}}\\n\"",
                    problem.puzzle.rows(), problem.puzzle.cols()));
  const auto shortest = shortest_length(assignment, test, problem);
  if (!shortest)
    throw SpecError(location_of(test, board_key),
                    "the goal cannot be reached from this start (the two boards differ in "
                    "permutation parity)");
  const std::vector<SearchSpec> searches = read_searches(test);
  for (std::size_t i = 0; i < searches.size(); ++i)
    if (searches[i].bound && *searches[i].bound < *shortest)
      throw SpecError(location_of(test, fmt::format("/searches/{}/bound", i)),
                      fmt::format("no path within the bound {}: the shortest has {} moves",
                                  *searches[i].bound, *shortest));
  if (in.contains("fewer_boards")) {
    const auto& pairs = in["fewer_boards"];
    const auto known = [&](const nlohmann::json& name) {
      return name.is_string() &&
             std::any_of(searches.begin(), searches.end(),
                         [&](const SearchSpec& s) { return s.name == name.get<std::string>(); });
    };
    if (!pairs.is_array() ||
        !std::all_of(pairs.begin(), pairs.end(), [&](const nlohmann::json& pair) {
          return pair.is_array() && pair.size() == 2 && known(pair[0]) && known(pair[1]);
        }))
      throw SpecError(location_of(test, "/fewer_boards"),
                      "fewer_boards is a list of [A, B] pairs of search names from `searches`");
  }
}

Invocation SearchProgramKind::invocation(const Assignment& assignment, const TestSpec& test,
                                         const GradingContext& context) const {
  const ProgramRun run = program_run(assignment, test);
  return make_program_invocation(test, context, run);
}

TestOutcome SearchProgramKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                        const Observation& observation) const {
  if (rejects(test))
    return judge_program_rejection(rejected_text(test), observation, [&](const std::string& out) {
      return solution_length_line(out, report_lines(test));
    });
  const TestBoard problem = read_puzzle_board(assignment, test);
  const std::vector<SearchSpec> searches = read_searches(test);
  const auto shortest = shortest_length(assignment, test, problem);
  if (!shortest) throw std::logic_error("validated puzzle has no solution");

  TestOutcome outcome;
  record_metrics(outcome, observation);
  const std::string& printed = observation.stdout_stream.data;
  outcome.observed = elide(printed, 40, 4000);
  std::vector<std::string> expected;
  for (const auto& search : searches)
    expected.push_back(
        fmt::format("{}: Boards Generated, Solution Length, then a legal path of {}", search.name,
                    search.bound ? fmt::format("at most {} moves (the depth bound)", *search.bound)
                    : search.optimal ? fmt::format("{} moves (a shortest path)", *shortest)
                                     : std::string("any length")));
  outcome.expected = fmt::format("{}", fmt::join(expected, "\n"));

  if (auto stop = diagnose_program_stop(observation)) {
    fail_all_aspects(outcome, {"path", "length", "generated"}, *stop, {"length", "generated"});
    return outcome;
  }

  conclude_program_outcome(
      outcome, judge_search_reports(reports_expected(test, problem, searches, *shortest), printed),
      observation);
  return outcome;
}

std::vector<MutantOutcome> SearchProgramKind::mutant_outcomes(const Assignment& assignment,
                                                              const TestSpec& test) const {
  if (rejects(test)) return {};
  const TestBoard problem = read_puzzle_board(assignment, test);
  const std::vector<SearchSpec> searches = read_searches(test);
  std::optional<std::vector<ref::BlankMove>> shortest;
  try {
    shortest = *cached_reference<std::optional<std::vector<ref::BlankMove>>>(
        assignment, test, "shortest path",
        [&] { return shortest_board_path(problem.puzzle, problem.start); });
  } catch (const std::invalid_argument&) {
    return {};  // a board IDA* does not take (repeated tiles): no mutants
  }
  if (!shortest) return {};
  // The report a program with the mistake prints: each search's section, the same path.
  const auto report = [&](std::size_t generated, std::size_t length,
                          const std::vector<ref::BlankMove>& moves) {
    std::string text;
    for (const SearchSpec& search : searches) {
      text += fmt::format("{}\nBoards Generated: {}\nSolution Length: {}\n", search.name, generated,
                          length);
      for (const ref::BlankMove move : moves) text += ":action :" + ref::to_string(move) + "\n";
    }
    return text;
  };
  const std::vector<ref::BlankMove>& path = *shortest;
  const std::size_t many = 1000000;
  std::vector<std::tuple<std::string, std::string, std::string>> printed;
  const ref::TileProblem world(problem.puzzle, problem.start, ref::Heuristic::zero);
  std::vector<std::string> names;
  for (const ref::BlankMove move : path) names.push_back(ref::to_string(move));
  for (const PathMutant& mutant : path_mutants(world, world.initial_state(), names)) {
    std::vector<ref::BlankMove> moves;
    for (const std::string& name : mutant.path) moves.push_back(*ref::parse_blank_move(name));
    printed.emplace_back(mutant.id, mutant.mistake, report(many, mutant.length, moves));
  }
  if (!path.empty())
    printed.emplace_back("generated_zero", "prints 0 boards generated",
                         report(0, path.size(), path));
  // The mutants print the seed's report, whatever lines the spec reads: judged as the seed's.
  SearchReportsExpected seed_read = reports_expected(test, problem, searches, path.size());
  seed_read.lines = ReportLines::seed();
  std::vector<MutantOutcome> outcomes;
  for (const auto& [id, mistake, text] : printed) {
    MutantOutcome outcome{id, mistake, {}};
    outcome.outcome.verdict = Verdict::accepted;
    outcome.outcome.aspects = judge_search_reports(seed_read, text);
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

}  // namespace sg
