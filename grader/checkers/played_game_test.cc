#include "checkers/played_game.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/pacman_game.h"
#include "reference/pacman_layout.h"
#include "reference/python_random.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace played_game_test {

using ::testing::HasSubstr;

// Pacman two squares from its food, a ghost far off to the east.
const ref::PacmanGame& corridor() {
  static const ref::PacmanGame game(
      ref::parse_pacman_layout("%%%%%%%%%%\n"
                               "%..P    G%\n"
                               "%%%%%%%%%%\n"));
  return game;
}

// The record the driver makes when the student plays `mine` in turn and the ghost its seeded
// draws (up to the student's next turn), ending as `end` says.
PlayedGame record(const std::vector<std::string>& mine, const std::string& end,
                  std::int64_t seed = 7) {
  PlayedGame played;
  played.seed = seed;
  played.max_moves = 100;
  played.end = end;
  ref::PythonRandom opponents(seed);
  ref::State state = corridor().initial_state();
  std::size_t next = 0;
  for (int i = 0; !corridor().is_terminal(state); ++i) {
    const int mover = i % corridor().agents();
    if (mover == 0 && next == mine.size()) break;  // the student's turn, and no move left
    const auto legal = corridor().moves(state, mover);
    const ref::GameMove* made = nullptr;
    if (mover == 0) {
      for (const auto& move : legal)
        if (move.action == mine[next]) made = &move;
      ++next;
      played.seconds.push_back(0.01 * static_cast<double>(next));
    } else {
      made = &opponents.choice(legal);
    }
    played.moves.emplace_back(mover, made->action);
    state = made->state;
  }
  return played;
}

TEST(PlayedGame, AGameWonOrCutByTheMoveCapIsTheReferencesResult) {
  const GameResult won = replay_played_game(corridor(), record({"West", "West"}, "over"));
  EXPECT_EQ(won.end, GameEnd::won);
  EXPECT_EQ(won.score, 10 + 10 + 500 - 2);
  EXPECT_EQ(won.moves, 3u);  // West, the ghost, West
  EXPECT_DOUBLE_EQ(won.slowest_move, 0.02);
  EXPECT_EQ(won.slowest_move_at, 3u);
  PlayedGame capped = record({"East", "West", "East", "West"}, "move_cap");
  capped.max_moves = capped.moves.size();
  EXPECT_EQ(replay_played_game(corridor(), capped).end, GameEnd::move_cap);
}

TEST(PlayedGame, TheStudentsLastMoveEndsItsGameWithItsVerdict) {
  PlayedGame illegal = record({"East"}, "illegal");
  illegal.detail = {{"repr", "'North'"}};
  const GameResult result = replay_played_game(corridor(), illegal);
  EXPECT_EQ(result.end, GameEnd::illegal_move);
  EXPECT_THAT(result.detail, HasSubstr("returned 'North' in P(4,1)"));
  EXPECT_THAT(result.detail, HasSubstr("legal: West, Stop, East"));
  PlayedGame raised = record({"East"}, "raised");
  raised.detail = {{"type", "KeyError"}, {"message", "'x'"}, {"traceback", ""}};
  EXPECT_EQ(replay_played_game(corridor(), raised).detail, "KeyError: 'x'");
  // The handout's placeholder exits Python: named for what it is, the traceback kept.
  PlayedGame unwritten = record({"East"}, "raised");
  unwritten.detail = {{"type", "SystemExit"},
                      {"message", "1"},
                      {"traceback",
                       "Traceback (most recent call last):\n"
                       "  File \"multiAgents.py\", line 180, in getAction\n"
                       "  File \"multiAgents.py\", line 200, in betterEvaluationFunction\n"
                       "  File \"util.py\", line 230, in raiseNotDefined\nSystemExit: 1\n"}};
  EXPECT_THAT(replay_played_game(corridor(), unwritten).detail,
              ::testing::StartsWith("betterEvaluationFunction is not written yet: it still calls "
                                    "util.raiseNotDefined()"));
  PlayedGame slow = record({"East"}, "timeout");
  slow.seconds.push_back(6.5);  // the move it was stopped in
  const GameResult timed_out = replay_played_game(corridor(), slow);
  EXPECT_EQ(timed_out.end, GameEnd::timed_out);
  EXPECT_DOUBLE_EQ(timed_out.slowest_move, 6.5);
  EXPECT_EQ(timed_out.slowest_move_at, 3u);
}

// Where the process's account and the reference's rules differ, the grader is at fault.
TEST(PlayedGame, ARecordTheRulesContradictIsTheGradersFault) {
  PlayedGame other_draw = record({"East", "East"}, "over");
  other_draw.moves[1].second = other_draw.moves[1].second == "West" ? "North" : "West";
  EXPECT_THAT([&] { replay_played_game(corridor(), other_draw); },
              ::testing::Throws<std::logic_error>());
  PlayedGame not_legal = record({"East"}, "timeout");
  not_legal.moves[0].second = "North";
  EXPECT_THAT([&] { replay_played_game(corridor(), not_legal); },
              ::testing::ThrowsMessage<std::logic_error>(HasSubstr("not legal")));
  EXPECT_THAT([&] { replay_played_game(corridor(), record({"East"}, "over")); },
              ::testing::ThrowsMessage<std::logic_error>(HasSubstr("said over")));
  EXPECT_THAT([&] { replay_played_game(corridor(), record({"East"}, "move_cap")); },
              ::testing::ThrowsMessage<std::logic_error>(HasSubstr("move cap")));
  EXPECT_THAT(
      [&] {
        read_played_game(nlohmann::json::parse(R"({"moves": [["East"]], "end": "over"})"), 1, 0,
                         10);
      },
      ::testing::Throws<std::runtime_error>());
}

}  // namespace played_game_test
}  // namespace
}  // namespace sg
