#include "domains/rules_world.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <mutex>
#include <stdexcept>

#include "checkers/python_value.h"
#include "domains/cache_folder.h"
#include "domains/domain_section.h"
#include "domains/reference_cache.h"
#include "reference/admissibility.h"
#include "spec/sha256.h"

namespace sg {

namespace {

std::mutex oracle_mutex;
std::shared_ptr<const RulesOracle> installed;

double number(const nlohmann::json& value, const char* what) {
  if (value.is_number()) return value.get<double>();
  throw std::invalid_argument(fmt::format("{} {} is not a number", what, python_repr(value)));
}

// The rules' answers kept on disk (CBOR), keyed by everything asked: a second grading run asks
// the rules nothing. A missing or unreadable file is asked again.
std::filesystem::path answers_file(const std::string& key) {
  return cache_folder("rules") / (sha256_hex(key) + ".cbor");
}

std::optional<nlohmann::json> saved_answers(const std::string& key) {
  std::ifstream in(answers_file(key), std::ios::binary);
  if (!in) return std::nullopt;
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  nlohmann::json value = nlohmann::json::from_cbor(bytes, true, false);
  if (value.is_discarded()) return std::nullopt;
  return value;
}

void save_answers(const std::string& key, const nlohmann::json& value) {
  std::error_code error;
  const std::filesystem::path file = answers_file(key);
  std::filesystem::create_directories(file.parent_path(), error);
  if (error) return;  // no cache: the rules are asked again next time
  const std::filesystem::path part =
      file.parent_path() / fmt::format("{}.{}.part", file.filename().string(), ::getpid());
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(value);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      std::filesystem::remove(part, error);
      return;
    }
  }
  std::filesystem::rename(part, file, error);
  if (error) std::filesystem::remove(part, error);
}

// What validation proves of a world before anything is searched in it: a goal can be reached,
// every action leads to a state and costs a positive amount, h is never negative and, where
// the spec claims it, never more than the cheapest cost to a goal.
void check_world(const RulesProblem& world, const RulesQuery& query, const std::string& what,
                 bool claims_admissible, const std::optional<RulesBoard>& board) {
  const auto fail = [&](const std::string& why) {
    throw SpecError(query.where, fmt::format("{} ({}): {}", what, query.file, why));
  };
  for (std::size_t i = 0; i < world.size(); ++i) {
    const ref::State& state = world.state(i);
    if (board && !rules_board_tiles(world.value_of(state), board->shape))
      fail(fmt::format(
          "the state {} is not a board of {} x {} tiles (`board:` says every state "
          "is a tuple of {} integers, read row by row)",
          state, board->shape.rows, board->shape.cols, board->shape.rows * board->shape.cols));
    for (const ref::Step& step : world.successors(state)) {
      if (step.state == "None")
        fail(fmt::format("result({}, {}) returned None", state, step.action));
      if (!(step.cost > 0) || !std::isfinite(step.cost))
        fail(fmt::format("action_cost({}, {}, {}) is {}: step costs must be positive", state,
                         step.action, step.state, step.cost));
    }
    if (world.h(state) < 0)
      fail(fmt::format("h({}) is {}: h is never negative", state, world.h(state)));
  }
  if (world.goals().empty() && !world.partial())
    fail(fmt::format("no goal can be reached from {} {} ({} states explored)",
                     query.start.is_null() ? "the initial state" : "the state",
                     world.initial_state(), world.size()));
  if (claims_admissible) {
    const ref::AdmissibilityCheck check = ref::check_admissible(world, world.size());
    if (check.first)
      fail(
          fmt::format("h is not admissible as the domain claims (admissible: true): h({}) = {} "
                      "but the cheapest path to a goal costs {}",
                      check.first->state, check.first->h, check.first->cheapest));
  }
}

}  // namespace

RulesOracle::~RulesOracle() = default;

void install_rules_oracle(std::shared_ptr<const RulesOracle> oracle) {
  const std::lock_guard lock(oracle_mutex);
  installed = std::move(oracle);
}

