#include "kinds/game_play_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/game_object.h"
#include "checkers/played_game.h"
#include "checkers/python_value.h"
#include "domains/game_domain.h"
#include "domains/rules_world.h"
#include "reference/pacman_game.h"
#include "reference/python_random.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

constexpr std::size_t kMaxTiers = 4;

struct PlaySetup {
  GameDomain domain;  ///< Its game is null for a rules game (explored along each game played).
  const SpecSection* rules = nullptr;  ///< The rules game's section; null for Pacman.
  std::string layout;                  ///< The Pacman layout's text, for the driver's game state.
  std::string agent;  ///< A Berkeley agent class (`agent:`), or empty with `object:`.
  nlohmann::json agent_args = nlohmann::json::object();
  GameObjectSpec object;               ///< `object:`: a new one for each game, its colour set.
  std::string function = "getAction";  ///< The method asked for each move.
  std::string argument;  ///< The rules' method giving what the function is handed ("" the state).
  std::vector<nlohmann::json> players;  ///< The players in turn order, as the object holds them.
  int player = 0;                       ///< The agent the student plays (0 moves first).
  std::int64_t games = 10;
  std::int64_t seed = 1;
  std::size_t max_moves = 1000;
  double move_seconds = 5;
  std::optional<double> game_seconds;  ///< CPU seconds of the student's moves in one game.
  OpponentPolicy opponent = OpponentPolicy::random;
  int opponent_depth = 0;  ///< A searching opponent's, in moves.
  nlohmann::json table;    ///< A table game's states, for the driver's game_state (null else).
  std::vector<double> wins;
  std::vector<double> average_score;
};

// A tier list at `key`: 1 to 4 increasing numbers (whole ones for `whole`).
std::vector<double> read_tiers(const TestSpec& test, const std::string& key, bool whole) {
  std::vector<double> tiers;
  if (!test.input.contains(key)) return tiers;
  const nlohmann::json& value = test.input[key];
  const std::string shape =
      fmt::format("{}: 1 to {} increasing {}, e.g. {}", key, kMaxTiers,
                  whole ? "whole numbers" : "numbers", whole ? "[1, 5, 10]" : "[500, 1000]");
  if (!value.is_array() || value.empty() || value.size() > kMaxTiers)
    throw SpecError(location_of(test, "/" + key), shape);
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!value[i].is_number() || (whole && !value[i].is_number_integer()) ||
        (i > 0 && value[i].get<double>() <= tiers.back()))
      throw SpecError(location_of(test, fmt::format("/{}/{}", key, i)), shape);
    tiers.push_back(value[i].get<double>());
  }
  return tiers;
}

// The game (`domain:`): Pacman's rules, a two-player game explored whole, or a rules game
// explored along each game played (Teeko is too large to explore whole).
void read_game(const Assignment& assignment, const TestSpec& test, PlaySetup& setup) {
  if (!test.input.contains("domain"))
    throw SpecError(test.where, "a game_play test needs `domain:`, a game of `domains`");
  const std::string name =
      test.input["domain"].is_string() ? test.input["domain"].get<std::string>() : "";
  const auto section = assignment.domains.find(name);
  if (section != assignment.domains.end() && rules_section_is_game(section->second)) {
    setup.domain.name = name;  // explored along each game: Teeko is too large to explore whole
    setup.domain.type = "rules";
    setup.rules = &section->second;
  } else {
    setup.domain = game_domain(assignment, test);
    if (const auto* pacman = dynamic_cast<const ref::PacmanGame*>(setup.domain.game.get()))
      setup.layout = draw_pacman_layout(pacman->layout());
    else if (setup.domain.game->agents() != 2)
      throw SpecError(location_of(test, "/domain"),
                      fmt::format("domain: game_play plays Pacman layouts, two-player games "
                                  "(tic_tac_toe, connect_four, game_tree) and rules games; '{}' "
                                  "has {} agents",
                                  setup.domain.name, setup.domain.game->agents()));
  }
}

