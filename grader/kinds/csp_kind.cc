#include "kinds/csp_kind.h"

#include <fmt/format.h>

#include "adapters/function_call_outcome.h"
#include "adapters/program_input.h"
#include "adapters/program_run.h"
#include "checkers/csp_judgements.h"
#include "checkers/field_extractor.h"
#include "checkers/state_text.h"
#include "domains/csp_problem.h"
#include "domains/reference_cache.h"
#include "reference/csp_problems.h"
#include "reference/csp_search.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

// The test's problem and what the reference says of it (computed once per spec and test).
struct CspExpected {
  std::shared_ptr<const ref::Csp> csp;
  std::string written;  ///< The problem as the test writes it: {puzzle}.
  bool sudoku = false;
  ref::CspAssignment solution;  ///< One solution (the only one, for a Sudoku).
  bool ac3_solves = false;      ///< AC-3 alone leaves every domain a single value.
  ref::CspDomains ac3_domains;  ///< AC-3's closure.
};

CspExpected build(const TestSpec& test) {
  const CspProblem problem = read_csp_problem(test);
  CspExpected expected;
  expected.csp = problem.csp;
  expected.written = problem.written;
  expected.sudoku = problem.family == CspProblem::Family::sudoku;
  const ref::Ac3Run closure = ref::ac3(*expected.csp);
  expected.ac3_solves = closure.consistent && ref::every_domain_single(closure.domains);
  expected.ac3_domains = closure.domains;
  const ref::BacktrackingRun run = ref::backtracking_search(
      *expected.csp, {ref::VariableOrder::mrv, ref::ValueOrder::domain, ref::Inference::mac});
  if (!run.solved)
    throw SpecError(location_of(test, "/csp"),
                    "the problem has no solution: nothing to judge a "
                    "program's answer against");
  expected.solution = run.solution;
  if (expected.sudoku && ref::count_solutions(*expected.csp, 2) != 1)
    throw SpecError(location_of(test, "/csp/sudoku"),
                    "the Sudoku has more than one solution: a course's puzzle has one");
  return expected;
}

std::shared_ptr<const CspExpected> expected_of(const Assignment& assignment, const TestSpec& test) {
  return cached_reference<CspExpected>(assignment, test, "csp", [&] { return build(test); });
}

struct Judging {
  bool solution = true;
  bool method = false;
};

Judging read_judging(const TestSpec& test) {
  Judging judging;
  if (!test.input.contains("judge")) return judging;
  const nlohmann::json& judge =
      read_mapping(test, "/judge", {"solution", "method"}, "judge: {solution: true, method: true}");
  judging.solution = read_flag(test, "/judge/solution", false);
  judging.method = read_flag(test, "/judge/method", false);
  if (!judging.solution && !judging.method && !judge.empty())
    throw SpecError(location_of(test, "/judge"), "judge: at least one of solution, method");
  return judging;
}

std::vector<std::string> judged(const Judging& judging) {
  std::vector<std::string> aspects;
  if (judging.solution) aspects.push_back("solution");
  if (judging.method) aspects.push_back("method");
  return aspects;
}

const nlohmann::json& adapter_of(const Assignment& assignment, const TestSpec& test) {
  if (!assignment.adapter || assignment.adapter->value.value("type", "") != "program")
    throw SpecError(test.where,
                    "a csp test runs a program: the spec needs `adapter: {type: program, args: "
                    "[...], output: {solution: PATTERN}}`");
  return assignment.adapter->value;
}

// The adapter's output.<key> pattern, or nullopt.
std::optional<FieldPattern> pattern_of(const nlohmann::json& adapter, const std::string& key) {
  const nlohmann::json output = adapter.value("output", nlohmann::json::object());
  if (!output.contains(key)) return std::nullopt;
  const nlohmann::json& value = output[key];
  return FieldPattern(value.is_string() ? value.get<std::string>()
                                        : value.value("pattern", std::string()));
}

