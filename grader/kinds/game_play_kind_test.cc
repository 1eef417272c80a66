#include "kinds/game_play_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "checkers/opponent_move.h"
#include "kinds/kind_test_util.h"
#include "reference/pacman_game.h"
#include "reference/pacman_layout.h"
#include "reference/python_random.h"
#include "reference/tic_tac_toe.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace game_play_kind_test {

using test_util::aspect;
using ::testing::HasSubstr;

// Pacman two squares from its food, a ghost far off: West twice wins.
constexpr const char* kCorridor = "%%%%%%%%%%\n%..P    G%\n%%%%%%%%%%\n";

Assignment spec_with(const std::string& test_keys,
                     const std::string& grades = "{completed: a, wins_1: a}") {
  return load_spec_from_string(std::string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: multiAgents}
domains:
  corridor:
    type: pacman
    layout: |
)yaml") + "      %%%%%%%%%%\n      %..P    G%\n      %%%%%%%%%%\n" +
                                   R"yaml(
  duel:
    type: rules
    is: game
    source: "class Duel: pass"
    world: Duel
  ttt:
    type: tic_tac_toe
    start: "XO.XO...."
  tree:
    type: game_tree
    root: A
    moves: {A: [[l, B], [r, C]]}
    values: {B: 1, C: 2}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: game_play
    grades: )yaml" + grades + "\n" +
                                   test_keys,
                               "specs/demo.yaml");
}

const std::string kPlay = "    domain: corridor\n    agent: ReflexAgent\n";

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(GamePlayKind(), assignment, assignment.tests.back());
}

// What the driver's `play` op returns for a game of seed `seed` where the student plays
// `mine` in turn (the ghost its seeded draws), ending as `end` says.
std::string played(std::int64_t seed, const std::vector<std::string>& mine, const std::string& end,
                   const std::string& detail = "null") {
  const ref::PacmanGame game(ref::parse_pacman_layout(kCorridor));
  ref::PythonRandom opponents(seed);
  ref::State state = game.initial_state();
  nlohmann::json moves = nlohmann::json::array();
  nlohmann::json seconds = nlohmann::json::array();
  std::size_t next = 0;
  for (int i = 0; !game.is_terminal(state); ++i) {
    const int mover = i % game.agents();
    if (mover == 0 && next == mine.size()) break;
    const auto legal = game.moves(state, mover);
    const ref::GameMove* made = &opponents.choice(legal);
    if (mover == 0) {
      for (const auto& move : legal)
        if (move.action == mine[next]) made = &move;
      ++next;
      seconds.push_back(0.01);
    }
    moves.push_back({mover, made->action});
    state = made->state;
  }
  if (end == "timeout") seconds.push_back(6.0);
  return nlohmann::json{{"moves", moves},
                        {"seconds", seconds},
                        {"end", end},
                        {"detail", nlohmann::json::parse(detail)},
                        {"score", 0}}
      .dump();
}