const RulesOracle& rules_oracle() {
  const std::lock_guard lock(oracle_mutex);
  if (!installed) throw std::logic_error("no rules oracle is installed (install_rules_oracle)");
  return *installed;
}

RulesProblem::RulesProblem(const nlohmann::json& explored) {
  if (!explored.is_object() || !explored.contains("states") || !explored.contains("values") ||
      !explored.contains("successors") || !explored.contains("goal"))
    throw std::invalid_argument("the explore value has no states, values, goals and successors");
  const auto& states = explored["states"];
  const auto& values = explored["values"];
  const auto& successors = explored["successors"];
  const auto& goal = explored["goal"];
  if (!states.is_array() || !values.is_array() || values.size() != states.size() ||
      !successors.is_array() || successors.size() != states.size() || !goal.is_array() ||
      goal.size() != states.size())
    throw std::invalid_argument("the explore value's lists differ in length");
  states_.reserve(states.size());
  value_texts_.reserve(states.size());
  index_.reserve(states.size());
  by_value_.reserve(states.size());
  for (std::size_t i = 0; i < states.size(); ++i) {
    states_.push_back(states[i].get<std::string>());
    value_texts_.push_back(values[i].dump());
    index_.emplace(states_.back(), i);
    by_value_.emplace(value_texts_.back(), i);
    goal_.push_back(goal[i].is_boolean() && goal[i].get<bool>());
    if (goal_.back()) goals_.push_back(states_.back());
  }
  successors_.resize(states_.size());
  for (std::size_t i = 0; i < states_.size(); ++i) {
    for (const auto& edge : successors[i]) {
      if (!edge.is_array() || edge.size() != 3 || !edge[1].is_number_unsigned() ||
          edge[1].get<std::size_t>() >= states_.size())
        throw std::invalid_argument("a successor is not [action, index, cost]");
      std::string name = action_text(edge[0]);
      actions_.emplace(name, edge[0]);
      successors_[i].push_back(
          {std::move(name), states_[edge[1].get<std::size_t>()], number(edge[2], "the cost")});
    }
  }
  cut_.assign(states_.size(), 0);
  if (explored.contains("cut")) {
    for (const auto& index : explored["cut"]) {
      if (!index.is_number_unsigned() || index.get<std::size_t>() >= states_.size())
        throw std::invalid_argument("a cut state is not a state's index");
      cut_[index.get<std::size_t>()] = 1;
      partial_ = true;
    }
  }
  if (explored.contains("h") && explored["h"].is_array()) {
    if (explored["h"].size() != states_.size())
      throw std::invalid_argument("the explore value's h list differs in length");
    for (const auto& h : explored["h"]) h_.push_back(number(h, "h"));
    consistent_h_ = true;
    for (std::size_t i = 0; i < states_.size() && consistent_h_; ++i) {
      if (goal_[i] && h_[i] != 0) consistent_h_ = false;
      for (const auto& edge : successors[i])
        if (h_[i] > number(edge[2], "the cost") + h_[edge[1].get<std::size_t>()] + 1e-9)
          consistent_h_ = false;
    }
  }
}

std::optional<std::size_t> RulesProblem::index_of(const ref::State& state) const {
  const auto found = index_.find(state);
  if (found == index_.end()) return std::nullopt;
  return found->second;
}

ref::State RulesProblem::initial_state() const { return states_.front(); }

std::vector<ref::Step> RulesProblem::successors(const ref::State& state) const {
  const auto index = index_of(state);
  return index ? successors_[*index] : std::vector<ref::Step>{};
}

bool RulesProblem::is_goal(const ref::State& state) const {
  const auto index = index_of(state);
  return index && goal_[*index];
}

double RulesProblem::h(const ref::State& state) const {
  const auto index = index_of(state);
  return index && !h_.empty() ? h_[*index] : 0.0;
}

bool RulesProblem::is_state(const ref::State& state) const { return index_.contains(state); }

