#include "kinds/local_search_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "checkers/anneal_checker.h"
#include "checkers/local_search_checker.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/rules_local_space.h"
#include "domains/rules_world.h"  // rules_position
#include "domains/sliding_tile_setup.h"
#include "reference/python_random.h"
#include "reference/simulated_annealing.h"
#include "reference/tile_local_space.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

enum class LocalRole { neighbours, value, choose_next, climb, restarts, anneal };

enum class LocalDraws { none, randint_per_column };

// One call of the function under test, read as the space's arguments.
struct LocalCall {
  std::string text;     // "succ([0, 1, 2], 0, 0)"
  nlohmann::json args;  // as the student's function receives them (a rules state as a tuple)
  SourceLocation where;
  ref::LocalState state;  // neighbours, value, choose_next, climb
  int n = 0, k = 0, static_x = 0, static_y = 0;
};

struct LocalPlan {
  const SpecSection* rules = nullptr;  // a rules-file space
  std::string domain;                  // its name in the spec's domains
  // A sliding_tile domain of the spec as a space; neither it nor rules: static_queens.
  std::shared_ptr<const ref::TileLocalSpace> tiles;
  NeighbourOrder order = NeighbourOrder::sorted;
  LocalRole role = LocalRole::value;
  std::string function;
  std::shared_ptr<const LineTemplate> line;
  ref::HillClimbOptions options;
  LocalDraws draws = LocalDraws::none;
  std::vector<LocalCall> calls;
  // climb, restarts: the student's helpers answered as the reference does on the states the
  // expected climbs reach, by role (neighbours, value, choose_next) -> the function's name.
  std::map<LocalRole, std::string> helpers;
  // anneal: the schedule, and the seed the grader gives Python's random before each call.
  ref::AnnealingSchedule schedule;
  std::optional<long long> seed;

  bool queens() const { return rules == nullptr && tiles == nullptr; }
  // The space a call is asked on: N-Queens with the call's board size and static square, the
  // rules file's, or the board's.
  std::shared_ptr<const ref::LocalSpace> space(const LocalCall& call) const {
    if (rules != nullptr) return std::make_shared<RulesLocalSpace>(*rules, domain, call.where);
    if (tiles != nullptr) return tiles;
    return std::make_shared<ref::StaticQueens>(call.n, call.static_x, call.static_y);
  }
  // A state as the student's function receives it: a rules state as the rules' tuple, others
  // as a list.
  nlohmann::json encode(const ref::LocalState& state) const {
    return rules != nullptr ? rules_position(nlohmann::json(state)) : nlohmann::json(state);
  }
};

const char* const kLocalRoles = "neighbours, value, choose_next, climb, restarts or anneal";

LocalRole read_local_role(const TestSpec& test) {
  const std::string role = test.input.value("role", std::string());
  if (role == "neighbours") return LocalRole::neighbours;
  if (role == "value") return LocalRole::value;
  if (role == "choose_next") return LocalRole::choose_next;
  if (role == "climb") return LocalRole::climb;
  if (role == "restarts") return LocalRole::restarts;
  if (role == "anneal") return LocalRole::anneal;
  throw SpecError(test.input.contains("role") ? location_of(test, "/role") : test.where,
                  fmt::format("a local_search test needs `role:` {}", kLocalRoles));
}

int local_whole_number(const nlohmann::json& value, const SourceLocation& where, const char* what) {
  if (!value.is_number_integer()) throw SpecError(where, fmt::format("{}: a whole number", what));
  return value.get<int>();
}

ref::HillClimbOptions read_climb_policy(const TestSpec& test) {
  ref::HillClimbOptions options;
  if (!test.input.contains("policy")) return options;
  const nlohmann::json& policy = test.input["policy"];
  if (!policy.is_object())
    throw SpecError(location_of(test, "/policy"),
                    "policy: {objective, current_competes, tie, stop, sideways, target}");
  for (const auto& [key, value] : policy.items()) {
    const SourceLocation where = location_of(test, "/policy/" + key);
    const auto one_of = [&](const char* a, const char* b) {
      if (value == a) return true;
      if (value == b) return false;
      throw SpecError(where, fmt::format("policy.{}: {} or {}", key, a, b));
    };
    if (key == "objective") {
      options.objective =
          one_of("minimise", "maximise") ? ref::Objective::minimise : ref::Objective::maximise;
    } else if (key == "current_competes") {
      if (!value.is_boolean()) throw SpecError(where, "policy.current_competes: true or false");
      options.current_competes = value.get<bool>();
    } else if (key == "tie") {
      options.tie = one_of("lowest_state", "first_generated") ? ref::ClimbTie::lowest_state
                                                              : ref::ClimbTie::first_generated;
    } else if (key == "stop") {
      options.stop = one_of("equal_values", "no_better") ? ref::ClimbStop::equal_values
                                                         : ref::ClimbStop::no_better;
    } else if (key == "sideways") {
      if (!value.is_number_integer() || value.get<long long>() < 0)
        throw SpecError(where, "policy.sideways: how many sideways moves in a row, 0 or more");
      options.sideways = value.get<std::size_t>();
    } else if (key == "target") {
      if (value.is_null())
        options.target.reset();
      else if (value.is_number())
        options.target = value.get<double>();
      else
        throw SpecError(where, "policy.target: a value, or null for none");
    } else {
      throw SpecError(where, fmt::format("policy.{}: the keys are objective, current_competes, "
                                         "tie, stop, sideways and target",
                                         key));
    }
  }
  return options;
}

