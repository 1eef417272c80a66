#include "kinds/game_function_kind.h"

#include <fmt/format.h>

#include <algorithm>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/game_object.h"
#include "checkers/game_function_checker.h"
#include "checkers/python_value.h"
#include "domains/game_domain.h"
#include "domains/rules_world.h"
#include "notation/line_template.h"  // number_text
#include "reference/game_search.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

enum class PositionRole { value, move };

// One call of the function under test.
struct PositionCall {
  std::string text;          // "game_value(position 2) as 'b'"
  std::size_t position = 0;  // index into PositionPlan::positions
  nlohmann::json player;     // the player asked as (null: none set)
  nlohmann::json opponent;   // the other player (null: none set)
  double expected = 0.0;     // value: the player's value of the position
  std::string why;           // value: what the position holds
};

struct PositionPlan {
  PositionRole role = PositionRole::value;
  std::string domain;
  const SpecSection* section = nullptr;
  std::string function;
  GameObjectSpec object;
  int depth = 1;
  std::vector<nlohmann::json> written;    // each position as the spec writes it
  std::vector<SourceLocation> where;      // and where
  std::vector<nlohmann::json> arguments;  // what the function receives for it
  std::vector<std::string> drawn;         // the position drawn for people
  std::vector<PositionCall> calls;
};

std::string game_player_text(const nlohmann::json& player) { return python_repr(player); }

// What a player's value of a terminal position means, for feedback.
std::string game_value_reason(bool over, double utility, const nlohmann::json& player,
                              const nlohmann::json& opponent) {
  if (!over) return "the game is not over here: no player has won";
  if (utility > 0) return fmt::format("{} has won here", game_player_text(player));
  if (utility < 0)
    return opponent.is_null()
               ? "the opponent has won here"
               : fmt::format("{}, the opponent, has won here", game_player_text(opponent));
  return "the game is over here, drawn";
}