// The names of the methods: AC-3 alone, and a search.
std::pair<std::string, std::string> method_names(const nlohmann::json& adapter) {
  const nlohmann::json methods =
      adapter.value("output", nlohmann::json::object()).value("methods", nlohmann::json::object());
  return {methods.value("ac3", "AC3"), methods.value("search", "BTS")};
}

std::pair<std::string, std::string> expected_method(const nlohmann::json& adapter,
                                                    const CspExpected& expected) {
  const auto [ac3, search] = method_names(adapter);
  return expected.ac3_solves
             ? std::pair{ac3, std::string("AC-3 alone leaves every cell one value")}
             : std::pair{search, std::string("AC-3 alone leaves cells open: a search is needed")};
}

// The answer as a program writes it: the Sudoku's digits, or the values in order.
std::string written_answer(const CspExpected& expected, const ref::CspAssignment& answer) {
  if (expected.sudoku) return ref::sudoku_text(*expected.csp, answer);
  std::string text;
  for (std::size_t v = 0; v < answer.size(); ++v)
    text += (v ? " " : "") + (answer[v] ? expected.csp->values()[*answer[v]] : std::string("?"));
  return text;
}

// Judges a printed answer into aspects; `out` is what the program wrote.
std::vector<AspectOutcome> judge_answer(const nlohmann::json& adapter, const Judging& judging,
                                        const CspExpected& expected, const std::string& out) {
  std::vector<AspectOutcome> aspects;
  if (judging.solution) {
    const auto pattern = pattern_of(adapter, "solution");
    const auto match = pattern->find(out);
    if (!match || !match->fields.count("solution")) {
      aspects.push_back(
          {"solution", "", false,
           fmt::format("no line holds a solution (the pattern `{}`)", pattern->pattern())});
    } else {
      std::string why;
      const auto answer =
          read_csp_answer(*expected.csp, match->fields.at("solution"), expected.sudoku, why);
      aspects.push_back(answer
                            ? judge_csp_solution(*expected.csp, *answer)
                            : AspectOutcome{"solution", "", false,
                                            fmt::format("line {}: {}", match->line_number, why)});
    }
  }
  if (judging.method) {
    const auto pattern = pattern_of(adapter, "method");
    std::optional<std::string> named;
    if (const auto match = pattern->find(out); match && match->fields.count("method"))
      named = match->fields.at("method");
    const auto [want, why] = expected_method(adapter, expected);
    aspects.push_back(judge_csp_method(named, want, why));
  }
  return aspects;
}

ProgramRun run_of(const nlohmann::json& adapter, const TestSpec& test,
                  const CspExpected& expected) {
  ProgramRun run;
  const nlohmann::json args =
      test.input.contains("args") ? test.input["args"] : adapter.value("args", nlohmann::json());
  if (!args.is_array())
    throw SpecError(test.where,
                    "a csp test needs `args` (its own or the adapter's), e.g. "
                    "[\"{puzzle}\"]");
  for (const nlohmann::json& arg : args) {
    if (!arg.is_string()) throw SpecError(test.where, "each of `args` is a string template");
    run.args.push_back(fill_template(arg.get<std::string>(), {{"{puzzle}", expected.written}}));
  }
  return run;
}

}  // namespace

std::vector<std::string> CspKind::judged_aspects(const Assignment&, const TestSpec& test) const {
  try {
    return judged(read_judging(test));
  } catch (const SpecError&) {
    return aspects();
  }
}

void CspKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  require_program_submission(assignment, test);
  const nlohmann::json& adapter = adapter_of(assignment, test);
  const Judging judging = read_judging(test);
  for (const auto& [aspect, criteria] : test.grades) {
    const auto asked = judged(judging);
    if (aspect != "exit" && std::find(asked.begin(), asked.end(), aspect) == asked.end())
      throw SpecError(test.where, fmt::format("test '{}' grades `{}`, which its `judge` does not "
                                              "judge",
                                              test.id, aspect));
  }
  for (const char* key : {"solution", "method"}) {
    if (std::string(key) == "method" && !judging.method) continue;
    if (std::string(key) == "solution" && !judging.solution) continue;
    std::optional<FieldPattern> pattern;
    try {
      pattern = pattern_of(adapter, key);
    } catch (const std::invalid_argument& error) {
      throw SpecError(assignment.adapter->where, fmt::format("output.{}: {}", key, error.what()));
    }
    if (!pattern)
      throw SpecError(assignment.adapter->where,
                      fmt::format("the adapter's output needs `{0}`: a pattern whose group `{0}` "
                                  "holds the {1}",
                                  key, std::string(key) == "solution" ? "answer" : "method named"));
    const auto names = pattern->names();
    if (std::find(names.begin(), names.end(), key) == names.end())
      throw SpecError(assignment.adapter->where,
                      fmt::format("output.{0} needs a group named `{0}`: (?<{0}>...)", key));
  }
  const auto expected = expected_of(assignment, test);
  run_of(adapter, test, *expected);
}

Invocation CspKind::invocation(const Assignment& assignment, const TestSpec& test,
                               const GradingContext& context) const {
  const auto expected = expected_of(assignment, test);
  return make_program_invocation(test, context,
                                 run_of(adapter_of(assignment, test), test, *expected));
}

TestOutcome CspKind::evaluate(const Assignment& assignment, const TestSpec& test,
                              const Observation& observation) const {
  const nlohmann::json& adapter = adapter_of(assignment, test);
  const auto expected = expected_of(assignment, test);
  const Judging judging = read_judging(test);
  TestOutcome outcome;
  record_metrics(outcome, observation);
  const std::string& out = observation.stdout_stream.data;
  outcome.observed = elide(out, 30, 3000);
  outcome.expected = fmt::format("the solution: {}", written_answer(*expected, expected->solution));
  if (judging.method) {
    const auto [want, why] = expected_method(adapter, *expected);
    outcome.expected += fmt::format("\nthe method: {} ({})", want, why);
  }
  if (auto stop = diagnose_program_stop(observation)) {
    fail_all_aspects(outcome, judged(judging), *stop);
    return outcome;
  }
  conclude_program_outcome(outcome, judge_answer(adapter, judging, *expected, out), observation);
  return outcome;
}

std::vector<MutantOutcome> CspKind::mutant_outcomes(const Assignment& assignment,
                                                    const TestSpec& test) const {
  const nlohmann::json& adapter = adapter_of(assignment, test);
  const auto expected = expected_of(assignment, test);
  const Judging judging = read_judging(test);
  const auto [ac3, search] = method_names(adapter);
  Observation ran;
  ran.termination = Termination::exited;
  ran.exit_code = 0;
  // What each mistake writes: its board, then the method it names.
  ref::CspAssignment closure(expected->csp->size());
  for (std::size_t v = 0; v < closure.size(); ++v)
    if (expected->ac3_domains[v].size() == 1) closure[v] = expected->ac3_domains[v].front();
  const std::string solved = written_answer(*expected, expected->solution);
  const std::vector<std::tuple<std::string, std::string, std::string>> mistakes = {
      {"ac3_only", "stops after AC-3 and writes the cells it left open as 0",
       written_answer(*expected, closure) + " " + ac3},
      {"always_search", "names the search as its method even where AC-3 alone solved the puzzle",
       solved + " " + search},
      {"always_ac3", "names AC-3 as its method even where a search was needed", solved + " " + ac3},
  };
  std::vector<MutantOutcome> outcomes;
  for (const auto& [id, mistake, written] : mistakes) {
    // A test that judges the board alone cannot see which method a program names.
    if (id != "ac3_only" && !judging.method) continue;
    TestOutcome outcome;
    conclude_program_outcome(outcome, judge_answer(adapter, judging, *expected, written + "\n"),
                             ran);
    outcomes.push_back({id, mistake, std::move(outcome)});
  }
  return outcomes;
}

}  // namespace sg