// anneal's `schedule:` {kind: exponential, k, lambda, limit} (AIMA's exp_schedule, its defaults
// k 20, lambda 0.005, limit 100) or {kind: geometric, initial, alpha, minimum}.
ref::AnnealingSchedule read_schedule(const TestSpec& test) {
  ref::AnnealingSchedule schedule;
  if (!test.input.contains("schedule")) return schedule;
  const nlohmann::json& given = test.input["schedule"];
  const char* const shape =
      "schedule: {kind: exponential, k, lambda, limit} (T = k * exp(-lambda * t) while t < "
      "limit) or {kind: geometric, initial, alpha, minimum} (T = initial * alpha^t while at "
      "least minimum)";
  if (!given.is_object()) throw SpecError(location_of(test, "/schedule"), shape);
  const std::string kind = given.value("kind", std::string("exponential"));
  if (kind != "exponential" && kind != "geometric")
    throw SpecError(location_of(test, "/schedule"), shape);
  if (kind == "geometric") schedule.kind = ref::AnnealingSchedule::Kind::geometric;
  for (const auto& [key, value] : given.items()) {
    const SourceLocation where = location_of(test, "/schedule/" + key);
    if (key == "kind") continue;
    const bool known = kind == "exponential"
                           ? key == "k" || key == "lambda" || key == "limit"
                           : key == "initial" || key == "alpha" || key == "minimum";
    if (!known) throw SpecError(where, shape);
    if (!value.is_number() || value.get<double>() <= 0 ||
        (key == "limit" && (!value.is_number_integer() || value.get<long long>() > 100000)) ||
        (key == "alpha" && value.get<double>() >= 1))
      throw SpecError(where, fmt::format("schedule.{}: a positive number{}", key,
                                         key == "limit"   ? ", whole, at most 100000"
                                         : key == "alpha" ? " below 1"
                                                          : ""));
    const double number = value.get<double>();
    if (key == "k") schedule.k = number;
    if (key == "lambda") schedule.lambda = number;
    if (key == "limit") schedule.limit = value.get<std::size_t>();
    if (key == "initial") schedule.initial = number;
    if (key == "alpha") schedule.alpha = number;
    if (key == "minimum") schedule.minimum = number;
  }
  if (schedule_steps(schedule, 100001) > 100000)
    throw SpecError(location_of(test, "/schedule"), "schedule: at most 100000 time steps");
  return schedule;
}

// A call on a rules-file or sliding-tile space: [state], the state a sequence of integers.
// Restarts take the handout's own arguments (e.g. [k]), passed as they are: their results are
// judged by what holds for every run, whatever the draws.
void read_state_call(const LocalPlan& plan, LocalCall& call) {
  if (plan.role == LocalRole::restarts) {
    if (!call.args.is_array())
      throw SpecError(call.where, "a call is written as the list of its arguments, e.g. [10]");
    std::vector<std::string> texts;
    for (const auto& arg : call.args) texts.push_back(python_repr(arg));
    call.text = fmt::format("{}({})", call.text, fmt::join(texts, ", "));
    return;
  }
  const auto state =
      call.args.is_array() && call.args.size() == 1 ? as_int_list(call.args[0]) : std::nullopt;
  if (!state)
    throw SpecError(call.where, plan.rules != nullptr
                                    ? "a call on a rules-file space is written [state], the "
                                      "state a list of whole numbers (the rules' tuple)"
                                    : "a call on a sliding-tile space is written [state], the "
                                      "board a list of whole numbers (row by row, 0 the blank)");
  call.state = *state;
  call.args = nlohmann::json::array({plan.encode(call.state)});
  call.text = fmt::format("{}({})", call.text, python_repr(call.args[0]));
}

// The call's arguments as the space reads them; throws SpecError naming the call.
void read_local_call(LocalRole role, LocalCall& call) {
  const nlohmann::json& args = call.args;
  const std::size_t wanted = role == LocalRole::value ? 1 : role == LocalRole::restarts ? 4 : 3;
  const char* shape = role == LocalRole::value      ? "[state]"
                      : role == LocalRole::restarts ? "[n, k, static_x, static_y]"
                                                    : "[state, static_x, static_y]";
  if (!args.is_array() || args.size() != wanted)
    throw SpecError(call.where, fmt::format("a call of this role is written {}", shape));
  if (role == LocalRole::restarts) {
    call.n = local_whole_number(args[0], call.where, "n");
    call.k = local_whole_number(args[1], call.where, "k");
    call.static_x = local_whole_number(args[2], call.where, "static_x");
    call.static_y = local_whole_number(args[3], call.where, "static_y");
    if (call.n < 1 || call.n > 32 || call.k < 1)
      throw SpecError(call.where, "n_queens_restart: n from 1 to 32 and k at least 1");
  } else {
    const auto state = as_int_list(args[0]);
    if (!state || state->empty())
      throw SpecError(call.where, "the state: a list of whole numbers, one per column");
    call.state = *state;
    call.n = static_cast<int>(state->size());
    if (role == LocalRole::value) {
      call.static_y = std::clamp(call.state[0], 0, call.n - 1);  // f reads no static square
    } else {
      call.static_x = local_whole_number(args[1], call.where, "static_x");
      call.static_y = local_whole_number(args[2], call.where, "static_y");
    }
  }
  if (call.static_x < 0 || call.static_x >= call.n || call.static_y < 0 || call.static_y >= call.n)
    throw SpecError(call.where, fmt::format("the static square ({}, {}) is off the {} x {} board",
                                            call.static_x, call.static_y, call.n, call.n));
  std::vector<std::string> texts;
  for (const auto& arg : args) texts.push_back(python_repr(arg));
  call.text = fmt::format("{}({})", call.text, fmt::join(texts, ", "));
}