bool RulesProblem::is_cut(const ref::State& state) const {
  const auto index = index_of(state);
  return index && cut_[*index];
}

nlohmann::json RulesProblem::value_of(const ref::State& state) const {
  const auto index = index_of(state);
  return index ? nlohmann::json::parse(value_texts_[*index]) : nlohmann::json();
}

std::optional<ref::State> RulesProblem::state_of(const nlohmann::json& value) const {
  const auto found = by_value_.find(value.dump());
  if (found == by_value_.end()) return std::nullopt;
  return states_[found->second];
}

nlohmann::json RulesProblem::action_value(const std::string& action) const {
  const auto found = actions_.find(action);
  return found == actions_.end() ? nlohmann::json(action) : found->second;
}

RulesGame::RulesGame(const nlohmann::json& explored) {
  for (const char* key : {"states", "mover", "terminal", "score", "moves"})
    if (!explored.is_object() || !explored.contains(key) || !explored[key].is_array())
      throw std::invalid_argument(
          fmt::format("the explore value has no {} (a game's: states, mover, terminal, score, "
                      "moves)",
                      key));
  const auto& states = explored["states"];
  const std::size_t count = states.size();
  if (count == 0 || explored["mover"].size() != count || explored["terminal"].size() != count ||
      explored["score"].size() != count || explored["moves"].size() != count)
    throw std::invalid_argument("the explore value's lists differ in length");
  states_.reserve(count);
  index_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    states_.push_back(states[i].get<std::string>());
    index_.emplace(states_.back(), i);
    const auto& mover = explored["mover"][i];
    if (!mover.is_number_integer() || mover.get<int>() < 0)
      throw std::invalid_argument("a mover is not an agent's index");
    mover_.push_back(mover.get<int>());
    agents_ = std::max(agents_, mover_.back() + 1);
    terminal_.push_back(explored["terminal"][i].is_boolean() &&
                        explored["terminal"][i].get<bool>());
    const auto& score = explored["score"][i];
    score_.push_back(score.is_null() ? std::nullopt
                                     : std::optional<double>(number(score, "the score")));
  }
  moves_.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t chances = 0;
    double total = 0;
    for (const auto& move : explored["moves"][i]) {
      if (!move.is_array() || move.size() < 2 || move.size() > 3 || !move[1].is_number_unsigned() ||
          move[1].get<std::size_t>() >= count)
        throw std::invalid_argument(
            "a move is not [action, index] or [action, index, probability]");
      double probability = 0.0;
      if (move.size() == 3) {  // a chance move: the rules' probability(state, move)
        probability = number(move[2], "a probability");
        if (!(probability > 0) || probability > 1)
          throw std::invalid_argument(
              fmt::format("probability({}, {}) is {}: a chance move's probability is above 0 "
                          "and at most 1",
                          states_[i], action_text(move[0]), probability));
        ++chances;
        total += probability;
      }
      moves_[i].push_back({action_text(move[0]), states_[move[1].get<std::size_t>()], probability});
      actions_.emplace(moves_[i].back().action, move[0]);
    }
    if (chances > 0 && (chances != moves_[i].size() || std::abs(total - 1) > 1e-9))
      throw std::invalid_argument(fmt::format(
          "at {} the moves' probabilities sum to {:g} over {} of its {} moves: probability(state, "
          "move) gives every move of a chance state a probability, and they sum to 1",
          states_[i], total, chances, moves_[i].size()));
  }
  cut_.assign(count, 0);
  if (explored.contains("cut")) {
    for (const auto& index : explored["cut"]) {
      if (!index.is_number_integer() || index.get<long long>() < 0 ||
          index.get<std::size_t>() >= count)
        throw std::invalid_argument("a cut state is not a state's index");
      cut_[index.get<std::size_t>()] = 1;
    }
  }
  if (explored.contains("values")) {
    if (!explored["values"].is_array() || explored["values"].size() != count)
      throw std::invalid_argument("the explore value's values differ in length from its states");
    values_.assign(explored["values"].begin(), explored["values"].end());
  }
}

