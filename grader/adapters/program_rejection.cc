#include "adapters/program_rejection.h"

#include <fmt/format.h>

#include "adapters/function_call_outcome.h"
#include "adapters/program_run.h"
#include "checkers/state_text.h"
#include "domains/sliding_tile_setup.h"

namespace sg {
namespace {

constexpr const char* kTraceback = "Traceback (most recent call last)";

bool blank(const std::string& text) {
  return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

}  // namespace

bool rejects(const TestSpec& test) { return read_flag(test, "/reject", false); }

TestOutcome judge_program_rejection(const std::string& given, const Observation& observation,
                                    const PrintsSolution& prints_solution) {
  TestOutcome outcome;
  record_metrics(outcome, observation);
  outcome.expected =
      "an error message about the invalid input, no solution, and a clean exit (any status, no "
      "crash, no uncaught exception)";
  outcome.observed =
      elide(observation.stdout_stream.data + observation.stderr_stream.data, 20, 2000);
  if (auto stop = diagnose_program_stop(observation)) {
    fail_all_aspects(outcome, {"rejection"}, *stop);
    outcome.feedback = fmt::format("given the invalid input {}, {}", given, stop->feedback);
    return outcome;
  }
  const std::string& out = observation.stdout_stream.data;
  const std::string& err = observation.stderr_stream.data;
  // An uncaught exception is a crash even though the interpreter exits normally.
  const bool crashed =
      err.find(kTraceback) != std::string::npos || out.find(kTraceback) != std::string::npos;
  std::string why;
  if (crashed)
    why =
        "the program crashed with an uncaught exception instead of reporting the invalid "
        "input:\n" +
        elide(err.empty() ? out : err, 12, 1500);
  else if (const auto solution = prints_solution(out))
    why = fmt::format("the input is invalid, but the program printed a solution: `{}` (line {})",
                      solution->text, solution->number);
  else if (blank(out) && blank(err))
    why = "the input is invalid, but the program printed nothing about it";
  outcome.aspects = {{"rejection", "", why.empty(), why}};
  outcome.verdict = crashed ? Verdict::runtime_error : Verdict::accepted;
  if (!why.empty()) outcome.feedback = fmt::format("given the invalid input {}: {}", given, why);
  return outcome;
}

void validate_rejection_test(const TestSpec& test, const std::vector<std::string>& judged) {
  for (const std::string& key : judged)
    if (test.input.contains(key))
      throw SpecError(location_of(test, "/" + key),
                      fmt::format("a `reject` test has no `{}`: it judges only the refusal", key));
  for (const auto& [aspect, criteria] : test.grades)
    if (aspect != "rejection")
      throw SpecError(test.where, fmt::format("a `reject` test grades rejection, not {}", aspect));
  if (test.exit_status != ExitStatusPolicy::ignored)
    throw SpecError(test.where,
                    "a `reject` test accepts any exit status (an invalid input may well end with "
                    "status 1): give it, or the spec's submission, `exit_status: ignored`");
}

void require_written_as_given(const TestSpec& test, const ProgramRun& run) {
  std::vector<std::string> texts = run.args;
  for (const WrittenFile& file : run.files) texts.push_back(file.content);
  if (run.stdin_data) texts.push_back(*run.stdin_data);
  for (const std::string& text : texts)
    for (const char* refused : {"{start:", "{goal:"})
      if (text.find(refused) != std::string::npos)  // left unfilled: no such value
        throw SpecError(test.where,
                        fmt::format("a `reject` test writes its invalid input as the test gives "
                                    "it: {}...}} names a notation, which only a valid board has; "
                                    "use {{start}} and {{goal}}",
                                    refused));
}

ProgramRun rejected_program_input(const TestSpec& test, const ProgramInputDefaults& defaults,
                                  const TemplateValues& values) {
  ProgramRun run = program_input(test, defaults, values);
  require_written_as_given(test, run);
  return run;
}

std::string written_start(const TestSpec& test) {
  const nlohmann::json& value = test.input.value("start", nlohmann::json());
  return value.is_string() ? value.get<std::string>() : value.dump();
}

std::string refused_key(const TestSpec& test, const std::vector<std::string>& keys,
                        const std::function<void()>& read) {
  for (const std::string& key : keys)
    if (!test.input.contains(key))
      throw SpecError(test.where, fmt::format("a `reject` test needs `{}`", key));
  try {
    read();
  } catch (const SpecError& error) {
    for (const std::string& key : keys)
      if (error.where() == location_of(test, "/" + key)) return key;
    throw;
  }
  throw SpecError(location_of(test, "/" + keys.front()),
                  "the reference reads this as a valid input; a `reject` test needs one it "
                  "refuses (a node the graph lacks; a board with a tile repeated or missing, a "
                  "row too short, a word for a tile)");
}

void require_refused_start(const Assignment& assignment, const TestSpec& test) {
  refused_key(test, {"start"}, [&] { search_domain(assignment, test); });
}

TemplateValues refused_start_values(const Assignment& assignment, const TestSpec& test) {
  TemplateValues values = {{"{start}", written_start(test)}};
  TestSpec without_start = test;
  without_start.input.erase("start");
  if (!test.input.contains("domain")) {
    // The spec's sliding-tile domain: the refused board cannot be printed in any notation.
    const ref::TilePuzzle puzzle = puzzle_for_test(assignment, without_start);
    values.push_back({"{n}", std::to_string(puzzle.rows())});
    for (auto& value : board_values(puzzle.goal(), puzzle.goal(), {puzzle.rows(), puzzle.cols()},
                                    *find_board_notation(assignment.state_notation)))
      if (value.first.rfind("{start", 0) != 0) values.push_back(std::move(value));
    return values;
  }
  for (auto& value : domain_values(states_domain(assignment, without_start)))
    if (value.first != "{start}") values.push_back(std::move(value));
  return values;
}

}  // namespace sg