LocalPlan make_local_plan(const Assignment& assignment, const TestSpec& test) {
  LocalPlan plan;
  const std::string space = test.input.value("space", std::string());
  if (const auto board = assignment.boards.find(space); board != assignment.boards.end()) {
    plan.tiles = std::make_shared<const ref::TileLocalSpace>(
        board_for_test(board->second, assignment.state_notation, test, false),
        board_heuristic(board->second), board_action_order(board->second));
    plan.domain = space;
  } else if (space != "static_queens") {
    const auto found = assignment.domains.find(space);
    if (found == assignment.domains.end() || !rules_section_is_local(found->second))
      throw SpecError(test.input.contains("space") ? location_of(test, "/space") : test.where,
                      "space: static_queens (N-Queens with a queen always on a static square; a "
                      "state is the row of each column's queen), or one of the spec's `domains` "
                      "of `type: sliding_tile` (its heuristic the value) or given as a rules "
                      "file with `is: local` (neighbors and value)");
    plan.rules = &found->second;
    plan.domain = space;
  }
  if (test.input.contains("goal") && plan.tiles == nullptr)
    throw SpecError(location_of(test, "/goal"), "goal: for a space of `type: sliding_tile`");
  if (test.input.contains("order")) {
    const nlohmann::json& order = test.input["order"];
    if (order == "sorted")
      plan.order = NeighbourOrder::sorted;
    else if (order == "space")
      plan.order = NeighbourOrder::space;
    else
      throw SpecError(location_of(test, "/order"),
                      "order: sorted (as Python's sorted() lists the neighbours) or space (the "
                      "space's own order: the blank's moves as the board's action_order lists "
                      "them, the rules' list)");
  }
  plan.role = read_local_role(test);
  plan.function = test.input.value("function", std::string());
  if (plan.function.empty())
    throw SpecError(test.input.contains("function") ? location_of(test, "/function") : test.where,
                    "function: the name of the student's function (e.g. succ)");
  const std::string line = test.input.value("line", std::string("{state} - f={value}"));
  try {
    plan.line =
        std::make_shared<const LineTemplate>(line, std::vector<std::string>{"state", "value"});
  } catch (const std::invalid_argument& error) {
    throw SpecError(location_of(test, "/line"), fmt::format("line: {}", error.what()));
  }
  if (!plan.line->has("state") || !plan.line->has("value"))
    throw SpecError(location_of(test, "/line"), "line: a template with {state} and {value}");
  plan.options = read_climb_policy(test);
  if (test.input.contains("draws")) {
    if (test.input["draws"] != "randint_per_column" || plan.role != LocalRole::restarts)
      throw SpecError(location_of(test, "/draws"), "draws: randint_per_column, for role: restarts");
    if (!plan.queens())
      throw SpecError(location_of(test, "/draws"), "draws: for space: static_queens");
    plan.draws = LocalDraws::randint_per_column;
  }
  if (test.input.contains("schedule") || test.input.contains("seed")) {
    const std::string key = test.input.contains("schedule") ? "schedule" : "seed";
    if (plan.role != LocalRole::anneal)
      throw SpecError(location_of(test, "/" + key), key + ": for role: anneal");
  }
  if (plan.role == LocalRole::anneal) {
    plan.schedule = read_schedule(test);
    if (test.input.contains("seed")) {
      if (!test.input["seed"].is_number_integer())
        throw SpecError(location_of(test, "/seed"),
                        "seed: a whole number, given to random.seed before each call");
      plan.seed = test.input["seed"].get<long long>();
    }
  }
  if (test.input.contains("helpers")) {
    const nlohmann::json& helpers = test.input["helpers"];
    const SourceLocation where = location_of(test, "/helpers");
    if (plan.role != LocalRole::climb && plan.role != LocalRole::restarts)
      throw SpecError(where, "helpers: for role: climb or restarts");
    if (!helpers.is_object())
      throw SpecError(where,
                      "helpers: {neighbours: NAME, value: NAME, choose_next: NAME}, the "
                      "student's functions the climb calls");
    for (const auto& [role, name] : helpers.items()) {
      const SourceLocation at = location_of(test, "/helpers/" + role);
      if (!name.is_string() || name.get<std::string>().empty())
        throw SpecError(at, "a helper: the name of the student's function");
      if (role == "neighbours")
        plan.helpers[LocalRole::neighbours] = name.get<std::string>();
      else if (role == "value")
        plan.helpers[LocalRole::value] = name.get<std::string>();
      else if (role == "choose_next")
        plan.helpers[LocalRole::choose_next] = name.get<std::string>();
      else
        throw SpecError(at, fmt::format("helpers.{}: the helpers are neighbours, value and "
                                        "choose_next",
                                        role));
    }
    if (plan.role == LocalRole::restarts && plan.draws == LocalDraws::none)
      throw SpecError(where, "helpers for restarts need `draws:` (the states their climbs reach)");
  }
  const nlohmann::json calls = test.input.value("calls", nlohmann::json());
  if (!calls.is_array() || calls.empty())
    throw SpecError(test.where,
                    "a local_search test needs `calls:` (each call's arguments, as a list)");
  for (std::size_t i = 0; i < calls.size(); ++i) {
    LocalCall call;
    call.args = calls[i];
    call.where = location_of(test, fmt::format("/calls/{}", i));
    call.text = plan.function;
    if (plan.queens())
      read_local_call(plan.role, call);
    else
      read_state_call(plan, call);
    if (plan.role == LocalRole::climb || plan.role == LocalRole::anneal) {
      if (const std::string why = plan.space(call)->why_not_state(call.state); !why.empty())
        throw SpecError(call.where,
                        fmt::format("a {} starts from a state: {}",
                                    plan.role == LocalRole::climb ? "climb" : "run", why));
    }
    plan.calls.push_back(std::move(call));
  }
  return plan;
}