// How the student's agent is made and asked: a Berkeley agent (`agent:`) or an `object:` and its
// `function`, what it is handed, and which player it plays.
void read_agent(const TestSpec& test, PlaySetup& setup) {
  setup.agent = read_name(test, "/agent", "");
  setup.object = read_game_object(test);
  if (setup.agent.empty() == setup.object.class_name.empty())
    throw SpecError(test.where,
                    "a game_play test needs one of `agent:`, the Berkeley agent class the student "
                    "writes (e.g. ReflexAgent), and `object:`, the class whose method chooses a "
                    "move (e.g. {class: TeekoPlayer, player: my_piece})");
  if (!setup.object.class_name.empty()) {
    setup.function = read_name(test, "/function", "");
    if (setup.function.empty())
      throw SpecError(test.where,
                      "with `object:`, a game_play test needs `function:`, the method that "
                      "chooses a move (e.g. make_move)");
  }
  if (test.input.contains("argument")) {
    setup.argument = read_name(test, "/argument", "");
    if (setup.rules == nullptr || setup.argument.empty())
      throw SpecError(location_of(test, "/argument"),
                      "argument: the rules game's method that gives what the function is handed "
                      "for a state (e.g. board); only a rules game has one");
  }
  if (test.input.contains("players")) {
    const nlohmann::json& listed = test.input["players"];
    if (setup.rules == nullptr || !listed.is_array() || listed.size() != 2)
      throw SpecError(location_of(test, "/players"),
                      "players: a rules game's two players in turn order, as the student's "
                      "object holds them (e.g. [b, r])");
    setup.players.assign(listed.begin(), listed.end());
  }
  if ((!setup.object.player.empty() || !setup.object.opponent.empty()) && setup.players.empty())
    throw SpecError(location_of(test, "/object"),
                    "object.player and object.opponent need `players:` (the game's two players "
                    "in turn order)");
  if (test.input.contains("plays")) {
    const auto found = std::find(setup.players.begin(), setup.players.end(), test.input["plays"]);
    if (found == setup.players.end())
      throw SpecError(location_of(test, "/plays"),
                      "plays: the player the student's agent plays, one of `players:`");
    setup.player = static_cast<int>(found - setup.players.begin());
  }
  if (test.input.contains("agent_args")) {
    setup.agent_args = test.input["agent_args"];
    if (!setup.agent_args.is_object())
      throw SpecError(location_of(test, "/agent_args"),
                      "agent_args: the agent's keyword arguments, e.g. {depth: \"2\", evalFn: "
                      "better}");
  }
}

// The opponent, and for a minimax one its depth and the game explored whole; a table game's
// states for the driver.
void read_opponent(const TestSpec& test, PlaySetup& setup) {
  setup.opponent =
      *opponent_policy(read_word(test, "opponent", "random",
                                 {"random", "directional", "minimax", "alpha_beta", "expectimax"}));
  const bool pacman = setup.rules == nullptr && !setup.layout.empty();
  const bool searches = searching(setup.opponent).has_value();
  if (setup.opponent == OpponentPolicy::directional && !pacman)
    throw SpecError(location_of(test, "/opponent"),
                    "opponent: directional is Berkeley's ghost, in a Pacman game only");
  if (searches && pacman)
    throw SpecError(location_of(test, "/opponent"),
                    fmt::format("opponent: {} plays a two-player game the grader explores whole "
                                "(tic_tac_toe, connect_four, game_tree, a small rules game); not "
                                "Pacman",
                                to_string(setup.opponent)));
  if (searches) {
    if (setup.rules != nullptr)  // its policy is every state's: the game explored whole
      setup.domain.game = rules_game(*setup.rules, setup.domain.name);
    setup.opponent_depth = static_cast<int>(read_whole(test, "/opponent_depth", 1, 12, 0));
    if (setup.opponent_depth == 0)
      throw SpecError(test.where, fmt::format("opponent: {} needs `opponent_depth:`, how many "
                                              "moves (both players') its search looks ahead, 1 "
                                              "to 12",
                                              to_string(setup.opponent)));
  } else if (test.input.contains("opponent_depth")) {
    throw SpecError(location_of(test, "/opponent_depth"),
                    "opponent_depth: the depth of a searching opponent (`opponent: minimax`, "
                    "`alpha_beta` or `expectimax`)");
  }
  if (setup.player != 0 && setup.rules == nullptr)
    throw SpecError(location_of(test, "/plays"),
                    "plays: only in a rules game may the student move second (a Berkeley agent "
                    "is agent 0)");
  if (setup.rules == nullptr && !pacman)
    setup.table =
        setup.domain.table(test, static_cast<int>(std::min<std::size_t>(setup.max_moves, 1000)));
}

