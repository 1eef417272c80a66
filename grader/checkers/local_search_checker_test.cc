#include "checkers/local_search_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/tile_local_space.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace local_search_checker_test {

using ref::LocalState;
using ::testing::HasSubstr;

nlohmann::json parse(const char* text) { return nlohmann::json::parse(text); }

const LineTemplate& handout_line() {
  static const LineTemplate line("{state} - f={value}", {"state", "value"});
  return line;
}

std::vector<PrintedLocalState> read(const std::string& output) {
  return read_printed_states(output, handout_line());
}

TEST(LocalSearchChecker, ReadsStatesAsStudentsPrintThemAndSkipsDebugLines) {
  const auto printed =
      read("starting\n[0, 1, 2] - f=3\n[0, 1, 2] -f = 2\n[0, 2, 0]\nnext: [1, 1] f= 2\n");
  ASSERT_EQ(printed.size(), 4u);
  EXPECT_EQ(printed[0].line, 2);
  EXPECT_EQ(printed[0].state, (LocalState{0, 1, 2}));
  EXPECT_EQ(printed[0].value, 3.0);
  EXPECT_EQ(printed[1].value, 2.0);
  EXPECT_EQ(printed[2].state, (LocalState{0, 2, 0}));
  EXPECT_FALSE(printed[2].value.has_value());
  EXPECT_EQ(printed[3].state, (LocalState{1, 1}));
}

TEST(LocalSearchChecker, NeighboursAreJudgedAsASetAndTheirOrderApart) {
  const ref::StaticQueens three(3, 0, 0);
  const auto right = check_neighbours(three, {0, 1, 2}, parse("[[0, 0, 2], [0, 1, 1], [0, 2, 2]]"),
                                      "succ([0, 1, 2], 0, 0)");
  EXPECT_TRUE(right.value.passed);
  EXPECT_TRUE(right.order.passed);
  const auto unsorted = check_neighbours(
      three, {0, 1, 2}, parse("[[0, 2, 2], [0, 0, 2], [0, 1, 1]]"), "succ([0, 1, 2], 0, 0)");
  EXPECT_TRUE(unsorted.value.passed);
  EXPECT_FALSE(unsorted.order.passed);
  EXPECT_THAT(unsorted.order.feedback, HasSubstr("[0, 0, 2] comes after [0, 2, 2]"));
  const auto off_board = check_neighbours(
      three, {0, 1, 2}, parse("[[0, 0, 2], [0, 1, 1], [0, 1, 3], [0, 2, 2]]"), "succ(...)");
  EXPECT_FALSE(off_board.value.passed);
  EXPECT_TRUE(off_board.order.passed);
  EXPECT_THAT(off_board.value.feedback,
              HasSubstr("1 state is not a successor: e.g. [0, 1, 3] (column 2's queen is on row "
                        "3, off the 3 x 3 board)"));
  const auto no_static = check_neighbours(three, {1, 1, 2}, parse("[[1, 0, 2]]"), "succ(...)");
  EXPECT_FALSE(no_static.value.passed);
  EXPECT_THAT(no_static.value.feedback, HasSubstr("the static square (0, 0) holds no queen"));
  EXPECT_TRUE(check_neighbours(three, {1, 1, 2}, parse("[]"), "succ(...)").value.passed);
}

TEST(LocalSearchChecker, NeighboursInTheSpacesOrderAreJudgedByThatOrder) {
  const ref::TileLocalSpace tiles(
      ref::TilePuzzle(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}));
  const LocalState centre{1, 2, 3, 4, 0, 5, 6, 7, 8};
  const std::vector<LocalState> due = tiles.neighbours(centre);  // up, down, left, right
  ASSERT_EQ(due.size(), 4u);
  const auto as_listed =
      check_neighbours(tiles, centre, nlohmann::json(due), "succ(...)", NeighbourOrder::space);
  EXPECT_TRUE(as_listed.value.passed);
  EXPECT_TRUE(as_listed.order.passed);
  // Sorted is another order here: judged as one.
  std::vector<LocalState> sorted = due;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_NE(sorted, due);
  const auto sorted_check =
      check_neighbours(tiles, centre, nlohmann::json(sorted), "succ(...)", NeighbourOrder::space);
  EXPECT_TRUE(sorted_check.value.passed);
  EXPECT_FALSE(sorted_check.order.passed);
  EXPECT_THAT(sorted_check.order.feedback, HasSubstr("comes first in the handout's order"));
  // One left out: the others keep the order, so only the set is wrong.
  const auto short_one = check_neighbours(tiles, centre, nlohmann::json({due[0], due[2], due[3]}),
                                          "succ(...)", NeighbourOrder::space);
  EXPECT_FALSE(short_one.value.passed);
  EXPECT_TRUE(short_one.order.passed);
}