// How many driver steps a call takes: restarts are called twice (the seed honoured); a seeded
// anneal is the seed, then the call.
std::size_t local_steps_per_call(const LocalPlan& plan) {
  return plan.role == LocalRole::restarts || (plan.role == LocalRole::anneal && plan.seed) ? 2 : 1;
}

// The index among a call's steps of the one whose value and output are the answer.
std::size_t answer_step(const LocalPlan& plan) {
  return plan.role == LocalRole::anneal && plan.seed ? 1 : 0;
}

// The restarts' climbs with the handout's draws, up to the first that ends at the target.
std::vector<ref::HillClimbRun> drawn_climbs(const LocalPlan& plan, const LocalCall& call) {
  const ref::StaticQueens queens(call.n, call.static_x, call.static_y);
  ref::PythonRandom random(1);
  return ref::random_restarts(
      queens, [&](ref::PythonRandom& draws) { return queens.random_state(draws); }, plan.options,
      static_cast<std::size_t>(call.k), random);
}

// The restarts' results with the handout's draws: the best states the climbs end at, sorted.
std::vector<ref::LocalState> drawn_restart_results(const LocalPlan& plan, const LocalCall& call) {
  const std::vector<ref::HillClimbRun> climbs = drawn_climbs(plan, call);
  const auto is_better = [&](double a, double b) {
    return plan.options.objective == ref::Objective::minimise ? a < b : a > b;
  };
  double best = climbs.front().values.back();
  for (const auto& climb : climbs)
    if (is_better(climb.values.back(), best)) best = climb.values.back();
  std::vector<ref::LocalState> results;
  for (const auto& climb : climbs)
    if (climb.values.back() == best) results.push_back(climb.path.back());
  std::sort(results.begin(), results.end());
  results.erase(std::unique(results.begin(), results.end()), results.end());
  return results;
}

// The states a call's expected climbs reach: the climb from its start, or the restarts' climbs
// with the handout's draws.
std::vector<ref::LocalState> reached_states(const LocalPlan& plan, const LocalCall& call,
                                            const ref::LocalSpace& space) {
  std::vector<ref::LocalState> reached;
  if (plan.role == LocalRole::climb) {
    reached = ref::hill_climb(space, call.state, plan.options).path;
  } else {
    for (const ref::HillClimbRun& climb : drawn_climbs(plan, call))
      reached.insert(reached.end(), climb.path.begin(), climb.path.end());
  }
  return reached;
}

// A helper's arguments for a state, as the space's calls write them (a rules state a tuple).
nlohmann::json helper_args(const LocalPlan& plan, LocalRole helper, const LocalCall& call,
                           const ref::LocalState& state) {
  if (!plan.queens()) return nlohmann::json::array({plan.encode(state)});
  if (helper == LocalRole::value) return nlohmann::json::array({state});
  return nlohmann::json::array({state, call.static_x, call.static_y});
}

// A value as the student's own function returns it: a whole number as a Python int (f=8, not
// f=8.0, where the student prints what the helper answered).
nlohmann::json value_json(double value) {
  if (std::floor(value) == value && std::abs(value) < 1e15) return static_cast<long long>(value);
  return value;
}

// The driver steps that answer the helpers from the reference on every state the test's
// expected climbs reach (and, for the value, their neighbours).
nlohmann::json helper_patches(const LocalPlan& plan) {
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& [helper, name] : plan.helpers) {
    nlohmann::json table = nlohmann::json::array();
    std::set<std::string> seen;
    const auto add = [&](const nlohmann::json& args, const nlohmann::json& answer) {
      if (seen.insert(args.dump()).second) table.push_back({args, answer});
    };
    for (const LocalCall& call : plan.calls) {
      const auto space_of_call = plan.space(call);
      const ref::LocalSpace& space = *space_of_call;
      const auto encode = [&](const ref::LocalState& state) { return plan.encode(state); };
      for (const ref::LocalState& state : reached_states(plan, call, space)) {
        const std::vector<ref::LocalState> near = space.neighbours(state);
        if (helper == LocalRole::neighbours) {
          nlohmann::json listed = nlohmann::json::array();
          for (const auto& next : near) listed.push_back(encode(next));
          add(helper_args(plan, helper, call, state), listed);
        } else if (helper == LocalRole::choose_next) {
          const auto next = ref::choose_next(space, state, plan.options);
          add(helper_args(plan, helper, call, state), next ? encode(*next) : nlohmann::json());
        } else {
          add(helper_args(plan, helper, call, state), value_json(space.value(state)));
          for (const auto& next : near)
            add(helper_args(plan, helper, call, next), value_json(space.value(next)));
        }
      }
    }
    steps.push_back({{"op", "patch"}, {"function", name}, {"table", std::move(table)}});
  }
  return steps;
}

std::string local_states_text(const ref::LocalSpace& space,
                              const std::vector<ref::LocalState>& states) {
  std::vector<std::string> texts;
  for (const auto& state : states) texts.push_back(space.text(state));
  return fmt::format("[{}]", fmt::join(texts, ", "));
}

