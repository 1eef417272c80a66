// The Berkeley support modules the grader ships (specs/support/berkeley: the GameState a
// multiAgents.py is handed) play Pacman by the reference's rules (reference/pacman_game.h):
// random games are played with the reference, every agent in turn choosing uniformly among its
// legal moves, and replayed move by move through pacman.py's GameState, which must list the
// same legal moves for the agent to move and reach the same state after each (positions, facing
// of the ghosts, scared timers, food, capsules, score, win or loss).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "checkers/played_game.h"
#include "reference/pacman_game.h"
#include "reference/pacman_layout.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace pacman_support_rules_test {

namespace fs = std::filesystem;

// Replays {"layout", "games": [[[agent, action], ...], ...]} through pacman.py and prints, per
// game, the initial state's text and, per move, the mover's legal actions before it and the
// state's text after it, written as reference/pacman_game.h writes states.
constexpr const char* kReplay = R"py(
import json, sys
import layout, pacman

def half(v):
    return '%g' % v

def text(state):
    data = state.data
    x, y = state.getPacmanPosition()
    parts = ['P(%d,%d)' % (x, y)]
    for ghost in data.agentStates[1:]:
        gx, gy = ghost.getPosition()
        part = 'G(%s,%s,%s' % (half(gx), half(gy), ghost.getDirection())
        if ghost.scaredTimer > 0:
            part += ',scared=%d' % ghost.scaredTimer
        parts.append(part + ')')
    cells = lambda cs: ','.join('(%d,%d)' % c for c in sorted(cs))
    parts.append('food{%s}' % cells(data.food.asList()))
    if data.capsules:
        parts.append('capsules{%s}' % cells(data.capsules))
    parts.append('score=%d' % state.getScore())
    if state.isWin():
        parts.append('win')
    if state.isLose():
        parts.append('lose')
    return ' '.join(parts)

request = json.load(open(sys.argv[1]))
games = []
for moves in request['games']:
    state = pacman.GameState()
    state.initialize(layout.Layout(request['layout'].split('\n')), 1000)
    replayed = {'initial': text(state), 'steps': []}
    for agent, action in moves:
        legal = state.getLegalActions(agent)
        state = state.generateSuccessor(agent, action)
        replayed['steps'].append([legal, text(state)])
    games.append(replayed)
json.dump(games, open(sys.argv[2], 'w'))
)py";

struct Played {
  std::string initial;
  std::vector<int> agents;
  std::vector<std::string> actions;
  std::vector<std::vector<std::string>> legal;
  std::vector<std::string> states;
};

// `games` random games on `game`, each at most `max_moves` moves, seeded 1, 2, ...
std::vector<Played> play(const ref::PacmanGame& game, int games, int max_moves) {
  std::vector<Played> played;
  for (int g = 1; g <= games; ++g) {
    std::mt19937 random(static_cast<unsigned>(g));
    Played one;
    one.initial = game.initial_state();
    ref::State state = one.initial;
    int agent = 0;
    for (int move = 0; move < max_moves && !game.is_terminal(state); ++move) {
      const std::vector<ref::GameMove> moves = game.moves(state, agent);
      if (moves.empty()) break;
      std::vector<std::string> names;
      for (const auto& legal : moves) names.push_back(legal.action);
      const auto& chosen =
          moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
      one.agents.push_back(agent);
      one.actions.push_back(chosen.action);
      one.legal.push_back(names);
      one.states.push_back(chosen.state);
      state = chosen.state;
      agent = (agent + 1) % game.agents();
    }
    played.push_back(std::move(one));
  }
  return played;
}

// Runs `command` in a shell; returns what it printed (stdout and stderr).
std::string run_shell(const std::string& command) {
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    std::size_t read = 0;
    while ((read = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, read);
    EXPECT_EQ(::pclose(pipe), 0) << output;
  }
  return output;
}

// An open maze with two capsules and three ghosts, food everywhere.
constexpr const char* kOpenMaze =
    "%%%%%%%%%%\n"
    "%o...%..G%\n"
    "%.%%.%.%.%\n"
    "%.G..P...%\n"
    "%.%.%%.%.%\n"
    "%...G...o%\n"
    "%%%%%%%%%%\n";