PlaySetup read_setup(const Assignment& assignment, const TestSpec& test) {
  PlaySetup setup;
  read_game(assignment, test, setup);
  read_agent(test, setup);
  setup.games = read_whole(test, "/games", 1, 100, 10);
  setup.seed = read_whole(test, "/seed", 0, 1000000000, 1);
  setup.max_moves = static_cast<std::size_t>(read_whole(test, "/max_moves", 1, 100000, 1000));
  if (test.input.contains("move_seconds")) {
    const nlohmann::json& seconds = test.input["move_seconds"];
    if (!seconds.is_number() || seconds.get<double>() <= 0 || seconds.get<double>() > 600)
      throw SpecError(location_of(test, "/move_seconds"),
                      "move_seconds: CPU seconds per move, more than 0 and at most 600");
    setup.move_seconds = seconds.get<double>();
  }
  if (test.input.contains("game_seconds")) {
    const nlohmann::json& seconds = test.input["game_seconds"];
    if (!seconds.is_number() || seconds.get<double>() <= 0 || seconds.get<double>() > 3600)
      throw SpecError(location_of(test, "/game_seconds"),
                      "game_seconds: CPU seconds of the student's moves in one game, more than 0 "
                      "and at most 3600");
    setup.game_seconds = seconds.get<double>();
  }
  read_opponent(test, setup);
  setup.wins = read_tiers(test, "wins", true);
  setup.average_score = read_tiers(test, "average_score", false);
  for (const double wins : setup.wins)
    if (wins > static_cast<double>(setup.games))
      throw SpecError(
          location_of(test, "/wins"),
          fmt::format("wins: a tier of {} wins in {} games can never be met", wins, setup.games));
  return setup;
}

std::int64_t seed_of(const PlaySetup& setup, std::int64_t game) { return setup.seed + game; }

std::string agent_call(const PlaySetup& setup) {
  if (!setup.object.class_name.empty()) {
    std::vector<std::string> args;
    for (const auto& arg : setup.object.args) args.push_back(python_repr(arg));
    std::string call = fmt::format("{}({})", setup.object.class_name, fmt::join(args, ", "));
    if (!setup.players.empty())
      call += fmt::format(" playing {}", python_repr(setup.players[setup.player]));
    return call;
  }
  std::vector<std::string> args;
  for (const auto& [key, value] : setup.agent_args.items())
    args.push_back(fmt::format("{}={}", key, value.dump()));
  return fmt::format("{}({})", setup.agent, fmt::join(args, ", "));
}

// Who the student's agent plays against, for feedback.
std::string opponents_text(const PlaySetup& setup) {
  if (setup.opponent == OpponentPolicy::minimax || setup.opponent == OpponentPolicy::alpha_beta)
    return fmt::format(
        "the reference's {}, {} moves deep (the first of its best moves, in the game's order)",
        setup.opponent == OpponentPolicy::minimax ? "minimax" : "alpha-beta", setup.opponent_depth);
  if (setup.opponent == OpponentPolicy::expectimax)
    return fmt::format(
        "the reference's expectimax, {} moves deep (taking the student's moves as uniformly "
        "random; the first of its best moves, in the game's order)",
        setup.opponent_depth);
  if (setup.layout.empty()) return "a random player (uniform among its legal moves)";
  return setup.opponent == OpponentPolicy::random
             ? "random ghosts"
             : "directional ghosts (Berkeley's DirectionalGhost: toward Pacman with probability "
               "0.8, away when scared)";
}