PositionPlan make_game_plan(const Assignment& assignment, const TestSpec& test) {
  PositionPlan plan;
  const std::string role = test.input.value("role", std::string());
  if (role == "value") {
    plan.role = PositionRole::value;
  } else if (role == "move") {
    plan.role = PositionRole::move;
  } else {
    throw SpecError(test.input.contains("role") ? location_of(test, "/role") : test.where,
                    "a game_function test needs `role:` value (a player's value of a position) "
                    "or move (the move a player chooses)");
  }
  plan.domain = test.input.value("domain", std::string());
  const auto found = assignment.domains.find(plan.domain);
  if (found == assignment.domains.end() || !rules_section_is_game(found->second))
    throw SpecError(test.input.contains("domain") ? location_of(test, "/domain") : test.where,
                    "domain: a game of the spec's `domains` given as a rules file (`type: rules`, "
                    "`is: game`)");
  plan.section = &found->second;
  plan.function = test.input.value("function", std::string());
  if (plan.function.empty())
    throw SpecError(test.input.contains("function") ? location_of(test, "/function") : test.where,
                    "function: the name of the student's function (a method of `object:` when "
                    "it is given), e.g. game_value or make_move");
  plan.object = read_game_object(test);
  if (test.input.contains("depth")) {
    const auto& depth = test.input["depth"];
    if (plan.role != PositionRole::move)
      throw SpecError(location_of(test, "/depth"), "depth: for role: move");
    if (!depth.is_number_integer() || depth.get<int>() < 1 || depth.get<int>() > 6)
      throw SpecError(location_of(test, "/depth"), "depth: a whole number of moves, 1 to 6");
    plan.depth = depth.get<int>();
  }
  const auto& positions =
      test.input.contains("positions") ? test.input["positions"] : nlohmann::json();
  if (!positions.is_array() || positions.empty())
    throw SpecError(test.where,
                    "a game_function test needs `positions:` (the rules' states, lists for "
                    "tuples)");
  nlohmann::json one_each = nlohmann::json::array();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    plan.written.push_back(positions[i]);
    plan.where.push_back(location_of(test, fmt::format("/positions/{}", i)));
    one_each.push_back(nlohmann::json::array({positions[i]}));
  }
  const SpecSection& section = *plan.section;
  const SourceLocation first = plan.where.front();
  const std::string argument = test.input.value("argument", std::string());
  if (test.input.contains("argument") && argument.empty())
    throw SpecError(location_of(test, "/argument"),
                    "argument: the rules world's method that gives what the function receives "
                    "for a state (e.g. board)");
  if (argument.empty()) {
    for (const auto& position : positions) plan.arguments.push_back(rules_position(position));
  } else {
    const nlohmann::json given = ask_rules(section, plan.domain, argument, one_each, first);
    plan.arguments.assign(given.begin(), given.end());
  }
  const std::string show = section.value.value("show", std::string());
  if (show.empty()) {
    for (const auto& position : positions)
      plan.drawn.push_back(python_repr(rules_position(position)));
  } else {
    const nlohmann::json drawn = ask_rules(section, plan.domain, show, one_each, first);
    for (const auto& text : drawn)
      plan.drawn.push_back(text.is_string() ? text.get<std::string>() : python_repr(text));
  }
  for (auto& text : plan.drawn) {
    std::string indented = "  ";
    for (const char c : text) indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
    text = indented;
  }

  std::vector<nlohmann::json> players;
  if (test.input.contains("players")) {
    const auto& listed = test.input["players"];
    if (!listed.is_array() || listed.empty())
      throw SpecError(location_of(test, "/players"), "players: a list of the game's players");
    players.assign(listed.begin(), listed.end());
  }
  if (!plan.object.opponent.empty() && players.size() != 2)
    throw SpecError(test.input.contains("players") ? location_of(test, "/players") : test.where,
                    "object.opponent needs `players:` (the game's two players)");
  const auto other = [&](const nlohmann::json& player) {
    if (plan.object.opponent.empty()) return nlohmann::json();
    return player == players[0] ? players[1] : players[0];
  };
  const nlohmann::json movers = ask_rules(section, plan.domain, "to_move", one_each, first);

  if (plan.role == PositionRole::move) {
    for (std::size_t i = 0; i < positions.size(); ++i) {
      PositionCall call;
      call.position = i;
      call.player = movers[i];
      call.opponent = other(movers[i]);
      call.text =
          fmt::format("{}(position {}) as {}", plan.function, i + 1, game_player_text(call.player));
      plan.calls.push_back(std::move(call));
    }
    return plan;
  }
  const nlohmann::json over = ask_rules(section, plan.domain, "is_terminal", one_each, first);
  nlohmann::json asked = nlohmann::json::array();  // (position, player) of every call at an end
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const std::vector<nlohmann::json> as =
        players.empty() ? std::vector<nlohmann::json>{movers[i]} : players;
    for (const auto& player : as) {
      PositionCall call;
      call.position = i;
      call.player = player;
      call.opponent = other(player);
      call.text =
          fmt::format("{}(position {}) as {}", plan.function, i + 1, game_player_text(player));
      if (over[i] == true) asked.push_back(nlohmann::json::array({positions[i], player}));
      plan.calls.push_back(std::move(call));
    }
  }
  const nlohmann::json utilities = asked.empty()
                                       ? nlohmann::json::array()
                                       : ask_rules(section, plan.domain, "utility", asked, first);
  std::size_t next = 0;
  for (PositionCall& call : plan.calls) {
    const bool ended = over[call.position] == true;
    double utility = 0.0;
    if (ended) {
      const nlohmann::json& answer = utilities[next++];
      if (!answer.is_number())
        throw SpecError(plan.where[call.position],
                        fmt::format("the rules' utility of this position for {} is {}, not a "
                                    "number",
                                    game_player_text(call.player), python_repr(answer)));
      utility = answer.get<double>();
    }
    call.expected = utility;
    call.why = game_value_reason(ended, utility, call.player, call.opponent);
  }
  return plan;
}