bool RulesGame::is_cut(const ref::State& state) const {
  const auto index = index_of(state);
  return index && cut_[*index];
}

nlohmann::json RulesGame::action_value(const std::string& action) const {
  const auto found = actions_.find(action);
  return found == actions_.end() ? nlohmann::json() : found->second;
}

nlohmann::json RulesGame::value_of(const ref::State& state) const {
  const auto index = index_of(state);
  return index && !values_.empty() ? values_[*index] : nlohmann::json();
}

std::optional<std::size_t> RulesGame::index_of(const ref::State& state) const {
  const auto found = index_.find(state);
  if (found == index_.end()) return std::nullopt;
  return found->second;
}

std::vector<ref::GameMove> RulesGame::moves(const ref::State& state, int agent) const {
  const auto index = index_of(state);
  if (!index || mover_[*index] != agent) return {};
  return moves_[*index];
}

bool RulesGame::is_terminal(const ref::State& state) const {
  const auto index = index_of(state);
  return index && terminal_[*index];
}

double RulesGame::evaluate(const ref::State& state) const {
  const auto index = index_of(state);
  if (!index || !score_[*index]) throw std::out_of_range("the rules give no score for " + state);
  return *score_[*index];
}

namespace {

// The query a `type: rules` section asks (its keys checked at file:line:col), and whether it
// claims an admissible h.
// The explore value is one line of JSON: room for a few hundred bytes per state.
void room_for_states(RulesQuery& query) {
  query.limits.output_bytes = (64ull << 20) + query.max_states * 1024;
}

RulesQuery read_query(const SpecSection& section, const std::string& what, bool game,
                      bool& claims_admissible) {
  std::vector<std::string> keys = {"type", "file",       "source", "world",
                                   "args", "max_states", "limits", "is"};
  if (!game) keys.insert(keys.end(), {"admissible", "board"});
  if (game) keys.push_back("show");  // the rules' method that draws a position (game_function)
  only_keys(section, what, keys);
  const nlohmann::json& value = section.value;
  RulesQuery query;
  query.where = section.where;
  query.game = game;
  if (!value.contains("source") || !value["source"].is_string())
    fail_at(section, "",
            fmt::format("{} needs `file:` (its Python rules file, beside the spec)", what));
  query.source = value["source"].get<std::string>();
  query.file = value.value("file", std::string("rules.py"));
  if (query.file.size() < 4 || query.file.substr(query.file.size() - 3) != ".py")
    fail_at(section, "/file", "file: a Python file ending in .py");
  if (!value.contains("world") || !value["world"].is_string() ||
      value["world"].get<std::string>().empty())
    fail_at(section, "/world",
            game ? "world: the class in the rules file that builds the game (AIMA's Game: "
                   "initial, to_move, actions, result, is_terminal, utility, evaluate)"
                 : "world: the class in the rules file that builds the world (AIMA's Problem: "
                   "initial, actions, result, is_goal, action_cost, h)");
  query.world = value["world"].get<std::string>();
  if (value.contains("args")) {
    if (!value["args"].is_array())
      fail_at(section, "/args", "args: a list of the class's arguments");
    query.args = value["args"];
  }
  if (value.contains("max_states")) {
    if (!value["max_states"].is_number_integer() || value["max_states"].get<long long>() < 1)
      fail_at(section, "/max_states", "max_states: a whole number of states, at least 1");
    query.max_states = value["max_states"].get<std::size_t>();
  }
  claims_admissible = false;
  if (value.contains("admissible")) {
    if (!value["admissible"].is_boolean())
      fail_at(section, "/admissible",
              "admissible: true when the world's h never overestimates (validation checks it)");
    claims_admissible = value["admissible"].get<bool>();
  }
  query.limits.cpu_seconds = 60;
  query.limits.wall_seconds = 120;
  query.limits.memory_bytes = 2048ull << 20;
  if (value.contains("limits")) {
    const nlohmann::json& limits = value["limits"];
    if (!limits.is_object())
      fail_at(section, "/limits", "limits: {cpu_seconds: ..., wall_seconds: ..., memory_mib: ...}");
    for (const auto& [key, limit] : limits.items()) {
      if (!limit.is_number() || limit.get<double>() <= 0)
        fail_at(section, "/limits/" + key, fmt::format("limits.{}: a positive number", key));
      if (key == "cpu_seconds") {
        query.limits.cpu_seconds = limit.get<double>();
      } else if (key == "wall_seconds") {
        query.limits.wall_seconds = limit.get<double>();
      } else if (key == "memory_mib") {
        query.limits.memory_bytes = static_cast<std::uint64_t>(limit.get<double>()) << 20;
      } else {
        fail_at(section, "/limits/" + key,
                fmt::format("limits.{}: the rules' limits are cpu_seconds, wall_seconds and "
                            "memory_mib",
                            key));
      }
    }
  }
  room_for_states(query);
  return query;
}

// Everything asked, as the key of the answers on disk and in this process. v1: the explore
// value's shape (docs/driver-protocol.md); a new shape asks again.
std::string query_key(const RulesQuery& query) {
  std::string key = fmt::format("rules v1\n{}\n{}\n{}\n{}\n{}\n{}", sha256_hex(query.source),
                                query.file, query.world, query.args.dump(), query.max_states,
                                query.game ? "game" : "problem");
  if (!query.start.is_null()) key += "\nfrom " + query.start.dump();
  if (query.max_depth) key += fmt::format("\ndepth {}", *query.max_depth);
  if (!query.line.is_null()) key += "\nline " + query.line.dump();
  return key;
}

const RulesOracle& oracle_for(const RulesQuery& query, const std::string& what) {
  try {
    return rules_oracle();
  } catch (const std::logic_error&) {
    throw SpecError(query.where, fmt::format("{}: this program cannot run rules files (no rules "
                                             "oracle is installed)",
                                             what));
  }
}

// The world `T` built from the rules' answers (from disk, else asked) and checked by `check`
// before the answers are kept; once per process for each `memo_key`.
template <class T, class Check>
std::shared_ptr<const T> asked_world(const RulesQuery& query, const std::string& what,
                                     const std::string& memo_key, Check check) {
  const std::string key = query_key(query);
  const auto cached = detail::cached(memo_key, [&]() -> std::any {
    std::shared_ptr<const T> world;
    if (const std::optional<nlohmann::json> saved = saved_answers(key)) {
      try {
        world = std::make_shared<const T>(*saved);
      } catch (const std::invalid_argument&) {
        // Answers of another shape (a damaged cache): asked again below.
      }
    }
    nlohmann::json explored;
    const bool asked = !world;
    if (asked) {
      explored = oracle_for(query, what).explore(query);
      try {
        world = std::make_shared<const T>(explored);
      } catch (const std::invalid_argument& error) {
        throw SpecError(query.where, fmt::format("{}: the rules' answers: {}", what, error.what()));
      }
    }
    check(*world);
    if (asked) save_answers(key, explored);
    return world;
  });
  return std::any_cast<std::shared_ptr<const T>>(*cached);
}

}  // namespace