// The game the reference replays the student's games on: Pacman's own, the game explored whole,
// or the rules game explored along the moves every game made (one request for them all).
std::shared_ptr<const ref::Game> game_of(const PlaySetup& setup, const TestSpec& test,
                                         const std::vector<const nlohmann::json*>& played) {
  if (setup.domain.game) return setup.domain.game;
  nlohmann::json lines = nlohmann::json::array();
  for (const nlohmann::json* game : played) {
    nlohmann::json line = nlohmann::json::array();
    if (game->is_object() && game->contains("moves") && (*game)["moves"].is_array())
      for (const auto& move : (*game)["moves"])
        if (move.is_array() && move.size() == 2) line.push_back(move[1]);
    lines.push_back(std::move(line));
  }
  return rules_game_along(*setup.rules, setup.domain.name, {{"lines", std::move(lines)}},
                          test.where);
}

std::string game_name(const PlaySetup& setup, std::int64_t game) {
  return fmt::format("game {} (seed {})", game + 1, seed_of(setup, game));
}

// One line per game: how it ended, with the evidence.
// One game as evidence; `same_as` names an earlier game that ended with the same detail (ten
// identical tracebacks say no more than one).
std::string game_line(const PlaySetup& setup, std::int64_t game, const GameResult& result,
                      std::optional<std::int64_t> same_as = std::nullopt) {
  std::string line = setup.rules != nullptr  // a rules game's score is its outcome's
                         ? fmt::format("{}: {}, {} moves", game_name(setup, game),
                                       to_string(result.end), result.moves)
                         : fmt::format("{}: {}, score {:g}, {} moves", game_name(setup, game),
                                       to_string(result.end), result.score, result.moves);
  if (result.slowest_move_at > 0)
    line += fmt::format(", slowest move {:.3f} s (move {})", result.slowest_move,
                        result.slowest_move_at);
  if (result.end == GameEnd::timed_out)
    line += result.game_time_out
                ? fmt::format(": its moves used more than the game's {:g} s of CPU in all",
                              setup.game_seconds.value_or(0))
                : fmt::format(": that move used more than {:g} s of CPU", setup.move_seconds);
  if (same_as) {
    line += fmt::format(": as {}", game_name(setup, *same_as));
  } else if (!result.detail.empty()) {
    line += ": " + result.detail.substr(0, result.detail.find('\n'));  // the rest after the list
  }
  return line;
}

bool completed(const GameResult& result) {
  return result.end != GameEnd::timed_out && result.end != GameEnd::illegal_move &&
         result.end != GameEnd::raised;
}