TEST(LocalSearchChecker, AReturnedStateOrNone) {
  EXPECT_TRUE(check_returned_state(ref::StaticQueens(3, 0, 0), std::nullopt, parse("null"),
                                   "choose_next(...)", "")
                  .passed);
  EXPECT_TRUE(check_returned_state(ref::StaticQueens(3, 0, 0), LocalState{0, 2, 0},
                                   parse(R"({"$tuple": [0, 2, 0]})"), "c", "")
                  .passed);
  const auto wrong =
      check_returned_state(ref::StaticQueens(3, 0, 0), LocalState{0, 2, 0}, parse("[0, 1, 0]"),
                           "choose_next([0, 1, 0], 0, 0)", "the lowest f");
  EXPECT_FALSE(wrong.passed);
  EXPECT_THAT(wrong.feedback, HasSubstr("returned [0, 1, 0]; expected [0, 2, 0]: the lowest f"));
}

// The handout's two n_queens examples, as it prints them.
TEST(LocalSearchChecker, TheHandoutsClimbsPassAsPrinted) {
  const ref::StaticQueens eight_at_1_1(8, 1, 1);
  const ClimbCheck first = check_climb(eight_at_1_1, {}, {0, 1, 2, 3, 5, 6, 6, 7},
                                       read("[0, 1, 2, 3, 5, 6, 6, 7] - f=8\n"
                                            "[0, 1, 2, 3, 5, 7, 6, 7] - f=7\n"
                                            "[0, 1, 1, 3, 5, 7, 6, 7] - f=7\n"),
                                       parse("[0, 1, 1, 3, 5, 7, 6, 7]"), handout_line(), "n");
  EXPECT_TRUE(first.path.passed) << first.path.feedback;
  EXPECT_TRUE(first.returned.passed) << first.returned.feedback;
  const ref::StaticQueens eight_at_0_0(8, 0, 0);
  const ClimbCheck second = check_climb(eight_at_0_0, {}, {0, 7, 3, 4, 7, 1, 2, 2},
                                        read("[0, 7, 3, 4, 7, 1, 2, 2] - f=7\n"
                                             "[0, 6, 3, 4, 7, 1, 2, 2] - f=6\n"
                                             "[0, 6, 3, 5, 7, 1, 2, 2] - f=4\n"
                                             "[0, 6, 3, 5, 7, 1, 3, 2] - f=3\n"
                                             "[0, 6, 3, 5, 7, 1, 4, 2] - f=0\n"),
                                        parse("[0, 6, 3, 5, 7, 1, 4, 2]"), handout_line(), "n");
  EXPECT_TRUE(second.path.passed) << second.path.feedback;
}

TEST(LocalSearchChecker, BothReadingsOfTheOpenPointsPass) {
  // [0, 2, 0] with the static queen at (0, 0): choose_next returns it itself.
  const ref::StaticQueens three(3, 0, 0);
  const ref::HillClimbRun run = ref::hill_climb(three, {0, 2, 0}, {});
  ASSERT_EQ(run.path.size(), 2u);
  ASSERT_EQ(run.path[0], run.path[1]);
  const auto twice = check_climb(three, {}, {0, 2, 0}, read("[0, 2, 0] - f=2\n[0, 2, 0] - f=2\n"),
                                 parse("[0, 2, 0]"), handout_line(), "n");
  EXPECT_TRUE(twice.path.passed) << twice.path.feedback;
  const auto once = check_climb(three, {}, {0, 2, 0}, read("[0, 2, 0] - f=2\n"), parse("[0, 2, 0]"),
                                handout_line(), "n");
  EXPECT_TRUE(once.path.passed) << once.path.feedback;
  EXPECT_THAT(once.path.notes.front(), HasSubstr("printed once"));
  // A start that is already a solution.
  const ref::StaticQueens four(4, 0, 1);
  EXPECT_TRUE(check_climb(four, {}, {1, 3, 0, 2}, read("[1, 3, 0, 2] - f=0\n"),
                          parse("[1, 3, 0, 2]"), handout_line(), "n")
                  .path.passed);
  EXPECT_TRUE(check_climb(four, {}, {1, 3, 0, 2}, read("[1, 3, 0, 2] - f=0\n[1, 3, 0, 2] - f=0\n"),
                          parse("[1, 3, 0, 2]"), handout_line(), "n")
                  .path.passed);
  EXPECT_FALSE(check_climb(four, {}, {1, 3, 0, 2}, read("[1, 3, 0, 2] - f=0\n"), parse("null"),
                           handout_line(), "n")
                   .returned.passed);
}

