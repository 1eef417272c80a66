#include "kinds/game_search_kind.h"

#include <fmt/format.h>

#include <algorithm>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/game_call.h"
#include "adapters/game_program.h"
#include "adapters/program_run.h"
#include "algorithms/game_algorithm.h"
#include "checkers/game_search_checker.h"
#include "checkers/state_text.h"
#include "domains/game_domain.h"
#include "reference/explicit_game_tree.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

// The test's search, read once: what the judgements need, and how the submission is reached.
struct GameTest : GameSearchExpected {
  GameDomain domain;
  std::optional<GameCall> function;  // the function adapter's; none for a program
};

GameTest read_test(const Assignment& assignment, const TestSpec& test) {
  check_keys(test, GameSearchKind().keys());
  GameTest read;
  read.program = assignment.submission.language == "program";
  if (!read.program && assignment.submission.language != "python")
    throw SpecError(test.where,
                    "a game_search test calls Python (`language: python`) or runs a program "
                    "(`language: program`)");
  read.domain = game_domain(assignment, test);
  read.game = read.domain.game;
  read.domain_name = read.domain.name;
  read.agent_name = [domain = read.domain](int agent) { return domain.agent_name(agent); };
  const GameAlgorithm algorithm = game_algorithm(test);
  read.options = algorithm.options;
  read.ties = algorithm.ties;
  read.explored = read_word(test, "explored", "set", {"set", "order"}) == "set"
                      ? ExploredMatch::set
                      : ExploredMatch::order;
  if (read.program) {
    for (const char* key : {"agent", "call", "returns"})
      if (test.input.contains(key))
        throw SpecError(location_of(test, std::string("/") + key),
                        fmt::format("{}: a program's output is read by the spec's `adapter: "
                                    "{{output: ...}}` patterns",
                                    key));
    validate_game_program(assignment, test, read.domain);
    const std::vector<std::string> readable = game_program_aspects(assignment);
    const auto reads = [&](const char* aspect) {
      return std::find(readable.begin(), readable.end(), aspect) != readable.end();
    };
    read.returns = reads("action") && reads("value") ? "action_value"
                   : reads("value")                  ? "value"
                                                     : "action";
  } else {
    read.function = read_game_call(test);
    read.returns = read.function->returns;
  }
  read.search = game_search_text(read.options);
  // A GameState has no method that tells an agent a chance move's probability: only a program,
  // which reads them from its input, can be asked to weigh them.
  if (!read.program && read.options.algorithm == ref::GameAlgorithm::expectimax)
    if (const auto* tree = dynamic_cast<const ref::ExplicitGame*>(read.domain.game.get()))
      for (const auto& [state, moves] : tree->tree().moves)
        for (const ref::GameMove& move : moves)
          if (move.probability > 0)
            throw SpecError(location_of(test, "/domain"),
                            fmt::format("the game tree '{}' states chance probabilities (at "
                                        "'{}'), which a GameState cannot show an agent: its "
                                        "expectimax averages uniformly (leave them out, or "
                                        "grade a program, which reads them)",
                                        read.domain.name, state));
  try {
    ref::game_search(*read.domain.game, read.options);
  } catch (const std::exception& error) {
    throw SpecError(location_of(test, "/domain"),
                    fmt::format("the reference cannot run {} on '{}': {}", read.search,
                                read.domain.name, error.what()));
  }
  return read;
}

std::string call_text(const GameTest& read) {
  if (read.program) return fmt::format("the program on <{}>", read.domain.name);
  return game_call_text(*read.function, read.domain.name, read.options.depth);
}

// The aspects a program's output cannot show (no pattern for them), and why.
std::vector<std::string> unread_aspects(const Assignment& assignment, const GameTest& read) {
  if (!read.program) return {};
  const std::vector<std::string> readable = game_program_aspects(assignment);
  std::vector<std::string> unread;
  for (const std::string& aspect : GameSearchKind().aspects())
    if (std::find(readable.begin(), readable.end(), aspect) == readable.end())
      unread.push_back(aspect);
  return unread;
}

void mark_unread(TestOutcome& outcome, const Assignment& assignment, const GameTest& read) {
  const std::vector<std::string> unread = unread_aspects(assignment, read);
  if (!unread.empty())
    mark_unjudged(outcome, unread, "not judged: the adapter's `output` has no pattern for it");
}