// The aspects of the games' results, the verdict, and the games as evidence.
void judge(const PlaySetup& setup, const std::vector<GameResult>& results, TestOutcome& outcome) {
  std::size_t won = 0;
  std::size_t lost = 0;
  double total = 0;
  const GameResult* first_stop = nullptr;
  std::int64_t stopped_game = 0;
  std::vector<std::string> lines;
  std::vector<std::string> details;  // tracebacks, after the one-line list of every game
  for (std::size_t g = 0; g < results.size(); ++g) {
    const GameResult& result = results[g];
    won += result.end == GameEnd::won;
    lost += result.end == GameEnd::lost;
    total += result.score;
    std::optional<std::int64_t> same_as;
    for (std::size_t earlier = 0; earlier < g && !result.detail.empty(); ++earlier)
      if (results[earlier].detail == result.detail) {
        same_as = static_cast<std::int64_t>(earlier);
        break;
      }
    lines.push_back(game_line(setup, static_cast<std::int64_t>(g), result, same_as));
    if (!same_as && result.detail.find('\n') != std::string::npos)
      details.push_back(
          fmt::format("{}: {}", game_name(setup, static_cast<std::int64_t>(g)), result.detail));
    if (!completed(result) && first_stop == nullptr) {
      first_stop = &result;
      stopped_game = static_cast<std::int64_t>(g);
    }
  }
  const double average = results.empty() ? 0 : total / static_cast<double>(results.size());
  const auto incomplete = static_cast<double>(std::count_if(
      results.begin(), results.end(), [](const GameResult& r) { return !completed(r); }));
  outcome.figures = {{"games", static_cast<double>(results.size())},
                     {"won", static_cast<double>(won)},
                     {"lost", static_cast<double>(lost)},
                     {"drawn", static_cast<double>(results.size() - won - lost) - incomplete},
                     {"incomplete", incomplete},
                     {"average_score", average}};
  std::string summary = fmt::format("won {} of {} games (lost {})", won, results.size(), lost);
  if (setup.rules == nullptr || !setup.average_score.empty())
    summary += fmt::format(", average score {:.1f}", average);
  outcome.observed = summary + "\n" + fmt::format("{}", fmt::join(lines, "\n"));
  for (const std::string& detail : details) outcome.observed += "\n" + detail;
  const std::string not_credited =
      first_stop == nullptr
          ? std::string()
          : fmt::format(
                "not credited: {} did not complete ({}), and a result counts only "
                "when every game does",
                game_name(setup, stopped_game), to_string(first_stop->end));
  outcome.aspects.push_back(
      {"completed", "", first_stop == nullptr,
       first_stop == nullptr ? ""
                             : game_line(setup, stopped_game, *first_stop) +
                                   (first_stop->detail.find('\n') == std::string::npos
                                        ? std::string()
                                        : first_stop->detail.substr(first_stop->detail.find('\n'))),
       true});
  const auto first_timeout = std::find_if(results.begin(), results.end(), [](const GameResult& r) {
    return r.end == GameEnd::timed_out;
  });
  outcome.aspects.push_back(
      {"in_time", "", first_timeout == results.end(),
       first_timeout == results.end()
           ? ""
           : game_line(setup, first_timeout - results.begin(), *first_timeout),
       true});
  // A tier missed by a game or two is where a student asks why: the games are the seeded ones.
  const std::string seeded = fmt::format(
      ". The games are seeded ({} to {}), so a regrade plays these same games; another run "
      "(the course's own, seeded otherwise) plays others, and a strong agent may win one more "
      "or one fewer there",
      seed_of(setup, 0), seed_of(setup, static_cast<std::int64_t>(results.size()) - 1));
  for (std::size_t k = 0; k < setup.wins.size(); ++k) {
    const bool met = static_cast<double>(won) >= setup.wins[k];
    outcome.aspects.push_back({fmt::format("wins_{}", k + 1), "", met && first_stop == nullptr,
                               first_stop != nullptr ? not_credited
                               : met                 ? ""
                                     : fmt::format("{}; this tier asks for {:g} win(s) or more{}",
                                                   summary, setup.wins[k], seeded),
                               true});
  }
  const auto first_loss = std::find_if(results.begin(), results.end(),
                                       [](const GameResult& r) { return r.end == GameEnd::lost; });
  outcome.aspects.push_back({"unbeaten", "", first_loss == results.end() && first_stop == nullptr,
                             first_stop != nullptr ? not_credited
                             : first_loss == results.end()
                                 ? ""
                                 : game_line(setup, first_loss - results.begin(), *first_loss) +
                                       "; this asks that no game be lost",
                             true});
  for (std::size_t k = 0; k < setup.average_score.size(); ++k) {
    const bool met = average >= setup.average_score[k];
    outcome.aspects.push_back({fmt::format("score_{}", k + 1), "", met && first_stop == nullptr,
                               first_stop != nullptr ? not_credited
                               : met                 ? ""
                                     : fmt::format("{}; this tier asks for an average score of at "
                                                   "least {:g}{}",
                                                   summary, setup.average_score[k], seeded),
                               true});
  }
  outcome.verdict = first_stop == nullptr                      ? Verdict::accepted
                    : first_stop->end == GameEnd::timed_out    ? Verdict::time_limit_exceeded
                    : first_stop->end == GameEnd::illegal_move ? Verdict::wrong_answer
                                                               : Verdict::runtime_error;
}