// The driver steps of one call: [new, setattr..., let the argument, the call, get the argument].
// The call's step is the last but one; the last reads the argument back (the `unchanged` aspect).
nlohmann::json game_call_steps(const PositionPlan& plan, const PositionCall& call) {
  nlohmann::json steps = nlohmann::json::array();
  const nlohmann::json& argument = plan.arguments[call.position];
  const nlohmann::json given = {{"$ref", "argument"}};
  nlohmann::json invoke;
  if (plan.object.class_name.empty()) {
    invoke = {{"op", "call"}, {"function", plan.function}, {"args", {given}}};
  } else {
    steps = game_object_steps(plan.object, "player", call.player, call.opponent);
    if (!plan.object.position.empty())  // a copy of its own: the object may change it
      steps.push_back({{"op", "setattr"},
                       {"target", "player"},
                       {"attr", plan.object.position},
                       {"value", argument}});
    invoke = {{"op", "method"}, {"target", "player"}, {"method", plan.function}, {"args", {given}}};
  }
  if (plan.role == PositionRole::move) invoke["type_shape"] = true;
  steps.push_back({{"op", "let"}, {"bind", "argument"}, {"value", argument}});
  steps.push_back(std::move(invoke));
  steps.push_back({{"op", "get"}, {"target", "argument"}});
  return steps;
}

// What the function is handed, for feedback: "the board" (the spec's `argument:`), else "the
// position".
std::string argument_name(const TestSpec& test) {
  const std::string argument = test.input.value("argument", std::string());
  return argument.empty() ? std::string("the position") : "the " + argument;
}

// The reference's view of one position for a move: its legal moves and minimax run.
struct MoveReference {
  std::vector<LegalMove> legal;
  ref::GameSearchRun run;
};

MoveReference move_reference(const PositionPlan& plan, std::size_t position) {
  const auto game = rules_game_at(*plan.section, plan.domain, plan.written[position], plan.depth,
                                  plan.where[position]);
  MoveReference reference;
  for (const ref::GameMove& move : game->moves(game->initial_state(), 0))
    reference.legal.push_back({move.action, game->action_value(move.action)});
  if (reference.legal.empty())
    throw SpecError(plan.where[position],
                    "the player to move has no legal move in this position (or the game is over "
                    "there): nothing to choose");
  ref::GameSearchOptions options;
  options.algorithm = ref::GameAlgorithm::minimax;
  options.depth = plan.depth;
  options.unit = ref::DepthUnit::per_move;
  try {
    reference.run = ref::game_search(*game, options);
  } catch (const std::out_of_range& error) {
    throw SpecError(plan.where[position],
                    fmt::format("a search {} moves deep stops where the game goes on, and the "
                                "rules give no score there (define evaluate(state, player)): {}",
                                plan.depth, error.what()));
  }
  return reference;
}

// A root move's value in a search kWinsLater moves deeper than the test's: a player that searches
// deeper may choose a win that comes later than the one the test's depth shows.
constexpr int kWinsLater = 2;

std::optional<double> value_deeper(const PositionPlan& plan, std::size_t position,
                                   const std::string& move) {
  const int depth = plan.depth + kWinsLater;
  const auto game = rules_game_at(*plan.section, plan.domain, plan.written[position], depth,
                                  plan.where[position]);
  ref::GameSearchOptions options;
  options.algorithm = ref::GameAlgorithm::minimax;
  options.depth = depth;
  options.unit = ref::DepthUnit::per_move;
  ref::GameSearchRun run;
  try {
    run = ref::game_search(*game, options);
  } catch (const std::out_of_range&) {
    return std::nullopt;  // no score where the deeper search stops: no later win is known
  }
  for (const ref::GeneratedState& child : run.generated)
    if (child.parent == ref::GeneratedState::kRoot && child.action == move) return child.value;
  return std::nullopt;
}