nlohmann::json rules_position(const nlohmann::json& written) {
  if (written.is_array()) {
    nlohmann::json items = nlohmann::json::array();
    for (const auto& item : written) items.push_back(rules_position(item));
    return {{"$tuple", std::move(items)}};
  }
  return written;
}

std::shared_ptr<const RulesGame> rules_game_at(const SpecSection& section, const std::string& name,
                                               const nlohmann::json& position, int max_depth,
                                               const SourceLocation& where) {
  const std::string what = fmt::format("the rules game '{}'", name);
  bool unused = false;
  RulesQuery query = read_query(section, what, true, unused);
  query.start = rules_position(position);
  query.max_depth = max_depth;
  query.where = where;
  return asked_world<RulesGame>(query, what, query_key(query), [&](const RulesGame& game) {
    if (game.agents() < 1)
      throw SpecError(where, fmt::format("{} ({}): no player moves at the position {}", what,
                                         query.file, python_repr(query.start)));
  });
}

std::shared_ptr<const RulesGame> rules_game_along(const SpecSection& section,
                                                  const std::string& name,
                                                  const nlohmann::json& line,
                                                  const SourceLocation& where) {
  const std::string what = fmt::format("the rules game '{}'", name);
  bool unused = false;
  RulesQuery query = read_query(section, what, true, unused);
  query.line = line;
  query.where = where;
  if (line.is_object() && line.contains("lines") && line["lines"].size() > 1) {
    query.max_states *= line["lines"].size();  // the bound holds each line, as asked one by one
    room_for_states(query);
  }
  // Games the rules' process plays (the mutants'): the same for every submission.
  const auto played_there = [](const nlohmann::json& one) {
    return one.is_object() && !one.contains("lines");
  };
  const bool same_for_all =
      played_there(line) ||
      (line.is_object() && line.contains("lines") && line["lines"].is_array() &&
       std::all_of(line["lines"].begin(), line["lines"].end(), played_there));
  if (same_for_all)
    return asked_world<RulesGame>(query, what, query_key(query), [](const RulesGame&) {});
  try {
    return std::make_shared<const RulesGame>(oracle_for(query, what).explore(query));
  } catch (const std::invalid_argument& error) {
    throw SpecError(where, fmt::format("{}: the rules' answers: {}", what, error.what()));
  }
}