// pacman.py's replay of `played` on `layout`.
nlohmann::json replay(const std::string& layout, const std::vector<Played>& played) {
  const fs::path folder = fs::temp_directory_path() / fmt::format("sg-pacman-rules-{}", ::getpid());
  fs::create_directories(folder);
  nlohmann::json request = {{"layout", layout}, {"games", nlohmann::json::array()}};
  for (const Played& game : played) {
    nlohmann::json moves = nlohmann::json::array();
    for (std::size_t i = 0; i < game.actions.size(); ++i)
      moves.push_back({game.agents[i], game.actions[i]});
    request["games"].push_back(moves);
  }
  std::ofstream(folder / "request.json") << request.dump();
  std::ofstream(folder / "replay.py") << kReplay;
  // python3 -I ignores PYTHONPATH: the support folder is put first on sys.path here.
  const std::string run = fmt::format(
      "cd '{}' && python3 -I -c \"import sys, runpy; sys.path.insert(0, '{}'); sys.argv = "
      "sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')\" '{}' '{}' '{}' 2>&1",
      folder.string(), (fs::path(SG_SOURCE_DIR) / "specs" / "support" / "berkeley").string(),
      (folder / "replay.py").string(), (folder / "request.json").string(),
      (folder / "replayed.json").string());
  const std::string output = run_shell(run);
  std::ifstream in(folder / "replayed.json");
  std::stringstream text;
  text << in.rdbuf();
  fs::remove_all(folder);
  if (text.str().empty()) {
    ADD_FAILURE() << "pacman.py did not replay the games: " << output;
    return nlohmann::json::array();
  }
  return nlohmann::json::parse(text.str());
}

// What the games went through, so the test is known to reach each rule.
struct Seen {
  int moves = 0;
  int wins = 0;
  int losses = 0;
  int scared = 0;        // states with a scared ghost
  int half_squares = 0;  // states with a ghost between squares
};

Seen expect_same_games(const std::string& layout_text, int games, int max_moves) {
  const ref::PacmanGame game(ref::parse_pacman_layout(layout_text));
  const std::vector<Played> played = play(game, games, max_moves);
  const nlohmann::json replayed = replay(layout_text, played);
  Seen seen;
  if (replayed.size() != played.size()) {
    ADD_FAILURE() << "replayed " << replayed.size() << " of " << played.size() << " games";
    return seen;
  }
  for (std::size_t g = 0; g < played.size(); ++g) {
    const Played& mine = played[g];
    EXPECT_EQ(replayed[g]["initial"], mine.initial) << "game " << g + 1;
    const auto& steps = replayed[g]["steps"];
    for (std::size_t i = 0; i < mine.actions.size(); ++i) {
      const std::string where =
          fmt::format("game {} (seed {}), move {}: agent {} plays {} after {}", g + 1, g + 1, i + 1,
                      mine.agents[i], mine.actions[i], i == 0 ? mine.initial : mine.states[i - 1]);
      if (steps[i][0].get<std::vector<std::string>>() != mine.legal[i] ||
          steps[i][1].get<std::string>() != mine.states[i]) {
        ADD_FAILURE() << where << "\n  legal (reference): "
                      << fmt::format("{}", fmt::join(mine.legal[i], ", "))
                      << "\n  legal (pacman.py): " << steps[i][0].dump()
                      << "\n  after (reference): " << mine.states[i]
                      << "\n  after (pacman.py): " << steps[i][1].get<std::string>();
        return seen;  // the first difference; the rest follow from it
      }
      ++seen.moves;
      const std::string& state = mine.states[i];
      seen.wins += state.ends_with(" win");
      seen.losses += state.ends_with(" lose");
      seen.scared += state.find("scared=") != std::string::npos;
      seen.half_squares += state.find(".5,") != std::string::npos;
    }
  }
  return seen;
}

TEST(PacmanSupportRules, PacmanPyPlaysRandomGamesAsTheReferenceDoes) {
  // A capsule ring: ghosts scared, moving by half squares, eaten and sent home.
  const Seen capsules = expect_same_games(
      "%%%%%%%%\n"
      "%. P  o%\n"
      "% %%%% %\n"
      "%G .  G%\n"
      "%%%%%%%%\n",
      300, 120);
  EXPECT_GT(capsules.scared, 0);
  EXPECT_GT(capsules.half_squares, 0);
  EXPECT_GT(capsules.losses, 0);
  const Seen open = expect_same_games(kOpenMaze, 300, 200);
  EXPECT_GT(open.moves, 5000);
  EXPECT_GT(open.scared, 0);
  EXPECT_GT(open.losses, 0);
  // A corridor with little food and a ghost far off: games are won, and a ghost may meet
  // Pacman on the move that wins.
  const Seen corridor = expect_same_games(
      "%%%%%%%%%%\n"
      "%..P    G%\n"
      "%%%%%%%%%%\n",
      300, 60);
  EXPECT_GT(corridor.wins, 0);
  EXPECT_GT(corridor.losses, 0);
}

