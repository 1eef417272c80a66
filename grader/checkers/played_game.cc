#include "checkers/played_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "checkers/python_value.h"
#include "reference/python_random.h"

namespace sg {
namespace {

std::string legal_names(const std::vector<ref::GameMove>& moves) {
  std::vector<std::string> names;
  for (const auto& move : moves) names.push_back(move.action);
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

PlayedGame read_played_game(const nlohmann::json& value, std::int64_t seed, int player,
                            std::size_t max_moves) {
  PlayedGame played;
  played.seed = seed;
  played.player = player;
  played.max_moves = max_moves;
  if (!value.is_object() || !value.contains("moves") || !value["moves"].is_array() ||
      !value.contains("end") || !value["end"].is_string())
    throw std::runtime_error("the driver's play value has no moves or end: " +
                             value.dump().substr(0, 200));
  for (const auto& move : value["moves"]) {
    if (!move.is_array() || move.size() != 2 || !move[0].is_number_integer())
      throw std::runtime_error("the driver's play value has a move of another shape: " +
                               move.dump());
    played.moves.emplace_back(move[0].get<int>(), action_text(move[1]));
  }
  for (const auto& spent : value.value("seconds", nlohmann::json::array()))
    played.seconds.push_back(spent.is_number() ? spent.get<double>() : 0.0);
  played.end = value["end"].get<std::string>();
  played.detail = value.value("detail", nlohmann::json());
  return played;
}

std::string to_string(GameEnd end) {
  switch (end) {
    case GameEnd::won:
      return "won";
    case GameEnd::lost:
      return "lost";
    case GameEnd::drawn:
      return "drawn";
    case GameEnd::move_cap:
      return "move cap";
    case GameEnd::illegal_move:
      return "illegal move";
    case GameEnd::raised:
      return "raised";
    case GameEnd::timed_out:
      return "timed out";
  }
  return "?";
}

GameResult replay_played_game(const ref::Game& game, const PlayedGame& played) {
  ref::PythonRandom opponents(played.seed);
  ref::State state = game.initial_state();
  GameResult result;
  std::size_t student_moves = 0;
  for (std::size_t i = 0; i < played.moves.size(); ++i) {
    const auto& [agent, action] = played.moves[i];
    const int mover = static_cast<int>(i % static_cast<std::size_t>(game.agents()));
    const std::string where =
        fmt::format("move {} of the game of seed {} ({} in {})", i + 1, played.seed, action, state);
    if (agent != mover)
      throw std::logic_error(
          fmt::format("{}: made by agent {}, but agent {} moves then", where, agent, mover));
    if (game.is_terminal(state))
      throw std::logic_error(where + ": the game was already over by the reference's rules");
    const std::vector<ref::GameMove> legal = game.moves(state, mover);
    if (legal.empty())
      throw std::logic_error(where + ": the agent has no legal move by the reference's rules");
    const auto made = std::find_if(legal.begin(), legal.end(), [&](const ref::GameMove& move) {
      return move.action == action;
    });
    if (made == legal.end())
      throw std::logic_error(fmt::format("{}: not legal by the reference's rules (legal: {})",
                                         where, legal_names(legal)));
    if (mover == played.player) {
      if (student_moves < played.seconds.size() &&
          played.seconds[student_moves] > result.slowest_move) {
        result.slowest_move = played.seconds[student_moves];
        result.slowest_move_at = i + 1;
      }
      ++student_moves;
    } else {
      const ref::GameMove& drawn = legal[opponent_move(game, state, mover, legal, played.opponent,
                                                       opponents, played.opponent_depth)];
      if (drawn.action != action)
        throw std::logic_error(
            fmt::format("{}: the opponent's seeded draw is {}", where, drawn.action));
    }
    state = made->state;
  }
  result.moves = played.moves.size();
  result.final_state = state;
  try {
    result.score = game.evaluate(state);
    if (played.player != 0) result.score = -result.score;  // two players, zero-sum
  } catch (const std::out_of_range&) {
    result.score = 0;  // a rules game with no evaluate stopped before its end
  }
  // The move the process stopped at (the student's) is timed too.
  if (student_moves < played.seconds.size() &&
      played.seconds[student_moves] > result.slowest_move) {
    result.slowest_move = played.seconds[student_moves];
    result.slowest_move_at = played.moves.size() + 1;
  }
  const bool over = game.is_terminal(state);
  if (played.end == "over") {
    if (!over)
      throw std::logic_error(
          fmt::format("the game of seed {} is said over after {} moves, but "
                      "the reference's rules go on ({})",
                      played.seed, played.moves.size(), state));
    const int outcome = game.outcome(state);
    result.end = outcome > 0 ? GameEnd::won : outcome < 0 ? GameEnd::lost : GameEnd::drawn;
    if (played.player != 0 && outcome != 0)  // outcome is agent 0's
      result.end = outcome > 0 ? GameEnd::lost : GameEnd::won;
    return result;
  }
  if (over)
    throw std::logic_error(
        fmt::format("the game of seed {} is over by the reference's rules "
                    "after {} moves, but the process went on ({})",
                    played.seed, played.moves.size(), played.end));
  if (played.end == "move_cap") {
    if (played.moves.size() != played.max_moves)
      throw std::logic_error(
          fmt::format("the game of seed {} stopped at the move cap after {} "
                      "moves, not {}",
                      played.seed, played.moves.size(), played.max_moves));
    result.end = GameEnd::move_cap;
    return result;
  }
  const int next = static_cast<int>(played.moves.size() % static_cast<std::size_t>(game.agents()));
  if (next != played.player)
    throw std::logic_error(
        fmt::format("the game of seed {} ended ({}) on agent {}'s turn, not "
                    "the student's",
                    played.seed, played.end, next));
  if (played.end == "illegal") {
    result.end = GameEnd::illegal_move;
    result.detail =
        fmt::format("returned {} in {}; legal: {}", played.detail.value("repr", std::string("?")),
                    state, legal_names(game.moves(state, next)));
  } else if (played.end == "raised") {
    result.end = GameEnd::raised;
    result.detail = played.detail.value("traceback", std::string());
    if (result.detail.empty())
      result.detail = fmt::format("{}: {}", played.detail.value("type", std::string("?")),
                                  played.detail.value("message", std::string()));
    if (const std::string unwritten = unwritten_placeholder(result.detail); !unwritten.empty())
      result.detail = unwritten + "\n" + result.detail;
  } else if (played.end == "timeout" || played.end == "game_timeout") {
    result.end = GameEnd::timed_out;
    result.game_time_out = played.end == "game_timeout";
  } else {
    throw std::logic_error(
        fmt::format("the game of seed {} ended in an unknown way: {}", played.seed, played.end));
  }
  return result;
}

}  // namespace sg