nlohmann::json rules_file_value(const SpecSection& section) {
  return {{"file", section.value.value("file", "")},
          {"source", section.value.value("source", "")},
          {"world", section.value.value("world", "")},
          {"args", section.value.value("args", nlohmann::json::array())}};
}

nlohmann::json ask_rules(const SpecSection& section, const std::string& name,
                         const std::string& method, const nlohmann::json& args_list,
                         const SourceLocation& where) {
  const std::string what = fmt::format("the rules domain '{}'", name);
  bool unused = false;
  RulesQuery query = read_query(section, what, rules_section_is_game(section), unused);
  query.where = where;
  nlohmann::json asked = nlohmann::json::array();
  for (const auto& args : args_list) {
    nlohmann::json encoded = nlohmann::json::array();
    for (const auto& arg : args) encoded.push_back(rules_position(arg));
    asked.push_back(std::move(encoded));
  }
  const std::string key = fmt::format("{}\nask {}\n{}", query_key(query), method, asked.dump());
  const auto cached = detail::cached(key, [&]() -> std::any {
    if (std::optional<nlohmann::json> saved = saved_answers(key);
        saved && saved->is_array() && saved->size() == asked.size())
      return *saved;
    nlohmann::json answers = oracle_for(query, what).ask(query, method, asked);
    if (!answers.is_array() || answers.size() != asked.size())
      throw SpecError(where,
                      fmt::format("{}: the rules gave {} answers to {} calls of {}", what,
                                  answers.is_array() ? answers.size() : 0, asked.size(), method));
    save_answers(key, answers);
    return answers;
  });
  return std::any_cast<nlohmann::json>(*cached);
}

namespace {

// The problem world `query` asks (from its start, as deep as its max_depth), once per process
// and on disk, checked as check_world says before it is kept.
std::shared_ptr<const RulesProblem> asked_problem(const SpecSection& section,
                                                  const std::string& what, const RulesQuery& query,
                                                  bool claims_admissible) {
  const std::optional<RulesBoard> board = rules_board(section);
  return asked_world<RulesProblem>(
      query, what,
      query_key(query) + (claims_admissible ? "\nadmissible" : "") +
          (board ? fmt::format("\nboard {} x {}", board->shape.rows, board->shape.cols) : ""),
      [&](const RulesProblem& world) {
        // h* from a neighbourhood is not h*: admissibility is proved on the whole world.
        check_world(world, query, what, claims_admissible && !world.partial(), board);
      });
}

}  // namespace

bool rules_section_is_game(const SpecSection& section) {
  return section.value.value("type", "") == "rules" && section.value.contains("is") &&
         section.value["is"] == "game";
}

