#include "domains/game_domain.h"

#include <fmt/format.h>

#include <deque>
#include <set>
#include <stdexcept>
#include <tuple>

#include "domains/domain_section.h"
#include "domains/rules_world.h"
#include "domains/sliding_tile_setup.h"
#include "reference/connect_four.h"
#include "reference/explicit_game_tree.h"
#include "reference/pacman_game.h"
#include "reference/tic_tac_toe.h"

namespace sg {
namespace {

std::shared_ptr<const ref::Game> read_game_tree(const SpecSection& section,
                                                const std::string& name) {
  only_keys(section, fmt::format("the game tree '{}'", name),
            {"type", "file", "agents", "root", "moves", "values", "wins", "losses"});
  const nlohmann::json& value = section.value;
  ref::GameTree tree;
  if (value.contains("agents")) {
    if (!value["agents"].is_number_integer() || value["agents"].get<int>() < 1)
      fail_at(section, "/agents", "agents: how many agents move in turn, 1 or more");
    tree.agents = value["agents"].get<int>();
  }
  const auto root = value.contains("root") ? name_in_spec(value["root"]) : std::nullopt;
  if (!root) fail_at(section, "/root", "root: the state the search starts from");
  tree.root = *root;
  if (!value.contains("moves") || !value["moves"].is_object())
    fail_at(section, "/moves",
            "moves: each state's moves in the order they are tried, {A: [[left, B], [right, "
            "C]], ...}");
  for (const auto& [state, moves] : value["moves"].items()) {
    const std::string at = "/moves/" + state;
    if (!moves.is_array()) fail_at(section, at, "a state's moves: a list of [action, state]");
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto& move = moves[i];
      const std::string pointer = fmt::format("{}/{}", at, i);
      const bool shaped = move.is_array() && (move.size() == 2 || move.size() == 3);
      const auto action = shaped ? name_in_spec(move[0]) : std::nullopt;
      const auto next = shaped ? name_in_spec(move[1]) : std::nullopt;
      if (!action || !next || (move.size() == 3 && !move[2].is_number()))
        fail_at(section, pointer,
                "a move: [action, state] or [action, state, probability] (a chance move)");
      tree.moves[state].push_back({*action, *next, move.size() == 3 ? move[2].get<double>() : 0.0});
    }
  }
  if (value.contains("values")) {
    if (!value["values"].is_object())
      fail_at(section, "/values", "values: {state: number}, the score of each state");
    for (const auto& [state, number] : value["values"].items()) {
      if (!number.is_number()) fail_at(section, "/values/" + state, "a state's value: a number");
      tree.values[state] = number.get<double>();
    }
  }
  for (const char* key : {"wins", "losses"}) {
    if (!value.contains(key)) continue;
    if (!value[key].is_array())
      fail_at(section, std::string("/") + key, std::string(key) + ": a list of states");
    for (const auto& state : value[key]) {
      const auto text = name_in_spec(state);
      if (!text) fail_at(section, std::string("/") + key, std::string(key) + ": state names");
      (std::string(key) == "wins" ? tree.wins : tree.losses).insert(*text);
    }
  }
  try {
    return std::make_shared<ref::ExplicitGame>(std::move(tree));
  } catch (const std::invalid_argument& error) {
    fail_at(section, "", fmt::format("the game tree '{}': {}", name, error.what()));
  }
}

std::shared_ptr<const ref::Game> read_tic_tac_toe(const SpecSection& section,
                                                  const std::string& name) {
  only_keys(section, fmt::format("the tic-tac-toe domain '{}'", name),
            {"type", "start", "evaluation"});
  const nlohmann::json& value = section.value;
  const std::string start = value.value("start", ".........");
  const std::string evaluation = value.value("evaluation", "outcome_only");
  if (evaluation != "outcome_only" && evaluation != "open_lines")
    fail_at(section, "/evaluation", "evaluation: outcome_only or open_lines");
  try {
    return std::make_shared<ref::TicTacToe>(start, evaluation == "open_lines"
                                                       ? ref::TicTacToeEvaluation::open_lines
                                                       : ref::TicTacToeEvaluation::outcome_only);
  } catch (const std::invalid_argument& error) {
    fail_at(section, "/start", error.what());
  }
}

std::shared_ptr<const ref::Game> read_connect_four(const SpecSection& section,
                                                   const std::string& name) {
  only_keys(section, fmt::format("the Connect Four domain '{}'", name),
            {"type", "rows", "cols", "connect", "start", "evaluation"});
  const nlohmann::json& value = section.value;
  ref::ConnectFourBoard board;
  for (const auto& [key, into] : {std::pair<const char*, int*>{"rows", &board.rows},
                                  {"cols", &board.cols},
                                  {"connect", &board.connect}}) {
    if (!value.contains(key)) continue;
    if (!value[key].is_number_integer())
      fail_at(section, std::string("/") + key, std::string(key) + ": a whole number");
    *into = value[key].get<int>();
  }
  const std::string evaluation = value.value("evaluation", "outcome_only");
  if (evaluation != "outcome_only" && evaluation != "open_windows")
    fail_at(section, "/evaluation", "evaluation: outcome_only or open_windows");
  try {
    return std::make_shared<ref::ConnectFour>(board, value.value("start", ""),
                                              evaluation == "open_windows"
                                                  ? ref::ConnectFourEvaluation::open_windows
                                                  : ref::ConnectFourEvaluation::outcome_only);
  } catch (const std::invalid_argument& error) {
    fail_at(section, value.contains("start") ? "/start" : "", error.what());
  }
}

std::shared_ptr<const ref::Game> read_pacman(const SpecSection& section, const std::string& name) {
  only_keys(section, fmt::format("the Pacman domain '{}'", name),
            {"type", "file", "layout", "ghosts"});
  const nlohmann::json& value = section.value;
  if (!value.contains("layout") || !value["layout"].is_string())
    fail_at(section, "/layout",
            "layout: the world in Berkeley's .lay form ('%' walls, '.' food, 'o' capsules, 'P' "
            "Pacman, 'G' ghosts), written in the spec or read from `file:`");
  int ghosts = -1;
  if (value.contains("ghosts")) {
    if (!value["ghosts"].is_number_integer() || value["ghosts"].get<int>() < 0)
      fail_at(section, "/ghosts", "ghosts: how many of the layout's ghosts play (0 or more)");
    ghosts = value["ghosts"].get<int>();
  }
  try {
    return std::make_shared<ref::PacmanGame>(
        ref::parse_pacman_layout(value["layout"].get<std::string>()), ghosts);
  } catch (const std::invalid_argument& error) {
    fail_at(section, value.contains("file") ? "/file" : "/layout",
            fmt::format("the Pacman domain '{}': {}", name, error.what()));
  }
}

}  // namespace