// The aspects of one test, each keeping its first failure.
struct MoveAspects {
  AspectOutcome value{"value", "", true, ""};
  AspectOutcome legal{"legal", "", true, ""};
  AspectOutcome format{"format", "", true, ""};
  AspectOutcome unchanged{"unchanged", "", true, ""};
  bool value_judged = false;
  bool format_judged = false;

  static void take(AspectOutcome& aspect, const FunctionCallCheck& check) {
    if (check.passed || !aspect.passed) return;
    aspect.passed = false;
    aspect.feedback = check.feedback;
  }

  void judge_value(const PositionCall& call, const PositionPlan& plan,
                   const nlohmann::json& returned) {
    value_judged = true;
    take(value, check_player_value(call.expected, returned, call.text, call.why,
                                   plan.drawn[call.position]));
  }

  void judge_move(const PositionCall& call, const PositionPlan& plan,
                  const MoveReference& reference, const nlohmann::json& returned,
                  const std::string& type_shape, std::vector<std::string>* notes = nullptr) {
    const MoveCheck check = check_move(
        reference.legal, reference.run, plan.depth, returned, type_shape, call.text,
        plan.drawn[call.position],
        [&](const std::string& move) { return value_deeper(plan, call.position, move); });
    if (notes != nullptr)
      for (const auto& note : check.value.notes) notes->push_back(note);
    take(legal, check.legal);
    if (!check.judged) return;
    value_judged = format_judged = true;
    take(format, check.format);
    take(value, check.value);
  }

  static void unjudged(AspectOutcome& aspect) {
    aspect.passed = false;
    aspect.judged = false;
    aspect.feedback = "not judged: no move returned was legal";
  }

  void judge_unchanged(const PositionCall& call, const PositionPlan& plan, const std::string& what,
                       const nlohmann::json& after) {
    take(unchanged, check_argument_unchanged(plan.arguments[call.position], after, call.text, what,
                                             plan.drawn[call.position]));
  }

  std::vector<AspectOutcome> finish(PositionRole role) {
    if (role == PositionRole::value) return {value, unchanged};
    if (!value_judged) unjudged(value);
    if (!format_judged) unjudged(format);
    return {value, legal, format, unchanged};
  }
};

std::string game_expected_line(const PositionPlan& plan, const PositionCall& call,
                               const MoveReference* reference) {
  if (plan.role == PositionRole::value)
    return fmt::format("{} -> {} ({})", call.text, number_text(call.expected), call.why);
  std::vector<std::string> best = reference->run.best_actions;
  if (best.size() > 6) {
    best.resize(6);
    best.push_back("...");
  }
  return fmt::format("{} -> one of {} (worth {} at depth {})", call.text, fmt::join(best, ", "),
                     number_text(reference->run.value), plan.depth);
}

}  // namespace

std::vector<std::string> GameFunctionKind::judged_aspects(const Assignment&,
                                                          const TestSpec& test) const {
  if (test.input.value("role", std::string()) == "move")
    return {"value", "legal", "format", "unchanged"};
  return {"value", "unchanged"};
}

void GameFunctionKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  const PositionPlan plan = make_game_plan(assignment, test);
  const std::vector<std::string> judged = judged_aspects(assignment, test);
  for (const auto& [aspect, ignored] : test.grades)
    if (std::find(judged.begin(), judged.end(), aspect) == judged.end())
      throw SpecError(
          location_of(test, "/grades/" + aspect),
          fmt::format("a game_function test with role: {} judges {}; not {}",
                      test.input.value("role", std::string()), fmt::join(judged, ", "), aspect));
  if (plan.role == PositionRole::move)
    for (std::size_t i = 0; i < plan.written.size(); ++i) move_reference(plan, i);
}

Invocation GameFunctionKind::invocation(const Assignment& assignment, const TestSpec& test,
                                        const GradingContext& context) const {
  const PositionPlan plan = make_game_plan(assignment, test);
  nlohmann::json steps = nlohmann::json::array();
  for (const PositionCall& call : plan.calls)
    for (auto& step : game_call_steps(plan, call)) steps.push_back(std::move(step));
  const std::string description =
      plan.calls.size() == 1 ? plan.calls[0].text
                             : fmt::format("{} ({} calls)", plan.calls[0].text, plan.calls.size());
  return make_driver_invocation(assignment, test, context, std::move(steps), description);
}