// A program's run: stopped early, or what its output shows, judged.
TestOutcome program_outcome(const Assignment& assignment, const GameTest& read,
                            const ref::GameSearchRun& run, const Observation& observation,
                            TestOutcome outcome) {
  if (auto stop = diagnose_program_stop(observation)) {
    fail_all_aspects(outcome, GameSearchKind().aspects(), *stop);
    return outcome;
  }
  const std::string& out = observation.stdout_stream.data;
  const GameProgramOutput printed = read_game_program(assignment, out);
  outcome.observed = elide(out, 30, 3000);
  for (const std::string& unread : printed.unread) outcome.notes.push_back(unread);
  conclude_program_outcome(
      outcome, judge_game_search(read, run, printed.action, printed.value, printed.explored),
      observation);
  mark_unread(outcome, assignment, read);
  return outcome;
}

}  // namespace

void GameSearchKind::validate(const Assignment& assignment, const TestSpec& test) const {
  const GameTest read = read_test(assignment, test);
  const char* unjudged = read.returns == "action"  ? "value"
                         : read.returns == "value" ? "action"
                                                   : nullptr;
  if (unjudged != nullptr && test.grades.count(unjudged) > 0)
    throw SpecError(location_of(test, std::string("/grades/") + unjudged),
                    fmt::format("grades: `{}` is not judged where the call returns {} only "
                                "(`returns: {}`)",
                                unjudged, read.returns, read.returns));
  for (const std::string& aspect : unread_aspects(assignment, read))
    if (test.grades.count(aspect) > 0)
      throw SpecError(location_of(test, "/grades/" + aspect),
                      fmt::format("grades: `{}` is not judged: the adapter's `output` has no "
                                  "`{}` pattern",
                                  aspect, aspect));
}

Invocation GameSearchKind::invocation(const Assignment& assignment, const TestSpec& test,
                                      const GradingContext& context) const {
  const GameTest read = read_test(assignment, test);
  // The levels the search reaches, and one more ply: a search one ply too deep generates what
  // it would (and is told so), one deeper still finds no move.
  const int agents = read.domain.game->agents();
  const int levels = (read.options.unit == ref::DepthUnit::per_ply ? read.options.depth * agents
                                                                   : read.options.depth) +
                     agents;
  if (read.program)
    return make_program_invocation(
        test, context, game_program_run(assignment, test, read.domain, read.options, levels));
  nlohmann::json steps =
      game_call_steps(*read.function, read.domain.table(test, levels), read.options.depth);
  return make_driver_invocation(assignment, test, context, std::move(steps), call_text(read));
}

TestOutcome GameSearchKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                     const Observation& observation) const {
  const GameTest read = read_test(assignment, test);
  const ref::GameSearchRun run = ref::game_search(*read.domain.game, read.options);
  TestOutcome outcome;
  outcome.call = call_text(read);
  outcome.expected = game_search_expectation(read, run);
  if (read.program) {
    record_metrics(outcome, observation);
    return program_outcome(assignment, read, run, observation, outcome);
  }
  const std::size_t steps = game_call_step_count(*read.function);
  const DriverRun driver = read_driver_run(assignment, test, observation,
                                           std::vector<std::string>(steps, outcome.call), outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop);
    return outcome;
  }
  const GameCallAnswer answer =
      read_game_answer(*read.function, driver.transcript, outcome.call, driver.module_file);
  if (answer.failure) {
    fail_all_aspects(outcome, aspects(), *answer.failure);
    return outcome;
  }
  outcome.observed = answer.observed;
  if (answer.printed)
    outcome.notes.push_back(
        fmt::format("`{}` printed; only what it returned and generated is judged", outcome.call));
  outcome.verdict = Verdict::accepted;
  outcome.aspects = judge_game_search(read, run, answer.action, answer.value, answer.generated);
  if (read.returns == "value")
    mark_unjudged(outcome, {"action"}, "not judged: the call returns only the value");
  return outcome;
}

std::vector<MutantOutcome> GameSearchKind::mutant_outcomes(const Assignment& assignment,
                                                           const TestSpec& test) const {
  const GameTest read = read_test(assignment, test);
  const ref::GameSearchRun run = ref::game_search(*read.domain.game, read.options);
  std::vector<MutantOutcome> outcomes;
  for (const GameMistake& mistake : game_search_mistakes(read)) {
    ref::GameSearchRun wrong;
    try {
      wrong = ref::game_search(*read.domain.game, mistake.options);
    } catch (const std::exception&) {
      continue;
    }
    if (mistake.bound_only && wrong.action == run.action && wrong.value == run.value &&
        generated_states(wrong) == generated_states(run))
      continue;  // the search reaches every end of the game: one ply more changes nothing
    MutantOutcome mutant{mistake.id, mistake.mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects =
        judge_game_search(read, run, wrong.action, wrong.value, generated_states(wrong));
    if (read.returns == "value")
      mark_unjudged(mutant.outcome, {"action"}, "not judged: the call returns only the value");
    mark_unread(mutant.outcome, assignment, read);
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

}  // namespace sg