bool is_game_domain(const Assignment& assignment, const std::string& name) {
  const auto found = assignment.domains.find(name);
  if (found == assignment.domains.end()) return false;
  const std::string type = found->second.value.value("type", "");
  return type == "game_tree" || type == "tic_tac_toe" || type == "connect_four" ||
         type == "pacman" || rules_section_is_game(found->second);
}

GameDomain game_domain(const Assignment& assignment, const TestSpec& test) {
  const auto& name_value = test.input.contains("domain") ? test.input["domain"] : nlohmann::json();
  const std::string name = name_value.is_string() ? name_value.get<std::string>() : "";
  if (!is_game_domain(assignment, name)) {
    std::vector<std::string> games;
    for (const auto& [domain, section] : assignment.domains)
      if (is_game_domain(assignment, domain)) games.push_back(domain);
    throw SpecError(
        location_of(test, "/domain"),
        fmt::format(
            "domain: one of the spec's games (`type: game_tree`, `tic_tac_toe`, "
            "`connect_four`, `pacman`, or `rules` with `is: game` under `domains`); it has: {}",
            games.empty() ? std::string("none") : fmt::format("{}", fmt::join(games, ", "))));
  }
  const SpecSection& section = assignment.domains.at(name);
  GameDomain domain;
  domain.name = name;
  domain.type = section.value.value("type", "");
  if (domain.type == "rules") {
    domain.game = rules_game(section, name);
    return domain;
  }
  domain.game = domain.type == "game_tree"     ? read_game_tree(section, name)
                : domain.type == "tic_tac_toe" ? read_tic_tac_toe(section, name)
                : domain.type == "pacman"      ? read_pacman(section, name)
                                               : read_connect_four(section, name);
  return domain;
}

std::string GameDomain::agent_name(int agent) const {
  if (type == "pacman") return agent == 0 ? "Pacman" : fmt::format("ghost {}", agent);
  return fmt::format("agent {}", agent);
}

nlohmann::json GameDomain::table(const TestSpec& test, int max_levels,
                                 std::size_t max_states) const {
  const bool per_agent = !game->state_fixes_mover();
  nlohmann::json moves = nlohmann::json::object();
  nlohmann::json scores = nlohmann::json::object();
  nlohmann::json wins = nlohmann::json::array();
  nlohmann::json losses = nlohmann::json::array();
  const ref::State root = game->initial_state();
  std::set<ref::State> states{root};
  struct Entry {
    ref::State state;
    int agent;
    int level;
    int cycle;  // how many agents take turns on this path
  };
  // Where any agent may move in a state, the moves are listed per agent, and a search that
  // treats every opponent as one (agents 0 and 1 only) finds its states too.
  std::vector<int> cycles{game->agents()};
  if (per_agent && game->agents() > 2) cycles.push_back(2);
  std::set<std::tuple<ref::State, int, int>> expanded;  // (state, agent, cycle)
  std::deque<Entry> queue;
  for (const int cycle : cycles) queue.push_back({root, 0, 0, cycle});
  auto record = [&](const ref::State& state) {
    try {
      scores[state] = game->evaluate(state);
    } catch (const std::out_of_range&) {
      // An inner state of a tree without a value: never scored by a correct search.
    }
    const int outcome = game->outcome(state);
    if (outcome > 0) wins.push_back(state);
    if (outcome < 0) losses.push_back(state);
  };
  record(root);
  while (!queue.empty()) {
    const auto [state, agent, level, cycle] = queue.front();
    queue.pop_front();
    if (level >= max_levels) continue;  // scored, but its moves are beyond any search here
    if (!expanded.insert({state, agent, cycle}).second) continue;
    nlohmann::json listed = nlohmann::json::array();
    for (const ref::GameMove& move : game->moves(state, agent)) {
      nlohmann::json entry = {move.action, move.state};
      if (move.probability > 0) entry.push_back(move.probability);
      listed.push_back(std::move(entry));
      if (states.insert(move.state).second) {
        if (states.size() > max_states)
          throw SpecError(test.where,
                          fmt::format("the game '{}' has more than {} states within {} moves "
                                      "of its start: too many for a game-state table (a smaller "
                                      "board, a later start or a smaller depth)",
                                      name, max_states, max_levels));
        record(move.state);
      }
      queue.push_back({move.state, (agent + 1) % cycle, level + 1, cycle});
    }
    if (listed.empty()) continue;
    if (per_agent)
      moves[state][std::to_string(agent)] = std::move(listed);
    else
      moves[state] = std::move(listed);
  }
  return {{"agents", game->agents()}, {"root", root}, {"moves", moves},
          {"scores", scores},         {"wins", wins}, {"losses", losses},
          {"per_agent", per_agent}};
}

}  // namespace sg