TestOutcome GameFunctionKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                       const Observation& observation) const {
  const PositionPlan plan = make_game_plan(assignment, test);
  std::vector<MoveReference> references;
  if (plan.role == PositionRole::move)
    for (std::size_t i = 0; i < plan.written.size(); ++i)
      references.push_back(move_reference(plan, i));

  TestOutcome outcome;
  outcome.call = plan.calls.size() == 1
                     ? plan.calls[0].text
                     : fmt::format("{} on {} positions", plan.function, plan.written.size());
  std::vector<std::string> step_calls, game_expected_lines, observed_lines;
  std::vector<std::size_t> last_step;  // per call: the index of its call step (the argument's
                                       // read-back follows it)
  for (const PositionCall& call : plan.calls) {
    const std::size_t count = game_call_steps(plan, call).size();
    for (std::size_t i = 0; i < count; ++i) step_calls.push_back(call.text);
    last_step.push_back(step_calls.size() - 2);
    game_expected_lines.push_back(game_expected_line(
        plan, call, plan.role == PositionRole::move ? &references[call.position] : nullptr));
  }
  outcome.expected = fmt::format("{}", fmt::join(game_expected_lines, "\n"));
  const DriverRun driver = read_driver_run(assignment, test, observation, step_calls, outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, judged_aspects(assignment, test), *driver.stop,
                     plan.role == PositionRole::move ? std::vector<std::string>{"format"}
                                                     : std::vector<std::string>{});
    return outcome;
  }
  outcome.verdict = Verdict::accepted;
  MoveAspects aspects;
  const auto& steps = driver.transcript.steps;
  for (std::size_t c = 0; c < plan.calls.size(); ++c) {
    const PositionCall& call = plan.calls[c];
    const std::size_t first = c == 0 ? 0 : last_step[c - 1] + 2;
    const auto failed = std::find_if(steps.begin() + static_cast<std::ptrdiff_t>(first),
                                     steps.begin() + static_cast<std::ptrdiff_t>(last_step[c] + 1),
                                     [](const DriverStepRecord& step) { return !step.ok; });
    if (failed != steps.begin() + static_cast<std::ptrdiff_t>(last_step[c] + 1)) {
      const EarlyStop failure = step_failure(*failed, call.text, driver.module_file);
      FunctionCallCheck raised{false, failure.feedback, {}};
      MoveAspects::take(aspects.value, raised);
      aspects.value_judged = true;
      if (plan.role == PositionRole::move) MoveAspects::take(aspects.legal, raised);
      outcome.verdict = failure.verdict;
      observed_lines.push_back(fmt::format("{} raised {}", call.text, failed->error_type));
      continue;
    }
    const DriverStepRecord& step = steps[last_step[c]];
    observed_lines.push_back(fmt::format("{} -> {}", call.text, python_repr(step.value)));
    if (const DriverStepRecord& after = steps[last_step[c] + 1]; after.ok)
      aspects.judge_unchanged(call, plan, argument_name(test), after.value);
    if (plan.role == PositionRole::value)
      aspects.judge_value(call, plan, step.value);
    else
      aspects.judge_move(call, plan, references[call.position], step.value, step.type_shape,
                         &outcome.notes);
  }
  outcome.aspects = aspects.finish(plan.role);
  outcome.observed = fmt::format("{}", fmt::join(observed_lines, "\n"));
  return outcome;
}