// Where a rules game with `show` stopped at an illegal move, the position drawn as the course
// draws it, after the move and the legal ones (the state's text alone is hard to read).
void draw_position(const PlaySetup& setup, const ref::Game& game, GameResult& result) {
  const auto* rules = dynamic_cast<const RulesGame*>(&game);
  const std::string show = setup.rules ? setup.rules->value.value("show", std::string()) : "";
  if (rules == nullptr || show.empty()) return;
  const nlohmann::json value = rules->value_of(result.final_state);
  if (value.is_null()) return;
  const nlohmann::json drawn =
      ask_rules(*setup.rules, setup.domain.name, show,
                nlohmann::json::array({nlohmann::json::array({value})}), setup.rules->where);
  if (!drawn.is_array() || drawn.empty() || !drawn[0].is_string()) return;
  std::string indented;
  for (const char c : drawn[0].get<std::string>())
    indented += c == '\n' ? "\n  " : std::string(1, c);
  result.detail += "\n  " + indented;
}

// The driver's steps in order: the agent made (once for a Berkeley agent, before each game for
// an `object:`, its colour set), and each game's `play` (game >= 0); each named in feedback.
struct PlayStep {
  std::int64_t game = -1;  ///< The game a `play` step plays; -1 for the agent's making.
  std::string target;      ///< The bound agent a game asks.
  nlohmann::json steps;    ///< For game -1: the steps that make the agent.
  std::string name;        ///< How feedback names each of its steps.
};

std::vector<PlayStep> play_steps(const PlaySetup& setup) {
  std::vector<PlayStep> planned;
  if (setup.object.class_name.empty())
    planned.push_back({-1, "agent",
                       nlohmann::json::array({{{"op", "new"},
                                               {"class", setup.agent},
                                               {"args", nlohmann::json::array()},
                                               {"kwargs", setup.agent_args},
                                               {"bind", "agent"}}}),
                       agent_call(setup)});
  for (std::int64_t game = 0; game < setup.games; ++game) {
    std::string target = "agent";
    if (!setup.object.class_name.empty()) {
      target = fmt::format("agent{}", game + 1);
      const nlohmann::json none;
      const nlohmann::json& mine = setup.players.empty() ? none : setup.players[setup.player];
      const nlohmann::json& theirs = setup.players.empty() ? none : setup.players[1 - setup.player];
      planned.push_back({-1, target, game_object_steps(setup.object, target, mine, theirs),
                         fmt::format("{} for {}", agent_call(setup), game_name(setup, game))});
    }
    planned.push_back({game, target, nlohmann::json(), game_name(setup, game)});
  }
  return planned;
}

// A game the reference plays for a mutant agent: `choose` picks among the legal moves.
template <class Choose>
GameResult reference_game(const PlaySetup& setup, const ref::Game& rules, std::int64_t game,
                          Choose choose) {
  PlayedGame played;
  played.seed = seed_of(setup, game);
  played.player = setup.player;
  played.max_moves = setup.max_moves;
  played.opponent = setup.opponent;
  played.opponent_depth = setup.opponent_depth;
  ref::PythonRandom opponents(played.seed);
  ref::State state = rules.initial_state();
  played.end = "over";
  while (!rules.is_terminal(state)) {
    if (played.moves.size() >= setup.max_moves) {
      played.end = "move_cap";
      break;
    }
    const int mover =
        static_cast<int>(played.moves.size() % static_cast<std::size_t>(rules.agents()));
    const std::vector<ref::GameMove> legal = rules.moves(state, mover);
    if (legal.empty()) break;  // no move left: over by the rules
    const ref::GameMove& made =
        mover == setup.player ? choose(legal)
                              : legal[opponent_move(rules, state, mover, legal, setup.opponent,
                                                    opponents, setup.opponent_depth)];
    played.moves.emplace_back(mover, made.action);
    if (mover == setup.player) played.seconds.push_back(0);
    state = made.state;
  }
  return replay_played_game(rules, played);
}

}  // namespace

void GamePlayKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (assignment.submission.language != "python")
    throw SpecError(test.where,
                    "a game_play test plays the student's Python agent: "
                    "`language: python`");
  const PlaySetup setup = read_setup(assignment, test);
  for (const auto& [aspect, criteria] : test.grades) {
    for (std::size_t k = 1; k <= kMaxTiers; ++k) {
      const bool wins = aspect == fmt::format("wins_{}", k) && k > setup.wins.size();
      const bool score = aspect == fmt::format("score_{}", k) && k > setup.average_score.size();
      if (wins || score)
        throw SpecError(location_of(test, "/grades/" + aspect),
                        fmt::format("grades: {} is a tier this test does not state ({} has {})",
                                    aspect, wins ? "wins" : "average_score",
                                    wins ? setup.wins.size() : setup.average_score.size()));
    }
  }
}

Invocation GamePlayKind::invocation(const Assignment& assignment, const TestSpec& test,
                                    const GradingContext& context) const {
  const PlaySetup setup = read_setup(assignment, test);
  nlohmann::json steps = nlohmann::json::array();
  for (const PlayStep& planned : play_steps(setup)) {
    if (planned.game < 0) {
      for (auto& step : planned.steps) steps.push_back(step);
      continue;
    }
    nlohmann::json world;
    if (setup.rules != nullptr) {
      world = {{"$fn", "rules_game_state"}, {"rules", rules_file_value(*setup.rules)}};
    } else if (!setup.table.is_null()) {
      world = setup.table;
      world["$fn"] = "game_state";
    } else {
      world = {{"$fn", "berkeley_game_state"},
               {"layout", setup.layout},
               {"ghosts", setup.domain.game->agents() - 1}};
    }
    nlohmann::json play = {{"op", "play"},
                           {"target", planned.target},
                           {"method", setup.function},
                           {"world", world},
                           {"player", setup.player},
                           {"seed", seed_of(setup, planned.game)},
                           {"max_moves", setup.max_moves},
                           {"move_seconds", setup.move_seconds},
                           {"opponent", to_string(setup.opponent)}};
    if (const auto algorithm = searching(setup.opponent))  // no draw: the same each game
      play["policy"] =
          searched_policy(*setup.domain.game, 1 - setup.player, setup.opponent_depth, *algorithm);
    if (setup.game_seconds) play["game_seconds"] = *setup.game_seconds;
    if (!setup.argument.empty()) play["argument"] = setup.argument;
    if (!setup.object.position.empty()) play["position"] = setup.object.position;
    steps.push_back(std::move(play));
  }
  return make_driver_invocation(assignment, test, context, std::move(steps),
                                fmt::format("{} plays {} game(s) on '{}'", agent_call(setup),
                                            setup.games, setup.domain.name));
}