// The games the driver's `play` op has a student's agent play against random ghosts, and against
// Berkeley's directional ghosts (in the student's process, with pacman.py's rules), replay by the
// reference's rules, each ghost's move being its seeded draw (the directional ghosts' weights
// computed on both sides: checkers/opponent_move.h): the grader can trust none of the process's
// own account.
TEST(PacmanSupportRules, GamesTheDriverPlaysReplayByTheReferencesRules) {
  const fs::path folder = fs::temp_directory_path() / fmt::format("sg-pacman-play-{}", ::getpid());
  fs::create_directories(folder);
  for (const char* name : {"util.py", "game.py", "layout.py", "pacman.py"})
    fs::copy_file(fs::path(SG_SOURCE_DIR) / "specs" / "support" / "berkeley" / name, folder / name,
                  fs::copy_options::overwrite_existing);
  std::ofstream(folder / "student.py") << R"py(import random
import util
from game import Agent

class Greedy(Agent):
    """Eats the food nearest, away from ghosts; ties broken at random (its own draws)."""
    def getAction(self, state):
        best, choices = None, []
        for action in state.getLegalActions(0):
            after = state.generatePacmanSuccessor(action)
            food = after.getFood().asList()
            near = min([util.manhattanDistance(after.getPacmanPosition(), f) for f in food] or [0])
            value = after.getScore() - near
            if best is None or value > best:
                best, choices = value, [action]
            elif value == best:
                choices.append(action)
        print('chose among', choices)
        return random.choice(choices)
)py";
  nlohmann::json steps = nlohmann::json::array(
      {{{"op", "new"}, {"class", "Greedy"}, {"args", nlohmann::json::array()}, {"bind", "agent"}}});
  constexpr int kGames = 30;  // each against random ghosts, then directional ones
  constexpr std::size_t kMaxMoves = 400;
  const auto opponent_of = [&](int seed) {
    return seed <= kGames ? OpponentPolicy::random : OpponentPolicy::directional;
  };
  for (int seed = 1; seed <= 2 * kGames; ++seed)
    steps.push_back(
        {{"op", "play"},
         {"target", "agent"},
         {"world", {{"$fn", "berkeley_game_state"}, {"layout", kOpenMaze}, {"ghosts", 3}}},
         {"seed", seed},
         {"max_moves", kMaxMoves},
         {"move_seconds", 5},
         {"opponent", to_string(opponent_of(seed))}});
  std::ofstream(folder / "request.json")
      << nlohmann::json{{"protocol", 1}, {"module", "student"}, {"steps", steps}}.dump();
  const std::string printed = run_shell(
      fmt::format("cd '{}' && python3 -I -B '{}' < request.json 2>/dev/null", folder.string(),
                  (fs::path(SG_SOURCE_DIR) / "grader" / "drivers" / "python_driver.py").string()));
  fs::remove_all(folder);

  const ref::PacmanGame game(ref::parse_pacman_layout(kOpenMaze));
  std::istringstream lines(printed);
  std::string line;
  int replayed = 0;
  std::map<OpponentPolicy, int> won;
  std::map<OpponentPolicy, int> lost;
  while (std::getline(lines, line)) {
    const nlohmann::json record = nlohmann::json::parse(line);
    if (record.value("sg", "") != "step" || record.value("index", 0) == 0) continue;
    ASSERT_TRUE(record.value("ok", false)) << line;
    const int seed = record["index"].get<int>();
    PlayedGame played = read_played_game(record["value"], seed, 0, kMaxMoves);
    played.opponent = opponent_of(seed);
    const GameResult result = replay_played_game(game, played);  // throws where they differ
    EXPECT_EQ(played.end, result.end == GameEnd::move_cap ? "move_cap" : "over") << seed;
    EXPECT_DOUBLE_EQ(result.score, record["value"]["score"].get<double>()) << seed;
    won[played.opponent] += result.end == GameEnd::won;
    lost[played.opponent] += result.end == GameEnd::lost;
    ++replayed;
  }
  EXPECT_EQ(replayed, 2 * kGames) << printed.substr(0, 2000);
  for (const OpponentPolicy policy : {OpponentPolicy::random, OpponentPolicy::directional}) {
    EXPECT_GT(won[policy], 0) << to_string(policy);
    EXPECT_GT(lost[policy], 0) << to_string(policy);
  }
  // Ghosts that hunt catch the same agent more often than ghosts that wander.
  EXPECT_GT(lost[OpponentPolicy::directional], lost[OpponentPolicy::random]);
}

}  // namespace pacman_support_rules_test
}  // namespace
}  // namespace sg