TEST(GamePlayKind, ValidatesAPacmanGameAndItsTiers) {
  EXPECT_EQ(validation_error(spec_with(kPlay + "    wins: [1, 3]\n")), "no error");
  EXPECT_THAT(validation_error(spec_with(kPlay)),
              HasSubstr("grades: wins_1 is a tier this test does not state"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    games: 3\n    wins: [1, 5]\n")),
              HasSubstr("a tier of 5 wins in 3 games can never be met"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    wins: [2, 1]\n")),
              HasSubstr("wins: 1 to 4 increasing whole numbers"));
  EXPECT_EQ(validation_error(spec_with("    domain: tree\n    agent: A\n    wins: [1]\n")),
            "no error");  // a two-player game, played from its table
  EXPECT_THAT(validation_error(spec_with("    domain: tree\n    agent: A\n    wins: [1]\n"
                                         "    opponent: minimax\n")),
              HasSubstr("needs `opponent_depth:`"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    wins: [1]\n    opponent: minimax\n"
                                                 "    opponent_depth: 2\n")),
              HasSubstr("not Pacman"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    wins: [1]\n    opponent_depth: 2\n")),
              HasSubstr("the depth of a searching opponent"));
  EXPECT_THAT(validation_error(spec_with("    domain: corridor\n    wins: [1]\n")),
              HasSubstr("needs one of `agent:`"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    wins: [1]\n    opponent: alphabeta\n")),
              HasSubstr("opponent"));
}

TEST(GamePlayKind, TheDriverPlaysEachGameWithItsSeed) {
  const Assignment assignment = spec_with(
      kPlay + "    games: 3\n    seed: 10\n    agent_args: {depth: \"2\"}\n    wins: [1]\n");
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  const Invocation invocation =
      GamePlayKind().invocation(assignment, assignment.tests.back(), context);
  const nlohmann::json request = nlohmann::json::parse(*invocation.stdin_data);
  const nlohmann::json& steps = request["steps"];
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[0]["op"], "new");
  EXPECT_EQ(steps[0]["kwargs"]["depth"], "2");
  EXPECT_EQ(steps[1]["op"], "play");
  EXPECT_EQ(steps[1]["seed"], 10);
  EXPECT_EQ(steps[3]["seed"], 12);
  EXPECT_EQ(steps[1]["world"]["ghosts"], 1);
  EXPECT_THAT(steps[1]["world"]["layout"].get<std::string>(), HasSubstr("%..P    G%"));
  EXPECT_EQ(steps[1]["opponent"], "random");
}

// A course's rules game (CS540's Teeko): a new object each game, its colour set, asked for
// its move with the rules' view of the state; the student may play either colour.
const std::string kDuel =
    "    domain: duel\n    object: {class: TeekoPlayer, player: my_piece, opponent: opp, "
    "position: board}\n    function: make_move\n    argument: board\n    players: [b, r]\n"
    "    wins: [2]\n    games: 3\n";

TEST(GamePlayKind, ARulesGameIsPlayedByANewObjectEachGameAsTheColourItPlays) {
  const Assignment assignment = spec_with(kDuel + "    plays: r\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  const Invocation invocation =
      GamePlayKind().invocation(assignment, assignment.tests.back(), context);
  const nlohmann::json steps = nlohmann::json::parse(*invocation.stdin_data)["steps"];
  ASSERT_EQ(steps.size(), 12u);  // per game: new, its colour, the other's, play
  EXPECT_EQ(steps[0]["op"], "new");
  EXPECT_EQ(steps[0]["class"], "TeekoPlayer");
  EXPECT_EQ(steps[1]["attr"], "my_piece");
  EXPECT_EQ(steps[1]["value"], "r");
  EXPECT_EQ(steps[2]["attr"], "opp");
  EXPECT_EQ(steps[2]["value"], "b");
  const nlohmann::json& play = steps[3];
  EXPECT_EQ(play["op"], "play");
  EXPECT_EQ(play["target"], steps[0]["bind"]);
  EXPECT_EQ(play["method"], "make_move");
  EXPECT_EQ(play["argument"], "board");
  EXPECT_EQ(play["position"], "board");
  EXPECT_EQ(play["player"], 1);
  EXPECT_EQ(play["world"]["$fn"], "rules_game_state");
  EXPECT_EQ(play["world"]["rules"]["world"], "Duel");
  EXPECT_NE(steps[4]["bind"], steps[0]["bind"]);  // the next game's own object
  EXPECT_EQ(steps[11]["seed"], 3);
}

TEST(GamePlayKind, ARulesGameNamesWhatItNeeds) {
  EXPECT_THAT(validation_error(spec_with(kDuel + "    plays: g\n")),
              HasSubstr("plays: the player the student's agent plays, one of `players:`"));
  EXPECT_THAT(validation_error(spec_with("    domain: duel\n    object: {class: T, player: me}\n"
                                         "    function: f\n    wins: [1]\n")),
              HasSubstr("need `players:`"));
  EXPECT_THAT(validation_error(spec_with("    domain: duel\n    object: {class: T}\n"
                                         "    wins: [1]\n")),
              HasSubstr("needs `function:`"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    argument: board\n    wins: [1]\n")),
              HasSubstr("only a rules game has one"));
  EXPECT_THAT(validation_error(spec_with(kDuel + "    opponent: directional\n")),
              HasSubstr("directional is Berkeley's ghost, in a Pacman game only"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    object: {class: T}\n    wins: [1]\n")),
              HasSubstr("needs one of `agent:`"));
}

// A one-game tic-tac-toe test of MinimaxAgent from "XO.XO...." against `opponent`, 9 moves deep.
Assignment tic_tac_toe_against(const std::string& opponent) {
  return spec_with("    domain: ttt\n    agent: MinimaxAgent\n    opponent: " + opponent +
                       "\n    opponent_depth: 9\n    games: 1\n    max_moves: 9\n",
                   "{unbeaten: a}");
}

// The `play` step the test's invocation hands the driver.
nlohmann::json play_step(const Assignment& assignment, const TestSpec& test) {
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  return nlohmann::json::parse(
      *GamePlayKind().invocation(assignment, test, context).stdin_data)["steps"][1];
}

// What the driver returns for a game of two moves, X's then O's, that O won.
std::string x_then_o_lost(const std::string& x_move, const std::string& o_move) {
  return nlohmann::json{{"moves", {{0, x_move}, {1, o_move}}},
                        {"seconds", {0.01}},
                        {"end", "over"},
                        {"detail", nullptr},
                        {"score", -1}}
      .dump();
}

// An expectimax opponent is handed to the driver as its own policy (not minimax's), named in the
// expected text, and its moves are what the replay re-derives.
TEST(GamePlayKind, AnExpectimaxOpponentPlaysItsOwnPolicy) {
  const Assignment assignment = tic_tac_toe_against("expectimax");
  ASSERT_EQ(validation_error(assignment), "no error");
  const TestSpec& test = assignment.tests.back();
  const nlohmann::json play = play_step(assignment, test);
  EXPECT_EQ(play["opponent"], "expectimax");
  const ref::TicTacToe game("XO.XO....");
  const auto expectimax = searched_policy(game, 1, 9, ref::GameAlgorithm::expectimax);
  using Policy = std::map<std::string, std::string>;
  EXPECT_EQ(play["policy"].get<Policy>(), expectimax);
  const std::vector<ref::GameMove> mine = game.moves(game.initial_state(), 0);
  const ref::GameMove& first = *std::find_if(
      mine.begin(), mine.end(), [&](const auto& move) { return !game.is_terminal(move.state); });
  const std::vector<ref::GameMove> theirs = game.moves(first.state, 1);
  const ref::GameMove& reply = *std::find_if(theirs.begin(), theirs.end(), [&](const auto& move) {
    return move.action == expectimax.at(first.state);
  });
  ASSERT_EQ(game.outcome(reply.state), -1) << "O wins at once here";
  const TestOutcome played = GamePlayKind().evaluate(
      assignment, test,
      test_util::driver_returned({"null", x_then_o_lost(first.action, reply.action)}));
  EXPECT_THAT(played.expected, HasSubstr("the reference's expectimax, 9 moves deep"));
  EXPECT_FALSE(aspect(played, "unbeaten").passed);
  EXPECT_THAT(validation_error(spec_with("    domain: ttt\n    agent: A\n    opponent: "
                                         "alpha_beta\n    wins: [1]\n")),
              HasSubstr("opponent: alpha_beta needs `opponent_depth:`"));
}

// Tic-tac-toe against the reference's minimax: the driver is handed its move in every state O
// moves in; a game the student loses fails `unbeaten`, and an O move that is not minimax's is
// the grader's fault.
TEST(GamePlayKind, AMinimaxOpponentPlaysTheReferencesMoveAndALostGameIsNamed) {
  const Assignment assignment = tic_tac_toe_against("minimax");
  ASSERT_EQ(validation_error(assignment), "no error");
  const TestSpec& test = assignment.tests.back();
  const nlohmann::json play = play_step(assignment, test);
  EXPECT_EQ(play["opponent"], "minimax");
  EXPECT_EQ(play["world"]["$fn"], "game_state");
  const ref::TicTacToe game("XO.XO....");
  const std::vector<ref::GameMove> mine = game.moves(game.initial_state(), 0);
  ASSERT_GT(mine.size(), 1u);
  // X misses its win at once; O, searching to the end, then wins.
  const ref::GameMove& missed = *std::find_if(
      mine.begin(), mine.end(), [&](const auto& move) { return !game.is_terminal(move.state); });
  const std::vector<ref::GameMove> theirs = game.moves(missed.state, 1);
  const ref::GameMove& reply = theirs[searched_move(game, missed.state, 1, 9)];
  ASSERT_EQ(play["policy"][missed.state], reply.action);
  ASSERT_EQ(game.outcome(reply.state), -1) << "O wins at once here";
  const auto record = [&](const std::string& o_move) {
    return x_then_o_lost(missed.action, o_move);
  };
  const TestOutcome lost = GamePlayKind().evaluate(
      assignment, test, test_util::driver_returned({"null", record(reply.action)}));
  EXPECT_FALSE(aspect(lost, "unbeaten").passed);
  EXPECT_THAT(aspect(lost, "unbeaten").feedback, HasSubstr("lost"));
  EXPECT_THAT(lost.expected, HasSubstr("the reference's minimax, 9 moves deep"));
  const auto other = std::find_if(theirs.begin(), theirs.end(),
                                  [&](const auto& move) { return move.action != reply.action; });
  EXPECT_THROW(GamePlayKind().evaluate(assignment, test,
                                       test_util::driver_returned({"null", record(other->action)})),
               std::logic_error);
}

// Berkeley's directional ghosts: the driver draws them, the expected outcome names them, and the
// audit's reference games play against them too.
TEST(GamePlayKind, DirectionalGhostsArePlayedAndNamed) {
  const Assignment assignment = spec_with(kPlay + "    opponent: directional\n    wins: [1]\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  const Invocation invocation =
      GamePlayKind().invocation(assignment, assignment.tests.back(), context);
  EXPECT_EQ(nlohmann::json::parse(*invocation.stdin_data)["steps"][1]["opponent"], "directional");
  const TestOutcome outcome = GamePlayKind().evaluate(assignment, assignment.tests.back(),
                                                      test_util::driver_returned({"null"}));
  EXPECT_THAT(outcome.expected, HasSubstr("against directional ghosts (Berkeley's"));
  EXPECT_FALSE(GamePlayKind().mutant_outcomes(assignment, assignment.tests.back()).empty());
}

TEST(GamePlayKind, GamesAreJudgedByTheReferencesReplayOfThem) {
  const Assignment assignment =
      spec_with(kPlay + "    games: 3\n    wins: [1, 3]\n    average_score: [500]\n",
                "{completed: a, wins_1: a, wins_2: a, score_1: a}");
  const TestSpec& test = assignment.tests.back();
  // Three games won: West twice (10 + 10 + 500 - 2), or a step east first.
  const TestOutcome three_won = GamePlayKind().evaluate(
      assignment, test,
      test_util::driver_returned({"null", played(1, {"West", "West"}, "over"),
                                  played(2, {"West", "West"}, "over"),
                                  played(3, {"East", "West", "West", "West"}, "over")}));
  EXPECT_EQ(three_won.verdict, Verdict::accepted);
  EXPECT_TRUE(aspect(three_won, "completed").passed);
  EXPECT_TRUE(aspect(three_won, "wins_1").passed);
  EXPECT_TRUE(aspect(three_won, "wins_2").passed) << three_won.observed;
  EXPECT_TRUE(aspect(three_won, "score_1").passed);
  EXPECT_THAT(three_won.observed, HasSubstr("won 3 of 3 games"));
  EXPECT_THAT(three_won.observed, HasSubstr("game 1 (seed 1): won, score 518, 3 moves"));

  const TestOutcome illegal = GamePlayKind().evaluate(
      assignment, test,
      test_util::driver_returned({"null", played(1, {"West", "West"}, "over"),
                                  played(2, {"East"}, "illegal", R"({"repr": "'Up'"})"),
                                  played(3, {"West", "West"}, "over")}));
  EXPECT_EQ(illegal.verdict, Verdict::wrong_answer);
  EXPECT_FALSE(aspect(illegal, "completed").passed);
  EXPECT_THAT(aspect(illegal, "completed").feedback,
              HasSubstr("game 2 (seed 2): illegal move, score -1, 2 moves"));
  EXPECT_THAT(aspect(illegal, "completed").feedback, HasSubstr("returned 'Up' in P(4,1)"));
  EXPECT_FALSE(aspect(illegal, "wins_1").passed);
  EXPECT_THAT(aspect(illegal, "wins_1").feedback, HasSubstr("not credited: game 2"));
  EXPECT_TRUE(aspect(illegal, "in_time").passed);  // an illegal move is not a slow one
  EXPECT_TRUE(aspect(three_won, "in_time").passed);

  const TestOutcome slow =
      GamePlayKind().evaluate(assignment, test,
                              test_util::driver_returned({"null", played(1, {"West"}, "timeout"),
                                                          played(2, {"West", "West"}, "over"),
                                                          played(3, {"West", "West"}, "over")}));
  EXPECT_EQ(slow.verdict, Verdict::time_limit_exceeded);
  EXPECT_THAT(aspect(slow, "completed").feedback,
              HasSubstr("slowest move 6.000 s (move 3): that move used more than 5 s of CPU"));
  EXPECT_FALSE(aspect(slow, "in_time").passed);
  EXPECT_THAT(
      aspect(slow, "in_time").feedback,
      HasSubstr("game 1 (seed 1): timed out, score 9, 2 moves, slowest move 6.000 s (move 3)"));
}

// game_seconds: the student's moves of one game in all; the move past it ends that game.
TEST(GamePlayKind, AGamePastItsCpuTimeInAllTimesOutAndSaysSo) {
  const Assignment assignment =
      spec_with(kPlay + "    games: 1\n    game_seconds: 2\n    wins: [1]\n");
  ASSERT_EQ(validation_error(assignment), "no error");
  const TestSpec& test = assignment.tests.back();
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  EXPECT_EQ(nlohmann::json::parse(*GamePlayKind()
                                       .invocation(assignment, test, context)
                                       .stdin_data)["steps"][1]["game_seconds"],
            2.0);
  const TestOutcome outcome = GamePlayKind().evaluate(
      assignment, test, test_util::driver_returned({"null", played(1, {"West"}, "game_timeout")}));
  EXPECT_EQ(outcome.verdict, Verdict::time_limit_exceeded);
  EXPECT_THAT(aspect(outcome, "completed").feedback,
              HasSubstr("its moves used more than the game's 2 s of CPU in all"));
  EXPECT_THAT(outcome.expected, HasSubstr("5 s of CPU a move and 2 s a game"));
  EXPECT_THAT(validation_error(spec_with(kPlay + "    game_seconds: 0\n    wins: [1]\n")),
              HasSubstr("game_seconds: CPU seconds of the student's moves in one game"));
}

// A process whose account the rules contradict is the grader's fault, not the student's zero.
TEST(GamePlayKind, ARecordTheReferenceContradictsIsAGraderFault) {
  const Assignment assignment = spec_with(kPlay + "    games: 3\n    wins: [1]\n");
  std::string wrong = played(1, {"West", "West"}, "over");
  wrong.replace(wrong.find("West"), 4, "East");  // not the move the rest of the game follows
  EXPECT_THROW(GamePlayKind().evaluate(
                   assignment, assignment.tests.back(),
                   test_util::driver_returned({"null", wrong, played(2, {"West", "West"}, "over"),
                                               played(3, {"West", "West"}, "over")})),
               std::logic_error);
}

TEST(GamePlayKind, AuditsAnAgentThatPlaysRandomlyAndOneThatNeverMoves) {
  const Assignment assignment =
      spec_with(kPlay + "    games: 20\n    max_moves: 60\n    wins: [1, 20]\n",
                "{completed: a, wins_1: a, wins_2: a}");
  const auto mutants = GamePlayKind().mutant_outcomes(assignment, assignment.tests.back());
  ASSERT_EQ(mutants.size(), 2u);
  EXPECT_EQ(mutants[0].mutant, "plays_randomly");
  EXPECT_TRUE(aspect(mutants[0].outcome, "wins_1").passed);   // it wins sometimes
  EXPECT_FALSE(aspect(mutants[0].outcome, "wins_2").passed);  // but not every game
  EXPECT_EQ(mutants[1].mutant, "never_moves");
  EXPECT_FALSE(aspect(mutants[1].outcome, "wins_1").passed);
}

}  // namespace game_play_kind_test
}  // namespace
}  // namespace sg
