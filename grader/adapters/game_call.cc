#include "adapters/game_call.h"

#include <fmt/format.h>

#include <algorithm>

#include "checkers/python_value.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

// `state`: the root, for AIMA's minimax_search(game, state) (the game object is the root too).
const std::vector<std::string> kCallWords = {"game", "state", "depth"};

}  // namespace

GameCall read_game_call(const TestSpec& test) {
  GameCall read;
  if (test.input.contains("agent") == test.input.contains("call"))
    throw SpecError(test.where,
                    "a game_search test names its adapter: `agent:` (a Berkeley agent class, "
                    "e.g. AlphaBetaAgent) or `call:` (e.g. \"minimax(game, depth)\")");
  read.returns =
      read_word(test, "returns", "action", {"action", "value", "value_action", "action_value"});
  if (test.input.contains("agent")) {
    if (read.returns != "action")
      throw SpecError(location_of(test, "/returns"),
                      "returns: an agent's getAction returns the action; `returns` is for `call:`");
    const auto& agent = test.input["agent"];
    if (!agent.is_string() || agent.get<std::string>().empty())
      throw SpecError(location_of(test, "/agent"), "agent: the agent class's name");
    read.agent = agent.get<std::string>();
  } else {
    read.call = call_words(test, kCallWords);
  }
  return read;
}

std::size_t game_call_step_count(const GameCall& call) { return call.agent.empty() ? 3 : 4; }

std::string game_call_text(const GameCall& call, const std::string& domain_name, int depth) {
  if (!call.agent.empty())
    return fmt::format("{}(depth='{}').getAction(<{}>)", call.agent, depth, domain_name);
  std::vector<std::string> words;
  for (const std::string& word : call.call->arguments)
    words.push_back(word == "game"    ? fmt::format("<{}>", domain_name)
                    : word == "state" ? fmt::format("<{}'s root>", domain_name)
                    : word == "depth" ? std::to_string(depth)
                                      : word);
  return fmt::format("{}({})", call.call->function, fmt::join(words, ", "));
}

nlohmann::json game_call_steps(const GameCall& call, nlohmann::json game_table, int depth) {
  game_table["$fn"] = "game_state";
  nlohmann::json steps = nlohmann::json::array();
  steps.push_back({{"op", "let"}, {"bind", "game"}, {"value", std::move(game_table)}});
  if (!call.agent.empty()) {
    steps.push_back({{"op", "new"},
                     {"class", call.agent},
                     {"kwargs", {{"depth", std::to_string(depth)}}},
                     {"bind", "agent"}});
    steps.push_back({{"op", "method"},
                     {"target", "agent"},
                     {"method", "getAction"},
                     {"args", nlohmann::json::array({{{"$ref", "game"}}})}});
  } else {
    nlohmann::json args = nlohmann::json::array();
    for (const std::string& word : call.call->arguments) {
      if (word == "game" || word == "state")
        args.push_back({{"$ref", "game"}});
      else if (word == "depth")
        args.push_back(depth);
      else
        args.push_back(nlohmann::json::parse(word));
    }
    steps.push_back({{"op", "call"}, {"function", call.call->function}, {"args", args}});
  }
  steps.push_back({{"op", "getattr"}, {"target", "game"}, {"attr", "sg_generated"}});
  return steps;
}

GameCallAnswer read_game_answer(const GameCall& call, const DriverTranscript& transcript,
                                const std::string& call_text, const std::string& module_file) {
  GameCallAnswer answer;
  const std::size_t steps = game_call_step_count(call);
  const DriverStepRecord& generated = transcript.steps[steps - 1];
  if (generated.ok && generated.value.is_array())
    for (const auto& state : generated.value)
      answer.generated.push_back(state.is_string() ? state.get<std::string>() : python_repr(state));
  const DriverStepRecord& returned = transcript.steps[steps - 2];
  if (!returned.ok) {
    answer.failure = step_failure(returned, call_text, module_file);
    if (!answer.generated.empty()) {
      const auto shown = static_cast<long>(std::min<std::size_t>(answer.generated.size(), 30));
      answer.failure->feedback +=
          fmt::format("\nit had generated {} state(s) by then: {}", answer.generated.size(),
                      fmt::join(answer.generated.begin(), answer.generated.begin() + shown, ", "));
    }
    return answer;
  }
  nlohmann::json action = returned.value;
  nlohmann::json value;
  if (call.returns == "value") {
    action = nullptr;
    value = returned.value;
  } else if (call.returns != "action") {
    const auto pair = as_sequence(returned.value);
    action = nullptr;
    if (pair && pair->size() == 2) {
      const bool value_first = call.returns == "value_action";
      value = (*pair)[value_first ? 0 : 1];
      action = (*pair)[value_first ? 1 : 0];
    }
  }
  if (action.is_string()) answer.action = action.get<std::string>();
  if (value.is_number()) answer.value = value.get<double>();
  answer.observed = fmt::format("returned {}; generated {} state(s)", python_repr(returned.value),
                                answer.generated.size());
  answer.printed = !returned.stdout_text.empty();
  return answer;
}

}  // namespace sg