TestOutcome GamePlayKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                   const Observation& observation) const {
  const PlaySetup setup = read_setup(assignment, test);
  TestOutcome outcome;
  outcome.call = fmt::format("{}.{}({}) in {} game(s) on '{}'", agent_call(setup), setup.function,
                             setup.argument.empty() ? "state" : setup.argument, setup.games,
                             setup.domain.name);
  outcome.expected = fmt::format(
      "{} game(s) against {} (seeds {} to {}; at most {} moves a game, {:g} s of CPU a move{}), "
      "every one completed",
      setup.games, opponents_text(setup), seed_of(setup, 0), seed_of(setup, setup.games - 1),
      setup.max_moves, setup.move_seconds,
      setup.game_seconds ? fmt::format(" and {:g} s a game", *setup.game_seconds) : "");
  if (test.grades.count("unbeaten") > 0) outcome.expected += ", none lost";
  if (!setup.wins.empty())
    outcome.expected += fmt::format("; tiers: at least {} wins", fmt::join(setup.wins, " / "));
  if (!setup.average_score.empty())
    outcome.expected += fmt::format("; tiers: an average score of at least {}",
                                    fmt::join(setup.average_score, " / "));
  std::vector<std::string> calls;
  std::vector<std::int64_t> game_at;  // the game each driver step plays; -1 for none
  for (const PlayStep& planned : play_steps(setup)) {
    const std::size_t count = planned.game < 0 ? planned.steps.size() : 1;
    for (std::size_t k = 0; k < count; ++k) {
      calls.push_back(planned.name);
      game_at.push_back(planned.game);
    }
  }
  const DriverRun driver = read_driver_run(assignment, test, observation, calls, outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop);
    return outcome;
  }
  std::vector<const nlohmann::json*> games;
  for (std::size_t step = 0; step < calls.size(); ++step) {
    const DriverStepRecord& record = driver.transcript.steps[step];
    if (!record.ok) {  // the agent could not be built or asked (a missing class or method)
      fail_all_aspects(outcome, aspects(), step_failure(record, calls[step], driver.module_file));
      return outcome;
    }
    if (game_at[step] >= 0) games.push_back(&record.value);
  }
  const std::shared_ptr<const ref::Game> game = game_of(setup, test, games);
  std::vector<GameResult> results;
  for (std::size_t step = 0; step < calls.size(); ++step) {
    if (game_at[step] < 0) continue;
    PlayedGame played =
        read_played_game(driver.transcript.steps[step].value, seed_of(setup, game_at[step]),
                         setup.player, setup.max_moves);
    played.opponent = setup.opponent;
    played.opponent_depth = setup.opponent_depth;
    results.push_back(replay_played_game(*game, played));
    if (results.back().end == GameEnd::illegal_move) draw_position(setup, *game, results.back());
  }
  judge(setup, results, outcome);
  return outcome;
}

std::vector<MutantOutcome> GamePlayKind::mutant_outcomes(const Assignment& assignment,
                                                         const TestSpec& test) const {
  const PlaySetup setup = read_setup(assignment, test);
  std::vector<MutantOutcome> outcomes;
  std::vector<GameResult> random_games;
  std::vector<GameResult> idle_games;
  // A rules game is explored along every mutant game, played there by the rules' process with
  // the same draws (the driver's _line_states), in one request.
  std::shared_ptr<const ref::Game> rules = setup.domain.game;  // explored whole
  if (!rules) {
    nlohmann::json lines = nlohmann::json::array();
    for (std::int64_t game = 0; game < setup.games; ++game)
      for (const char* agent : {"random", "first"})
        lines.push_back({{"player", setup.player},
                         {"agent", agent},
                         {"seed", seed_of(setup, game)},
                         {"max_moves", setup.max_moves}});
    rules = rules_game_along(*setup.rules, setup.domain.name, {{"lines", std::move(lines)}},
                             test.where);
  }
  for (std::int64_t game = 0; game < setup.games; ++game) {
    ref::PythonRandom own(seed_of(setup, game) + 1);
    random_games.push_back(reference_game(
        setup, *rules, game, [&](const auto& legal) -> const auto& { return own.choice(legal); }));
    idle_games.push_back(reference_game(
        setup, *rules, game, [](const auto& legal) -> const auto& {
          const auto stop = std::find_if(legal.begin(), legal.end(), [](const ref::GameMove& move) {
            return move.action == "Stop";
          });
          return stop != legal.end() ? *stop : legal.front();
        }));
  }
  MutantOutcome random{"plays_randomly", "moves uniformly at random (no search)", {}};
  judge(setup, random_games, random.outcome);
  MutantOutcome idle =
      !setup.layout.empty()  // Pacman may Stop; another game's agent must move
          ? MutantOutcome{"never_moves", "never moves (Stop)", {}}
          : MutantOutcome{"always_first_move", "always makes its first legal move (no search)", {}};
  judge(setup, idle_games, idle.outcome);
  outcomes.push_back(std::move(random));
  outcomes.push_back(std::move(idle));
  return outcomes;
}

}  // namespace sg
