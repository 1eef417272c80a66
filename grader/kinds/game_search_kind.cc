#include "kinds/game_search_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "adapters/function_call_outcome.h"
#include "adapters/game_program.h"
#include "adapters/program_run.h"
#include "adapters/python_driver_client.h"
#include "adapters/search_adapter.h"
#include "checkers/game_search_checker.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/game_domain.h"
#include "domains/sliding_tile_setup.h"
#include "reference/explicit_game_tree.h"

namespace sg {
namespace {

const std::vector<std::string> kCallWords = {"game", "depth"};

// The test's search, read once: what the judgements need, and how the submission is reached.
struct GameTest : GameSearchExpected {
  GameDomain domain;
  std::string agent;              // a Berkeley agent class, or empty
  std::optional<CallWords> call;  // else a function call
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
  const std::string algorithm =
      read_word(test, "algorithm", "", {"minimax", "alpha_beta", "expectimax"});
  if (algorithm.empty())
    throw SpecError(location_of(test, "/algorithm"),
                    "algorithm: minimax, alpha_beta or expectimax (the search the student wrote)");
  read.options.algorithm = *ref::parse_game_algorithm(algorithm);
  read.options.depth = static_cast<int>(read_whole(test, "/depth", 1, 20));
  read.options.unit = read_word(test, "depth_unit", "per_ply", {"per_ply", "per_move"}) == "per_ply"
                          ? ref::DepthUnit::per_ply
                          : ref::DepthUnit::per_move;
  const std::string prune = read_word(test, "prune", "strict", {"strict", "on_equality"});
  if (test.input.contains("prune") && read.options.algorithm != ref::GameAlgorithm::alpha_beta)
    throw SpecError(location_of(test, "/prune"), "prune: only for algorithm: alpha_beta");
  read.options.prune = prune == "strict" ? ref::PruneRule::strict : ref::PruneRule::on_equality;
  const std::string ties = read_word(test, "ties", "any", {"any", "first", "last"});
  read.ties = ties == "any"     ? RootActionRule::any_optimal
              : ties == "first" ? RootActionRule::first
                                : RootActionRule::last;
  read.options.root_tie = ties == "last" ? ref::RootTie::last : ref::RootTie::first;
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
  } else if (test.input.contains("agent") == test.input.contains("call"))
    throw SpecError(test.where,
                    "a game_search test names its adapter: `agent:` (a Berkeley agent class, "
                    "e.g. AlphaBetaAgent) or `call:` (e.g. \"minimax(game, depth)\")");
  if (!read.program)
    read.returns =
        read_word(test, "returns", "action", {"action", "value", "value_action", "action_value"});
  if (test.input.contains("agent") && read.returns != "action")
    throw SpecError(location_of(test, "/returns"),
                    "returns: an agent's getAction returns the action; `returns` is for `call:`");
  if (read.program) {
    // the adapter section says it all
  } else if (test.input.contains("agent")) {
    const auto& agent = test.input["agent"];
    if (!agent.is_string() || agent.get<std::string>().empty())
      throw SpecError(location_of(test, "/agent"), "agent: the agent class's name");
    read.agent = agent.get<std::string>();
  } else {
    read.call = call_words(test, kCallWords);
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
  if (!read.agent.empty())
    return fmt::format("{}(depth='{}').getAction(<{}>)", read.agent, read.options.depth,
                       read.domain.name);
  std::vector<std::string> words;
  for (const std::string& word : read.call->arguments)
    words.push_back(word == "game"    ? fmt::format("<{}>", read.domain.name)
                    : word == "depth" ? std::to_string(read.options.depth)
                                      : word);
  return fmt::format("{}({})", read.call->function, fmt::join(words, ", "));
}

std::size_t step_count(const GameTest& read) { return read.agent.empty() ? 3 : 4; }

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
  nlohmann::json game = read.domain.table(test, levels);
  game["$fn"] = "game_state";
  nlohmann::json steps = nlohmann::json::array();
  steps.push_back({{"op", "let"}, {"bind", "game"}, {"value", game}});
  if (!read.agent.empty()) {
    steps.push_back({{"op", "new"},
                     {"class", read.agent},
                     {"kwargs", {{"depth", std::to_string(read.options.depth)}}},
                     {"bind", "agent"}});
    steps.push_back({{"op", "method"},
                     {"target", "agent"},
                     {"method", "getAction"},
                     {"args", nlohmann::json::array({{{"$ref", "game"}}})}});
  } else {
    nlohmann::json args = nlohmann::json::array();
    for (const std::string& word : read.call->arguments) {
      if (word == "game")
        args.push_back({{"$ref", "game"}});
      else if (word == "depth")
        args.push_back(read.options.depth);
      else
        args.push_back(nlohmann::json::parse(word));
    }
    steps.push_back({{"op", "call"}, {"function", read.call->function}, {"args", args}});
  }
  steps.push_back({{"op", "getattr"}, {"target", "game"}, {"attr", "sg_generated"}});
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
  const std::size_t steps = step_count(read);
  const DriverRun driver = read_driver_run(assignment, test, observation,
                                           std::vector<std::string>(steps, outcome.call), outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop);
    return outcome;
  }
  const DriverTranscript& transcript = driver.transcript;
  std::vector<ref::State> generated;
  if (transcript.steps[steps - 1].ok && transcript.steps[steps - 1].value.is_array())
    for (const auto& state : transcript.steps[steps - 1].value)
      generated.push_back(state.is_string() ? state.get<std::string>() : python_repr(state));
  const DriverStepRecord& call = transcript.steps[steps - 2];
  if (!call.ok) {
    EarlyStop stop = step_failure(call, outcome.call, driver.module_file);
    if (!generated.empty())
      stop.feedback +=
          fmt::format("\nit had generated {} state(s) by then: {}", generated.size(),
                      fmt::join(generated.begin(),
                                generated.begin() +
                                    static_cast<long>(std::min<std::size_t>(generated.size(), 30)),
                                ", "));
    fail_all_aspects(outcome, aspects(), stop);
    return outcome;
  }
  std::optional<std::string> action;
  std::optional<double> value;
  nlohmann::json returned_action = call.value;
  nlohmann::json returned_value;
  if (read.returns == "value") {
    returned_action = nullptr;
    returned_value = call.value;
  } else if (read.returns != "action") {
    const auto pair = as_sequence(call.value);
    returned_action = nullptr;
    if (pair && pair->size() == 2) {
      const bool value_first = read.returns == "value_action";
      returned_value = (*pair)[value_first ? 0 : 1];
      returned_action = (*pair)[value_first ? 1 : 0];
    }
  }
  if (returned_action.is_string()) action = returned_action.get<std::string>();
  if (returned_value.is_number()) value = returned_value.get<double>();
  outcome.observed =
      fmt::format("returned {}; generated {} state(s)", python_repr(call.value), generated.size());
  if (!call.stdout_text.empty())
    outcome.notes.push_back(
        fmt::format("`{}` printed; only what it returned and generated is "
                    "judged",
                    outcome.call));
  outcome.verdict = Verdict::accepted;
  outcome.aspects = judge_game_search(read, run, action, value, generated);
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