std::string local_expected_line(const LocalPlan& plan, const LocalCall& call) {
  const auto space_of_call = plan.space(call);
  const ref::LocalSpace& space = *space_of_call;
  const LineTemplate& line = *plan.line;
  switch (plan.role) {
    case LocalRole::neighbours: {
      std::vector<ref::LocalState> listed = space.neighbours(call.state);
      if (plan.order == NeighbourOrder::sorted) std::sort(listed.begin(), listed.end());
      return fmt::format("{} -> {}", call.text, local_states_text(space, listed));
    }
    case LocalRole::value:
      return fmt::format("{} -> {}", call.text, number_text(space.value(call.state)));
    case LocalRole::choose_next: {
      const auto next = space.is_state(call.state)
                            ? ref::choose_next(space, call.state, plan.options)
                            : std::nullopt;
      return fmt::format("{} -> {}", call.text, next ? space.text(*next) : "None");
    }
    case LocalRole::climb: {
      const ref::HillClimbRun run = ref::hill_climb(space, call.state, plan.options);
      std::vector<std::string> lines;
      for (std::size_t i = 0; i < run.path.size(); ++i)
        lines.push_back("  " + local_line_text(line, space, run.path[i], run.values[i]));
      return fmt::format("{} prints\n{}\nand returns {}", call.text, fmt::join(lines, "\n"),
                         space.text(run.path.back()));
    }
    case LocalRole::anneal: {
      const std::size_t steps = schedule_steps(plan.schedule);
      if (!plan.seed)
        return fmt::format(
            "{} prints a state per time step while T > 0 (t = 0 to {}), the start first or not, "
            "each the start or a neighbour of the state before (a move taken) or that state again "
            "(a move rejected), with its value; it returns the last",
            call.text, steps == 0 ? 0 : steps - 1);
      ref::PythonRandom random(*plan.seed);
      const ref::AnnealRun run = ref::simulated_annealing(space, call.state, plan.schedule,
                                                          plan.options.objective, random);
      std::vector<std::string> lines;
      for (std::size_t i = 0; i < run.path.size(); ++i)
        lines.push_back("  " + local_line_text(line, space, run.path[i], run.values[i]));
      return fmt::format("random.seed({}); {} prints (the start first or not)\n{}\nand returns {}",
                         *plan.seed, call.text,
                         elide(fmt::format("{}", fmt::join(lines, "\n")), 40),
                         space.text(run.path.back()));
    }
    case LocalRole::restarts: {
      if (plan.draws != LocalDraws::randint_per_column) return call.text;
      std::vector<std::string> lines;
      for (const auto& state : drawn_restart_results(plan, call))
        lines.push_back("  " + local_line_text(line, space, state, space.value(state)));
      return fmt::format("{}, with the handout's draws:\n{}", call.text, fmt::join(lines, "\n"));
    }
  }
  return "";
}

// The aspects of one test, each keeping its first failure.
struct LocalAspects {
  std::vector<AspectOutcome> aspects;

  explicit LocalAspects(const std::vector<std::string>& names) {
    for (const auto& name : names) aspects.push_back({name, "", true, ""});
  }
  void take(const std::string& name, const FunctionCallCheck& check,
            std::vector<std::string>* notes = nullptr) {
    if (notes != nullptr)
      for (const auto& note : check.notes)
        if (std::find(notes->begin(), notes->end(), note) == notes->end()) notes->push_back(note);
    for (auto& aspect : aspects)
      if (aspect.aspect == name && aspect.passed && !check.passed) {
        aspect.passed = false;
        aspect.feedback = check.feedback;
      }
  }
};

// An annealing run with a classic slip in its acceptance, drawing as a student who makes it
// would: a worse move never taken (no uniform drawn), or every move taken.
enum class AnnealSlip { never_worse, every_move };

std::vector<ref::LocalState> slipped_anneal(const ref::LocalSpace& space, const LocalPlan& plan,
                                            const ref::LocalState& start, AnnealSlip slip) {
  ref::PythonRandom random(plan.seed.value_or(0));
  std::vector<ref::LocalState> path{start};
  for (std::size_t t = 0; plan.schedule.temperature(t) != 0.0; ++t) {
    const std::vector<ref::LocalState> near = space.neighbours(path.back());
    if (near.empty()) break;
    const ref::LocalState proposed = random.choice(near);
    const double change = space.value(proposed) - space.value(path.back());
    const bool better =
        plan.options.objective == ref::Objective::minimise ? change < 0 : change > 0;
    path.push_back(better || slip == AnnealSlip::every_move ? proposed : path.back());
  }
  return path;
}

std::vector<std::string> local_role_aspects(LocalRole role) {
  switch (role) {
    case LocalRole::neighbours:
      return {"value", "order"};
    case LocalRole::climb:
      return {"path", "returned"};
    case LocalRole::restarts:
      return {"result", "seeded"};
    case LocalRole::anneal:
      return {"path", "returned", "drawn"};
    default:
      return {"value"};
  }
}

// What one call's answer (its steps' return values and output) earns.
struct LocalAnswer {
  nlohmann::json returned;
  std::string output;         // what the (first) call printed
  std::string second_output;  // restarts: what the second call printed
};

// A classic slip named: the answer is right for the static square read as (y, x).
std::string swapped_static_hint(const LocalCall& call) {
  return fmt::format(
      ". It is the answer for the static square ({}, {}): static_x and static_y "
      "swapped?",
      call.static_y, call.static_x);
}