TEST(LocalSearchChecker, TheFirstLineThatBreaksARuleIsNamed) {
  const ref::StaticQueens eight(8, 0, 0);
  const LocalState start{0, 7, 3, 4, 7, 1, 2, 2};
  const auto judge = [&](const std::string& output) {
    return check_climb(eight, {}, start, read(output), parse("null"), handout_line(),
                       "n_queens([0, 7, 3, 4, 7, 1, 2, 2], 0, 0)")
        .path;
  };
  const auto wrong_value = judge("[0, 7, 3, 4, 7, 1, 2, 2] - f=8\n");
  EXPECT_THAT(wrong_value.feedback, HasSubstr("line 1 `[0, 7, 3, 4, 7, 1, 2, 2] - f=8`: f of "
                                              "[0, 7, 3, 4, 7, 1, 2, 2] is 7, not 8"));
  const auto early = judge("[0, 7, 3, 4, 7, 1, 2, 2] - f=7\n[0, 6, 3, 4, 7, 1, 2, 2] - f=6\n");
  EXPECT_THAT(early.feedback,
              HasSubstr("but it goes on: f=6 differs from the line before (7) and is not 0; next "
                        "comes [0, 6, 3, 5, 7, 1, 2, 2] - f=4"));
  EXPECT_THAT(early.feedback, HasSubstr("expected the climb:\n  [0, 7, 3, 4, 7, 1, 2, 2] - f=7"));
  const auto not_best = judge("[0, 7, 3, 4, 7, 1, 2, 2] - f=7\n[0, 7, 3, 4, 7, 1, 2, 3] - f=7\n");
  EXPECT_THAT(not_best.feedback, HasSubstr("line 2 `[0, 7, 3, 4, 7, 1, 2, 3] - f=7`: but "
                                           "[0, 6, 3, 4, 7, 1, 2, 2] has f=6"));
  const auto jump = judge("[0, 7, 3, 4, 7, 1, 2, 2] - f=7\n[0, 6, 3, 5, 7, 1, 4, 2] - f=0\n");
  EXPECT_THAT(jump.feedback, HasSubstr("is not a successor of the line before"));
  const auto off_board = judge("[0, 7, 3, 4, 7, 1, 2, 2] - f=7\n[0, 8, 3, 4, 7, 1, 2, 2] - f=6\n");
  EXPECT_THAT(off_board.feedback, HasSubstr("column 1's queen is on row 8, off the 8 x 8 board"));
  const auto past_stop = judge(
      "[0, 7, 3, 4, 7, 1, 2, 2] - f=7\n[0, 6, 3, 4, 7, 1, 2, 2] - f=6\n[0, 6, 3, 5, 7, 1, 2, 2] - "
      "f=4\n[0, 6, 3, 5, 7, 1, 3, 2] - f=3\n[0, 6, 3, 5, 7, 1, 4, 2] - f=0\n"
      "[0, 6, 3, 5, 7, 1, 4, 2] - f=0\n");
  EXPECT_THAT(past_stop.feedback, HasSubstr("the climb stops at line 5"));
  EXPECT_THAT(past_stop.feedback, HasSubstr("where it reached f=0"));
  EXPECT_THAT(judge("").feedback, HasSubstr("printed no state"));
}

TEST(LocalSearchChecker, RestartResultsAreJudgedByWhatHoldsForEveryRun) {
  const ref::StaticQueens five(5, 0, 0);
  const auto judge = [&](const std::string& output) {
    return check_restart_results(five, {}, read(output), handout_line(), "n_queens_restart(...)");
  };
  EXPECT_TRUE(judge("[0, 2, 4, 1, 3] - f=0\n").passed);
  EXPECT_TRUE(judge("[0, 2, 4, 1, 3]\n").passed);  // the solution printed plain
  EXPECT_THAT(judge("[0, 2, 4, 1, 3] - f=0\n[0, 3, 1, 4, 2] - f=0\n").feedback,
              HasSubstr("printed alone"));
  EXPECT_THAT(judge("[1, 2, 4, 1, 3] - f=0\n").feedback, HasSubstr("holds no queen"));
  EXPECT_THAT(judge("[0, 2, 4, 1, 3] - f=2\n").feedback, HasSubstr("is 0, not 2"));
  EXPECT_THAT(judge("[0, 0, 0, 0, 0] - f=5\n[0, 2, 4, 1, 3] - f=0\n").feedback,
              HasSubstr("only the best states found are printed"));
  EXPECT_THAT(judge("").feedback, HasSubstr("printed no state"));
  // A climb ends only where choose_next reaches the state from a state of its own value.
  const ref::HillClimbRun stuck = ref::hill_climb(five, {0, 0, 0, 0, 0}, {});
  ASSERT_NE(stuck.values.back(), 0.0);
  const std::string end =
      local_line_text(handout_line(), five, stuck.path.back(), stuck.values.back());
  EXPECT_TRUE(judge(end + "\n").passed) << judge(end + "\n").feedback;
  // [0, 0, 0, 0, 0] is one: every successor ties at f=5 and it is the lowest of them.
  EXPECT_TRUE(judge("[0, 0, 0, 0, 0] - f=5\n").passed);
  EXPECT_THAT(judge("[0, 0, 0, 3, 0] - f=5\n").feedback, HasSubstr("no climb ends at"));
  EXPECT_THAT(
      judge("[0, 0, 0, 0, 0] - f=5\n[0, 0, 0, 0, 1] - f=5\n[0, 0, 0, 0, 0] - f=5\n").feedback,
      HasSubstr("line 3 `[0, 0, 0, 0, 0] - f=5` comes before line 2"));
}

}  // namespace local_search_checker_test
}  // namespace
}  // namespace sg