std::shared_ptr<const RulesProblem> rules_problem(const SpecSection& section,
                                                  const std::string& name) {
  const std::string what = fmt::format("the rules domain '{}'", name);
  if (section.value.contains("is") && section.value["is"] != "problem") {
    if (section.value["is"] == "game")
      fail_at(section, "/is",
              fmt::format("'{}' is a game (`is: game`): a game_search test's domain", name));
    if (section.value["is"] == "local")
      fail_at(section, "/is",
              fmt::format("'{}' is a local-search space (`is: local`): a local_search test's "
                          "space",
                          name));
    fail_at(section, "/is",
            "is: problem (default: AIMA's Problem), game (AIMA's Game) or local (neighbors and "
            "value, for local search)");
  }
  bool claims_admissible = false;
  const RulesQuery query = read_query(section, what, false, claims_admissible);
  return asked_problem(section, what, query, claims_admissible);
}

std::shared_ptr<const RulesProblem> rules_problem_at(const SpecSection& section,
                                                     const std::string& name,
                                                     const nlohmann::json& start,
                                                     std::optional<int> max_depth,
                                                     const SourceLocation& where) {
  const std::string what = fmt::format("the rules domain '{}'", name);
  bool claims_admissible = false;
  RulesQuery query = read_query(section, what, false, claims_admissible);
  query.start = rules_position(start);
  query.max_depth = max_depth;
  query.where = where;
  return asked_problem(section, what, query, claims_admissible);
}

std::optional<std::vector<int>> rules_board_tiles(const nlohmann::json& value,
                                                  std::optional<BoardShape> shape) {
  if (!value.is_object() || !value.contains("$tuple") || !value["$tuple"].is_array()) return {};
  const nlohmann::json& cells = value["$tuple"];
  if (shape && cells.size() != static_cast<std::size_t>(shape->rows * shape->cols)) return {};
  std::vector<int> tiles;
  for (const auto& cell : cells) {
    if (!cell.is_number_integer()) return {};
    tiles.push_back(cell.get<int>());
  }
  return tiles;
}

std::optional<RulesBoard> rules_board(const SpecSection& section) {
  if (!section.value.contains("board")) return std::nullopt;
  const nlohmann::json& value = section.value["board"];
  const char* const wanted =
      "board: {rows: 3, cols: 3, as: list} (every state a tuple of rows x cols integers, row by "
      "row, 0 the blank; `as: tuple` hands the student the rules' tuples)";
  if (!value.is_object()) fail_at(section, "/board", wanted);
  RulesBoard board;
  for (const auto& [key, item] : value.items()) {
    if (key == "rows" || key == "cols") {
      if (!item.is_number_integer() || item.get<long long>() < 1 || item.get<long long>() > 64)
        fail_at(section, "/board/" + key,
                fmt::format("board.{}: a whole number from 1 to 64", key));
      (key == "rows" ? board.shape.rows : board.shape.cols) = item.get<int>();
    } else if (key == "as") {
      if (item != "list" && item != "tuple")
        fail_at(section, "/board/as",
                "board.as: list (the student is handed each board as a list, as the built-in "
                "boards are) or tuple (as the rules' own tuples)");
      board.as_list = item == "list";
    } else {
      fail_at(section, "/board/" + key, wanted);
    }
  }
  if (!value.contains("rows") || !value.contains("cols")) fail_at(section, "/board", wanted);
  return board;
}

std::shared_ptr<const RulesGame> rules_game(const SpecSection& section, const std::string& name) {
  const std::string what = fmt::format("the rules game '{}'", name);
  bool unused = false;
  const RulesQuery query = read_query(section, what, true, unused);
  return asked_world<RulesGame>(query, what, query_key(query), [&](const RulesGame& game) {
    if (game.agents() < 1)
      throw SpecError(query.where, fmt::format("{} ({}): no player moves at its initial state",
                                               what, query.file));
  });
}

}  // namespace sg