void judge_local_call(const LocalPlan& plan, const LocalCall& call, const LocalAnswer& answer,
                      LocalAspects& aspects, std::vector<std::string>* notes) {
  const auto space_of_call = plan.space(call);
  const ref::LocalSpace& space = *space_of_call;
  switch (plan.role) {
    case LocalRole::neighbours: {
      NeighboursCheck check =
          check_neighbours(space, call.state, answer.returned, call.text, plan.order);
      if (!check.value.passed && plan.queens() && call.static_x != call.static_y) {
        const ref::StaticQueens swapped(call.n, call.static_y, call.static_x);
        if (check_neighbours(swapped, call.state, answer.returned, call.text).value.passed)
          check.value.feedback += swapped_static_hint(call);
      }
      aspects.take("value", check.value, notes);
      aspects.take("order", check.order, notes);
      return;
    }
    case LocalRole::value: {
      FunctionCallCheck check;
      const double expected = space.value(call.state);
      check.passed = answer.returned.is_number() && !answer.returned.is_boolean() &&
                     answer.returned.get<double>() == expected;
      if (!check.passed)
        check.feedback = fmt::format("`{}` returned {}; expected {}", call.text,
                                     python_repr(answer.returned), number_text(expected));
      aspects.take("value", check, notes);
      return;
    }
    case LocalRole::choose_next: {
      const std::string why_not = space.why_not_state(call.state);
      const auto next =
          why_not.empty() ? ref::choose_next(space, call.state, plan.options) : std::nullopt;
      const std::string why =
          !why_not.empty() ? why_not
                           : fmt::format(
                                 "the lowest f among the successors and the state itself, a tie "
                                 "going to the lowest state (f={})",
                                 number_text(space.value(*next)));
      FunctionCallCheck check = check_returned_state(space, next, answer.returned, call.text, why);
      if (!check.passed && plan.queens() && call.static_x != call.static_y) {
        const ref::StaticQueens swapped(call.n, call.static_y, call.static_x);
        const auto swapped_next = swapped.is_state(call.state)
                                      ? ref::choose_next(swapped, call.state, plan.options)
                                      : std::nullopt;
        if (check_returned_state(swapped, swapped_next, answer.returned, call.text, why).passed)
          check.feedback += swapped_static_hint(call);
      }
      aspects.take("value", check, notes);
      return;
    }
    case LocalRole::climb: {
      const ClimbCheck check = check_climb(space, plan.options, call.state,
                                           read_printed_states(answer.output, *plan.line),
                                           answer.returned, *plan.line, call.text);
      aspects.take("path", check.path, notes);
      aspects.take("returned", check.returned, notes);
      return;
    }
    case LocalRole::anneal: {
      const AnnealCheck check = check_anneal(
          space, plan.schedule, plan.options.objective, call.state, plan.seed,
          read_printed_states(answer.output, *plan.line), answer.returned, *plan.line, call.text);
      aspects.take("path", check.path, notes);
      aspects.take("returned", check.returned, notes);
      aspects.take("drawn", check.drawn, notes);
      return;
    }
    case LocalRole::restarts: {
      const auto printed = read_printed_states(answer.output, *plan.line);
      aspects.take("result",
                   check_restart_results(space, plan.options, printed, *plan.line, call.text),
                   notes);
      FunctionCallCheck seeded;
      seeded.passed = answer.output == answer.second_output;
      if (!seeded.passed)
        seeded.feedback = fmt::format(
            "`{}` printed something else when called a second time (set the seed inside the "
            "function, with random.seed(1)):\nfirst call:\n{}\nsecond call:\n{}",
            call.text, elide(answer.output, 10), elide(answer.second_output, 10));
      aspects.take("seeded", seeded, notes);
      if (plan.draws == LocalDraws::randint_per_column && notes != nullptr) {
        std::vector<ref::LocalState> shown;
        for (const auto& entry : printed) shown.push_back(entry.state);
        std::sort(shown.begin(), shown.end());
        shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
        const auto drawn = drawn_restart_results(plan, call);
        if (shown != drawn)
          notes->push_back(fmt::format(
              "{}: the handout's draws end at {}; this run printed {} (not graded: the handout "
              "allows other draws)",
              call.text, local_states_text(space, drawn), local_states_text(space, shown)));
      }
      return;
    }
  }
}

// A restart loop that raises when its very first climb already solves (it keeps the solution in
// the best-so-far list's first place, `best[0] = result`, while that list is still empty) and
// answers as the handout's draws do everywhere else: only a call whose first climb solves
// catches it.
MutantOutcome restarts_crashing_on_a_first_solution(const LocalPlan& plan) {
  MutantOutcome mutant{"restarts_crash_on_first_solution",
                       "raises IndexError when the first climb already solves (the solution "
                       "written into the still empty list of the best states)",
                       {}};
  mutant.outcome.verdict = Verdict::accepted;
  LocalAspects aspects(local_role_aspects(plan.role));
  for (const LocalCall& call : plan.calls) {
    const auto space = plan.space(call);
    const std::vector<ref::HillClimbRun> climbs = drawn_climbs(plan, call);
    const bool first_solves = climbs.size() == 1 && plan.options.target &&
                              climbs.front().values.back() == *plan.options.target;
    if (first_solves) {
      const FunctionCallCheck raised{
          false,
          fmt::format("`{}` raised IndexError: list assignment index out of range", call.text),
          {}};
      aspects.take("result", raised);
      aspects.take("seeded", raised);
      mutant.outcome.verdict = Verdict::runtime_error;
      continue;
    }
    std::string output;
    for (const auto& state : drawn_restart_results(plan, call))
      output += local_line_text(*plan.line, *space, state, space->value(state)) + "\n";
    judge_local_call(plan, call, LocalAnswer{nullptr, output, output}, aspects, nullptr);
  }
  mutant.outcome.aspects = aspects.aspects;
  return mutant;
}

}  // namespace

std::vector<std::string> LocalSearchKind::judged_aspects(const Assignment&,
                                                         const TestSpec& test) const {
  return local_role_aspects(read_local_role(test));
}

void LocalSearchKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  const LocalPlan plan = make_local_plan(assignment, test);
  const std::vector<std::string> judged = judged_aspects(assignment, test);
  if (test.grades.count("drawn") != 0 && !plan.seed)
    throw SpecError(location_of(test, "/grades/drawn"),
                    "drawn: judged with `seed:` (the draws a run makes are known only then)");
  for (const auto& [aspect, ignored] : test.grades)
    if (std::find(judged.begin(), judged.end(), aspect) == judged.end())
      throw SpecError(
          location_of(test, "/grades/" + aspect),
          fmt::format("a local_search test with role: {} judges {}; not {}",
                      test.input.value("role", std::string()), fmt::join(judged, ", "), aspect));
}

Invocation LocalSearchKind::invocation(const Assignment& assignment, const TestSpec& test,
                                       const GradingContext& context) const {
  const LocalPlan plan = make_local_plan(assignment, test);
  nlohmann::json steps = helper_patches(plan);
  for (const LocalCall& call : plan.calls) {
    if (plan.role == LocalRole::anneal && plan.seed)
      steps.push_back({{"op", "seed"}, {"value", *plan.seed}});
    for (std::size_t i = answer_step(plan); i < local_steps_per_call(plan); ++i)
      steps.push_back({{"op", "call"}, {"function", plan.function}, {"args", call.args}});
  }
  const std::string description =
      plan.calls.size() == 1 ? plan.calls[0].text
                             : fmt::format("{} ({} calls)", plan.calls[0].text, plan.calls.size());
  return make_driver_invocation(assignment, test, context, std::move(steps), description);
}

TestOutcome LocalSearchKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                      const Observation& observation) const {
  const LocalPlan plan = make_local_plan(assignment, test);
  const std::vector<std::string> judged = local_role_aspects(plan.role);
  TestOutcome outcome;
  outcome.call = plan.calls.size() == 1
                     ? plan.calls[0].text
                     : fmt::format("{} on {} calls", plan.function, plan.calls.size());
  std::vector<std::string> step_calls, expected_lines, observed_lines;
  std::vector<std::string> helper_names;
  for (const auto& [helper, name] : plan.helpers) {
    step_calls.push_back(fmt::format("answering {} as the reference does", name));
    helper_names.push_back(name);
  }
  for (const LocalCall& call : plan.calls) {
    for (std::size_t i = 0; i < local_steps_per_call(plan); ++i)
      step_calls.push_back(i < answer_step(plan) ? fmt::format("random.seed({})", *plan.seed)
                                                 : call.text);
    expected_lines.push_back(local_expected_line(plan, call));
  }
  if (plan.role == LocalRole::restarts)
    expected_lines.insert(
        expected_lines.begin(),
        plan.draws == LocalDraws::randint_per_column
            ? "Each call prints the best states that climbs from up to k random valid starts end "
              "at, sorted (a solution alone), the same on every call, whatever its draws. The "
              "handout's draws are random.seed(1), then randint(0, n - 1) for each column but the "
              "static one:"
            : "Each call prints the best states that climbs from up to k random valid starts end "
              "at, sorted (a solution alone), the same on every call, whatever its draws:");
  outcome.expected = fmt::format("{}", fmt::join(expected_lines, "\n"));
  const DriverRun driver = read_driver_run(assignment, test, observation, step_calls, outcome);
  if (!helper_names.empty())
    outcome.notes.push_back(fmt::format(
        "{} ran with {} answering as the reference does on the states of the expected climbs "
        "(your own code elsewhere), so a mistake there is graded by their own tests only",
        plan.function,
        helper_names.size() == 1
            ? helper_names.front()
            : fmt::format("{} and {}",
                          fmt::join(helper_names.begin(), helper_names.end() - 1, ", "),
                          helper_names.back())));
  if (driver.stop) {
    fail_all_aspects(outcome, judged, *driver.stop);
    return outcome;
  }
  outcome.verdict = Verdict::accepted;
  LocalAspects aspects(judged);
  const auto& steps = driver.transcript.steps;
  for (std::size_t c = 0; c < plan.calls.size(); ++c) {
    const LocalCall& call = plan.calls[c];
    const std::size_t first = plan.helpers.size() + c * local_steps_per_call(plan);
    const auto raised = std::find_if(
        steps.begin() + static_cast<std::ptrdiff_t>(first),
        steps.begin() + static_cast<std::ptrdiff_t>(first + local_steps_per_call(plan)),
        [](const DriverStepRecord& step) { return !step.ok; });
    if (raised != steps.begin() + static_cast<std::ptrdiff_t>(first + local_steps_per_call(plan))) {
      const EarlyStop failure = step_failure(*raised, call.text, driver.module_file);
      for (const auto& aspect : judged) aspects.take(aspect, {false, failure.feedback, {}});
      outcome.verdict = failure.verdict;
      observed_lines.push_back(fmt::format("{} raised {}", call.text, raised->error_type));
      continue;
    }
    LocalAnswer answer;
    answer.returned = steps[first + answer_step(plan)].value;
    answer.output = steps[first + answer_step(plan)].stdout_text;
    if (plan.role == LocalRole::restarts) answer.second_output = steps[first + 1].stdout_text;
    if (plan.role == LocalRole::climb || plan.role == LocalRole::restarts ||
        plan.role == LocalRole::anneal)
      observed_lines.push_back(fmt::format("{} printed\n{}{}", call.text, elide(answer.output, 40),
                                           plan.role != LocalRole::restarts
                                               ? "\nand returned " + python_repr(answer.returned)
                                               : std::string()));
    else
      observed_lines.push_back(fmt::format("{} -> {}", call.text, python_repr(answer.returned)));
    judge_local_call(plan, call, answer, aspects, &outcome.notes);
  }
  outcome.aspects = aspects.aspects;
  outcome.observed = fmt::format("{}", fmt::join(observed_lines, "\n"));
  return outcome;
}

