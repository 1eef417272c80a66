// How a `search` test calls the submission and reads back what it did, as the spec's `adapter:`
// configures it (docs/spec-format.md, "search"):
//   function        a Python function with the signature the test's `call:` gives, e.g.
//                   `ucs(graph, start, goal)` (words: graph, maze, start, goal, state,
//                   heuristic, limit, max_depth, k, game_state (a Pacman world's), path,
//                   actions and take_action (functions giving the domain's actions and their
//                   results, A2's actionsF / takeActionF), submission.NAME (the submission's own
//                   function NAME), or a number), or a method of a new instance, e.g.
//                   `ClosestDotSearchAgent().findPathToClosestDot(game_state)`; a graph is passed
//                   as the adapter's `graph_as` (dict_of_dicts {'Arad': {'Zerind': 75}},
//                   dict_of_lists, edge_list), a maze as its rows, states as the domain writes
//                   them; the result read as `returns` (path, path_and_cost, actions,
//                   actions_and_cost).
//   problem_object  a Python function given a problem object (Berkeley's getStartState,
//                   isGoalState, getSuccessors, getCostOfActions; names configurable), e.g.
//                   `aStarSearch(problem, heuristic)`; the states getSuccessors is called on, in
//                   order, are the expansion order; the result is a list of actions.
//   program         a command-line program: `args` and an input file (`input`, with `input_text`)
//                   templated from the test ({input}, {algorithm}, {start}, {goal}, {map},
//                   {graph}); what it prints read by the patterns of `output` (path, cost,
//                   expanded, search_depth, max_search_depth, reported_time, reported_memory:
//                   regular expressions with named groups).
// Reading (the notation) is here; judging is in checkers/search_judgements.h.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "adapters/driver_client.h"
#include "adapters/program_input.h"
#include "algorithms/search_algorithm.h"
#include "checkers/search_answer_checker.h"
#include "checkers/search_judgements.h"
#include "checkers/state_text.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/grading_context.h"
#include "model/invocation.h"

namespace sg {

/// What the submission did in one test: its answer (checkers/search_answer_checker.h), and
/// how the run went.
struct SearchCall : SearchAnswer {
  std::optional<EarlyStop> stop;  ///< It did not run to the end (limit, crash, exception).
  std::string call_text;          ///< What ran, e.g. "ucs(graph, 'Arad', 'Bucharest')".
  std::string observed;           ///< What came back, for the report.
  /// What a Python call returned, in the driver's encoding (the `result` judgement reads it).
  std::optional<nlohmann::json> returned;
  std::vector<std::string> notes;
  /// What a program measured of itself and printed (output.reported_time, reported_memory),
  /// as printed: judged plausible against the run (checkers/reported_measures.h).
  std::optional<std::string> reported_time;
  std::optional<std::string> reported_memory;
};

/// Which judgements the adapter can feed ("path", "cost", "expansions", "expanded_count", ...).
std::vector<std::string> adapter_can_judge(const Assignment& assignment);

/// Checks the spec's `adapter:` section and the test's adapter keys (`call`, `args`). Throws
/// SpecError at the key.
void validate_search_adapter(const Assignment& assignment, const TestSpec& test,
                             const SearchDomain& domain, const SearchAlgorithm& algorithm);

/// The invocation of the test.
Invocation search_invocation(const Assignment& assignment, const TestSpec& test,
                             const GradingContext& context, const SearchDomain& domain,
                             const SearchAlgorithm& algorithm);

/// The program adapter's run with the placeholders `values` (a domain's, or a `reject` test's
/// refused start: adapters/program_rejection.h) and {input}, {algorithm}. Throws SpecError at
/// the test unless the spec's adapter is a program.
ProgramRun search_program_run(const Assignment& assignment, const TestSpec& test,
                              const SearchAlgorithm& algorithm, const TemplateValues& values);

/// The line of a program adapter's output that holds a path (it matches `output.path`, and no
/// line matches `no_path`), or nullopt.
std::optional<NumberedLine> search_program_path_line(const Assignment& assignment,
                                                     const std::string& printed);

/// Reads what the process did.
SearchCall read_search_call(const Assignment& assignment, const TestSpec& test,
                            const SearchDomain& domain, const SearchAlgorithm& algorithm,
                            const Observation& observation);

/// What a function adapter's call printed, for tests that judge printed output (print_succ and
/// solve on a named domain). Invoked by search_invocation.
struct PrintedCall {
  std::optional<EarlyStop> stop;  ///< It did not run to the end.
  std::string printed;            ///< The call's stdout.
  std::string call_text;          ///< E.g. "print_succ(<graph romania>, 'Arad')".
  std::vector<std::string> notes;
};
PrintedCall read_printed_call(const Assignment& assignment, const TestSpec& test,
                              const SearchDomain& domain, const SearchAlgorithm& algorithm,
                              const Observation& observation);

/// The function and argument words of the test's `call:` ("h(state, goal)"). Throws SpecError
/// at `call` for a malformed call, an unknown word, or a method of a new instance
/// ("Agent().f(...)", which only `search` tests make).
struct CallWords {
  std::string function;
  std::vector<std::string> arguments;
};
CallWords call_words(const TestSpec& test);
/// The same with another kind's argument words (a game's `game`, `depth`).
CallWords call_words(const TestSpec& test, const std::vector<std::string>& words);

/// The value the function adapter passes for `word` (graph, maze, start, goal, state, heuristic,
/// or a number) on `domain`.
nlohmann::json call_argument(const std::string& word, const Assignment& assignment,
                             const TestSpec& test, const SearchDomain& domain);

/// The test's `state:` as a state of `domain` (the `state` argument word). Throws SpecError at
/// the key.
ref::State state_of_test(const TestSpec& test, const SearchDomain& domain);

}  // namespace sg
