#include "checkers/game_function_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace game_function_checker_test {

using ::testing::HasSubstr;

nlohmann::json parse(const char* text) { return nlohmann::json::parse(text); }

TEST(GameFunctionChecker, TuplesAndListsAreTheSameSquaresButNotTheSameTypes) {
  EXPECT_EQ(as_plain_lists(parse(R"([{"$tuple": [1, 2]}])")), parse("[[1, 2]]"));
  EXPECT_EQ(as_plain_lists(parse(R"({"$ndarray": [[1, 2]], "dtype": "int64"})")),
            parse("[[1, 2]]"));
  EXPECT_EQ(encoded_type_shape(parse(R"([{"$tuple": [1, 2]}, {"$tuple": [0, 0]}])")),
            "list[tuple[int, int], tuple[int, int]]");
  EXPECT_EQ(encoded_type_shape(parse(R"([[1, 2.5], "a", null, true])")),
            "list[list[int, float], str, NoneType, bool]");
}

TEST(GameFunctionChecker, APlayersValueIsANumberAndSaysWhatThePositionHolds) {
  EXPECT_TRUE(check_player_value(1, parse("1"), "game_value(position 1) as 'b'", "", "").passed);
  EXPECT_TRUE(check_player_value(1, parse("1.0"), "v", "", "").passed);
  EXPECT_FALSE(check_player_value(1, parse("true"), "v", "", "").passed);
  const FunctionCallCheck wrong = check_player_value(
      0, parse("-1"), "game_value(position 2) as 'b'", "the game is not over here", "  b....");
  EXPECT_FALSE(wrong.passed);
  EXPECT_THAT(wrong.feedback, HasSubstr("`game_value(position 2) as 'b'` returned -1; expected 0: "
                                        "the game is not over here. The position:\n  b...."));
}

// A position with two legal moves: [(0, 0)] wins at once, [(1, 1)] lets the opponent win.
struct Position {
  std::vector<LegalMove> legal = {{"[(0, 0)]", parse(R"([{"$tuple": [0, 0]}])")},
                                  {"[(1, 1)]", parse(R"([{"$tuple": [1, 1]}])")}};
  ref::GameSearchRun run;
  Position() {
    run.value = 1;
    run.action = "[(0, 0)]";
    run.best_actions = {"[(0, 0)]"};
    using G = ref::GeneratedState;
    run.generated = {G{"won", 0, "[(0, 0)]", G::kRoot, 1.0},
                     G{"open", 0, "[(1, 1)]", G::kRoot, -1.0}, G{"lost", 1, "[(4, 4)]", 1, -1.0}};
  }
};

TEST(GameFunctionChecker, TheBestMoveInTheHandoutsFormatPassesEveryAspect) {
  const Position p;
  const MoveCheck check = check_move(p.legal, p.run, 2, parse(R"([{"$tuple": [0, 0]}])"),
                                     "list[tuple[int, int]]", "make_move(position 1) as 'b'", "");
  EXPECT_TRUE(check.legal.passed);
  EXPECT_TRUE(check.format.passed);
  EXPECT_TRUE(check.judged);
  EXPECT_TRUE(check.value.passed);
}

TEST(GameFunctionChecker, NumpyIntegersOrListsLoseOnlyTheFormat) {
  const Position p;
  const MoveCheck numpy = check_move(p.legal, p.run, 2, parse(R"([{"$tuple": [0, 0]}])"),
                                     "list[tuple[int64, int64]]", "make_move(position 1)", "");
  EXPECT_TRUE(numpy.legal.passed);
  EXPECT_TRUE(numpy.value.passed);
  EXPECT_FALSE(numpy.format.passed);
  EXPECT_THAT(numpy.format.feedback,
              HasSubstr("of type list[tuple[int64, int64]]; the handout writes this move "
                        "[(0, 0)], of type list[tuple[int, int]]"));
  const MoveCheck lists = check_move(p.legal, p.run, 2, parse("[[0, 0]]"), "list[list[int, int]]",
                                     "make_move(position 1)", "");
  EXPECT_TRUE(lists.legal.passed);
  EXPECT_FALSE(lists.format.passed);
}

TEST(GameFunctionChecker, AnIllegalMoveIsNamedAndItsWorthNotJudged) {
  const Position p;
  const MoveCheck check = check_move(
      p.legal, p.run, 2, parse(R"([{"$tuple": [0, 0]}, {"$tuple": [2, 2]}])"),
      "list[tuple[int, int], tuple[int, int]]", "make_move(position 1) as 'b'", "  b....");
  EXPECT_FALSE(check.legal.passed);
  EXPECT_THAT(check.legal.feedback,
              HasSubstr("returned [(0, 0), (2, 2)], which is not a legal move in this position; "
                        "the legal moves are [(0, 0)], [(1, 1)]"));
  EXPECT_FALSE(check.judged);  // one mistake: neither its format nor its worth is judged
}

TEST(GameFunctionChecker, AWorseMoveShowsItsWorthAndTheReplyThatMakesIt) {
  const Position p;
  const MoveCheck check = check_move(p.legal, p.run, 2, parse(R"([{"$tuple": [1, 1]}])"),
                                     "list[tuple[int, int]]", "make_move(position 1) as 'b'", "");
  EXPECT_TRUE(check.legal.passed);
  EXPECT_FALSE(check.value.passed);
  EXPECT_THAT(check.value.feedback,
              HasSubstr("returned [(1, 1)]: at depth 2 it is worth -1 (a loss): the opponent's "
                        "best reply is [(4, 4)]; a minimax search 2 moves deep finds moves worth "
                        "1 (a win): [(0, 0)]"));
}

// make_move that plays its move on the board it is handed (CS540 Teeko's classic slip): the first
// square that changed is named, and tuples or lists read back alike are no change.
TEST(GameFunctionChecker, AnArgumentChangedByTheCallIsNamedSquareBySquare) {
  const nlohmann::json board = parse(R"([[" ", "b"], [" ", " "]])");
  EXPECT_TRUE(
      check_argument_unchanged(board, board, "make_move(position 1) as 'r'", "the board", "")
          .passed);
  EXPECT_TRUE(check_argument_unchanged(board, parse(R"([{"$tuple": [" ", "b"]}, [" ", " "]])"), "m",
                                       "b", "")
                  .passed);
  const FunctionCallCheck moved =
      check_argument_unchanged(board, parse(R"([[" ", "b"], [" ", "r"]])"),
                               "make_move(position 1) as 'r'", "the board", "  .b\n  ..");
  EXPECT_FALSE(moved.passed);
  EXPECT_THAT(moved.feedback, HasSubstr("`make_move(position 1) as 'r'` changed the board it was "
                                        "given ([1][1]: ' ' is now 'r')"));
  EXPECT_THAT(moved.feedback, HasSubstr("What it was given:\n  .b\n  .."));
  EXPECT_EQ(first_changed_item(parse("[1, 2]"), parse("[1, 2, 3]")), "it: 2 item(s) are now 3");
  EXPECT_EQ(first_changed_item(parse("[[1], 2]"), parse("[[1], 2]")), "");
}

}  // namespace game_function_checker_test
}  // namespace
}  // namespace sg