std::vector<MutantOutcome> LocalSearchKind::mutant_outcomes(const Assignment& assignment,
                                                            const TestSpec& test) const {
  const LocalPlan plan = make_local_plan(assignment, test);
  std::vector<MutantOutcome> outcomes;
  const auto judged = [&](std::string id, std::string mistake, const auto& answer_of) {
    MutantOutcome mutant{std::move(id), std::move(mistake), {}};
    mutant.outcome.verdict = Verdict::accepted;
    LocalAspects aspects(local_role_aspects(plan.role));
    for (const LocalCall& call : plan.calls)
      judge_local_call(plan, call, answer_of(call, *plan.space(call)), aspects, nullptr);
    mutant.outcome.aspects = aspects.aspects;
    outcomes.push_back(std::move(mutant));
  };
  switch (plan.role) {
    case LocalRole::neighbours:
      if (!plan.queens()) break;  // the mutants below are N-Queens' slips
      judged("neighbours_unsorted", "lists the successors column by column, not sorted",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               std::vector<ref::LocalState> listed;
               if (space.is_state(call.state))
                 for (int column = 0; column < call.n; ++column)
                   for (const auto& next : space.neighbours(call.state))
                     if (next[static_cast<std::size_t>(column)] !=
                             call.state[static_cast<std::size_t>(column)] &&
                         std::find(listed.begin(), listed.end(), next) == listed.end())
                       listed.push_back(next);
               std::reverse(listed.begin(), listed.end());
               return LocalAnswer{nlohmann::json(listed), "", ""};
             });
      judged("static_queen_moves", "moves the static queen too",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               std::vector<ref::LocalState> listed = space.neighbours(call.state);
               if (space.is_state(call.state))
                 for (const int step : {-1, 1}) {
                   ref::LocalState next = call.state;
                   next[static_cast<std::size_t>(call.static_x)] += step;
                   if (next[static_cast<std::size_t>(call.static_x)] >= 0 &&
                       next[static_cast<std::size_t>(call.static_x)] < call.n)
                     listed.push_back(next);
                 }
               std::sort(listed.begin(), listed.end());
               return LocalAnswer{nlohmann::json(listed), "", ""};
             });
      break;
    case LocalRole::value:
      if (!plan.queens()) break;
      judged("counts_attacking_pairs", "counts attacking pairs, not attacked queens",
             [&](const LocalCall& call, const ref::LocalSpace&) {
               int pairs = 0;
               for (std::size_t a = 0; a < call.state.size(); ++a)
                 for (std::size_t b = a + 1; b < call.state.size(); ++b) {
                   const int rows = std::abs(call.state[a] - call.state[b]);
                   if (rows == 0 || rows == static_cast<int>(b - a)) ++pairs;
                 }
               return LocalAnswer{pairs, "", ""};
             });
      break;
    case LocalRole::choose_next:
      judged("current_left_out", "leaves the current state out of the candidates",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               ref::HillClimbOptions options = plan.options;
               options.current_competes = false;
               const auto next = space.is_state(call.state)
                                     ? ref::choose_next(space, call.state, options)
                                     : std::nullopt;
               return LocalAnswer{next ? nlohmann::json(*next) : nlohmann::json(), "", ""};
             });
      break;
    case LocalRole::climb:
      judged("stops_one_state_early", "stops before printing the state that ends the climb",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               const ref::HillClimbRun run = ref::hill_climb(space, call.state, plan.options);
               std::string output;
               const std::size_t shown = run.path.size() > 1 ? run.path.size() - 1 : 1;
               for (std::size_t i = 0; i < shown; ++i)
                 output += local_line_text(*plan.line, space, run.path[i], run.values[i]) + "\n";
               return LocalAnswer{run.path[shown - 1], output, ""};
             });
      break;
    case LocalRole::anneal: {
      const auto printed = [&](const ref::LocalSpace& space,
                               const std::vector<ref::LocalState>& path) {
        std::string output;
        for (const auto& state : path)
          output += local_line_text(*plan.line, space, state, space.value(state)) + "\n";
        return LocalAnswer{nlohmann::json(path.back()), output, ""};
      };
      judged("anneal_stops_one_step_early", "stops one time step before the temperature is 0",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               ref::PythonRandom random(plan.seed.value_or(0));
               std::vector<ref::LocalState> path =
                   ref::simulated_annealing(space, call.state, plan.schedule,
                                            plan.options.objective, random)
                       .path;
               if (path.size() > 1) path.pop_back();
               return printed(space, path);
             });
      if (!plan.seed) break;  // the slips below change the draws only
      judged("anneal_never_worse", "never takes a worse move (hill climbing by random choice)",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               return printed(space,
                              slipped_anneal(space, plan, call.state, AnnealSlip::never_worse));
             });
      judged("anneal_every_move", "takes every move drawn, better or worse",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               return printed(space,
                              slipped_anneal(space, plan, call.state, AnnealSlip::every_move));
             });
      break;
    }
    case LocalRole::restarts:
      if (plan.draws != LocalDraws::randint_per_column) break;
      judged("restarts_print_every_path", "prints every climb's path, not only the best states",
             [&](const LocalCall& call, const ref::LocalSpace& space) {
               std::string output;
               for (const ref::HillClimbRun& run : drawn_climbs(plan, call))
                 for (std::size_t i = 0; i < run.path.size(); ++i)
                   output += local_line_text(*plan.line, space, run.path[i], run.values[i]) + "\n";
               for (const auto& state : drawn_restart_results(plan, call))
                 output += local_line_text(*plan.line, space, state, space.value(state)) + "\n";
               return LocalAnswer{nullptr, output, output};
             });
      outcomes.push_back(restarts_crashing_on_a_first_solution(plan));
      break;
  }
  return outcomes;
}

}  // namespace sg