std::vector<MutantOutcome> GameFunctionKind::mutant_outcomes(const Assignment& assignment,
                                                             const TestSpec& test) const {
  const PositionPlan plan = make_game_plan(assignment, test);
  std::vector<MutantOutcome> outcomes;
  const auto judged = [&](std::string id, std::string mistake, const auto& answer) {
    MutantOutcome mutant{std::move(id), std::move(mistake), {}};
    mutant.outcome.verdict = Verdict::accepted;
    MoveAspects aspects;
    for (const PositionCall& call : plan.calls) answer(call, aspects);
    mutant.outcome.aspects = aspects.finish(plan.role);
    outcomes.push_back(std::move(mutant));
  };
  if (plan.role == PositionRole::value) {
    judged("perspective_swapped",
           "reads the opponent's win as the player's (compares with the "
           "wrong colour)",
           [&](const PositionCall& call, MoveAspects& aspects) {
             aspects.judge_value(call, plan, call.expected == 0 ? 0.0 : -call.expected);
           });
    judged("never_sees_a_win", "never finds a win (returns 0 everywhere)",
           [&](const PositionCall& call, MoveAspects& aspects) {
             aspects.judge_value(call, plan, 0);
           });
    return outcomes;
  }
  std::vector<MoveReference> references;
  for (std::size_t i = 0; i < plan.written.size(); ++i)
    references.push_back(move_reference(plan, i));
  // What the function is handed for a position after `move` is played on it: the rules' result,
  // then the spec's `argument:` method (the board), as a player that moves on it would leave it.
  const std::string argument = test.input.value("argument", std::string());
  const auto played_on = [&](std::size_t position, const nlohmann::json& move) {
    const nlohmann::json after =
        ask_rules(*plan.section, plan.domain, "result",
                  nlohmann::json::array(
                      {nlohmann::json::array({plan.written[position], as_plain_lists(move)})}),
                  plan.where[position])[0];
    if (argument.empty()) return after;
    return ask_rules(*plan.section, plan.domain, argument,
                     nlohmann::json::array({nlohmann::json::array({as_plain_lists(after)})}),
                     plan.where[position])[0];
  };
  judged("first_legal_move", "plays the first legal move, whatever it is worth (no search)",
         [&](const PositionCall& call, MoveAspects& aspects) {
           const MoveReference& reference = references[call.position];
           const nlohmann::json& move = reference.legal.front().value;
           aspects.judge_move(call, plan, reference, move, encoded_type_shape(move));
         });
  // Only where the function is handed a list (a board it could change): a string or a tuple
  // cannot be played on.
  const bool arguments_are_lists =
      std::all_of(plan.arguments.begin(), plan.arguments.end(),
                  [](const nlohmann::json& handed) { return handed.is_array(); });
  if (arguments_are_lists)
    judged("plays_on_the_argument",
           "plays its move on the position it is handed, as the game does (no copy)",
           [&](const PositionCall& call, MoveAspects& aspects) {
             const MoveReference& reference = references[call.position];
             const auto best = std::find_if(
                 reference.legal.begin(), reference.legal.end(), [&](const LegalMove& move) {
                   return move.text == reference.run.best_actions.front();
                 });
             aspects.judge_move(call, plan, reference, best->value,
                                encoded_type_shape(best->value));
             aspects.judge_unchanged(call, plan, argument_name(test),
                                     played_on(call.position, best->value));
           });
  // Only where the rules write a move as a list: a tuple there would be the right format.
  const bool moves_are_lists = std::all_of(
      references.begin(), references.end(),
      [](const MoveReference& reference) { return reference.legal.front().value.is_array(); });
  if (!moves_are_lists) return outcomes;
  judged("move_as_tuple", "writes the right move as a tuple, where the handout says a list",
         [&](const PositionCall& call, MoveAspects& aspects) {
           const MoveReference& reference = references[call.position];
           const auto best = std::find_if(reference.legal.begin(), reference.legal.end(),
                                          [&](const LegalMove& move) {
                                            return move.text == reference.run.best_actions.front();
                                          });
           const nlohmann::json move = {{"$tuple", best->value}};
           aspects.judge_move(call, plan, reference, move, encoded_type_shape(move));
         });
  return outcomes;
}

}  // namespace sg
