#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "notation/lisp_grid.h"
#include "notation/lisp_trace.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace notation_test {

using ref::BlankMove;
using ::testing::HasSubstr;

const char* const kSeedFile =
    "(3 4)\n"
    "((7 * 2) (9 6 4) (13 14 9) (0 11 10))\n"
    "((7 6 2) (9 4 9) (13 14 10) (* 0 11))\n";

TEST(LispGridTest, DimensionsAreColumnsThenRows) {
  EXPECT_EQ(parse_lisp_dimensions("(3 4)"), (LispGridSize{3, 4}));
  EXPECT_EQ(parse_lisp_dimensions("  ( 3   4 ) "), (LispGridSize{3, 4}));
  EXPECT_EQ(print_lisp_dimensions({3, 4}), "(3 4)");
  EXPECT_THROW(parse_lisp_dimensions("(3)"), NotationError);
  EXPECT_THROW(parse_lisp_dimensions("(0 4)"), NotationError);
  EXPECT_THROW(parse_lisp_dimensions("3 4"), NotationError);
}

TEST(LispGridTest, BlankIsZeroAndTilesShiftByOneSoTileZeroIsATile) {
  EXPECT_EQ(lisp_cell_value("*"), 0);
  EXPECT_EQ(lisp_cell_value("0"), 1);
  EXPECT_EQ(lisp_cell_value("14"), 15);
  EXPECT_EQ(lisp_cell_text(0), "*");
  EXPECT_EQ(lisp_cell_text(1), "0");
  EXPECT_THROW(lisp_cell_value("-1"), NotationError);
  EXPECT_THROW(lisp_cell_value("x"), NotationError);
}

TEST(LispGridTest, ParsesTheSeedExampleWithRepeatedTiles) {
  const LispPuzzleFile file = parse_lisp_puzzle_file(kSeedFile);
  EXPECT_EQ(file.size, (LispGridSize{3, 4}));
  EXPECT_EQ(file.start, (ref::Tiles{8, 0, 3, 10, 7, 5, 14, 15, 10, 1, 12, 11}));
  EXPECT_EQ(file.goal, (ref::Tiles{8, 7, 3, 10, 5, 10, 14, 15, 11, 0, 1, 12}));
  // A valid board of a 4-row, 3-column reference puzzle: the same multiset as the goal.
  const ref::TilePuzzle puzzle(file.size.rows, file.size.cols, ref::Topology::bounded, file.goal);
  EXPECT_EQ(puzzle.validate(file.start), "");
}

TEST(LispGridTest, RoundTripsTheSeedFileAndTolerantSpellings) {
  EXPECT_EQ(print_lisp_puzzle_file(parse_lisp_puzzle_file(kSeedFile)), kSeedFile);
  const std::string loose =
      "\n(3 4)\n(( 7 *  2)(9 6 4) (13 14 9) (0 11 10) )\r\n\n((7 6 2) (9 4 9) "
      "(13 14 10) (* 0 11))";
  EXPECT_EQ(print_lisp_puzzle_file(parse_lisp_puzzle_file(loose)), kSeedFile);
  const std::pair<const char*, LispGridSize> boards[] = {
      {"((1 2) (* 3))", {2, 2}}, {"((* 0))", {2, 1}}, {"((0 0 *) (5 5 5))", {3, 2}}};
  for (const auto& [board, size] : boards) {
    EXPECT_EQ(print_lisp_grid(parse_lisp_grid(board, size), size), board);
  }
}

TEST(LispGridTest, ErrorsNameTheRowAndTheProblem) {
  try {
    parse_lisp_grid("((1 2) (3))", {2, 2});
    FAIL();
  } catch (const NotationError& error) {
    EXPECT_THAT(error.what(), HasSubstr("row 2 has 1 cells, expected 2"));
  }
  EXPECT_THROW(parse_lisp_grid("((1 2) (3 *)", {2, 2}), NotationError);
  EXPECT_THROW(parse_lisp_grid("((1 2) (3 *)))", {2, 2}), NotationError);
  EXPECT_THROW(parse_lisp_puzzle_file("(2 2)\n((1 2) (3 *))\n"), NotationError);
}

TEST(LispTraceTest, ReadsMoveCheckAndPathLines) {
  LispTraceLine line = parse_lisp_trace_line("(1 DOWN)");
  EXPECT_EQ(line.type, LispTraceLineType::move);
  EXPECT_EQ(line.depth, 1);
  EXPECT_EQ(line.action, "DOWN");
  EXPECT_EQ(parse_lisp_trace_line("  ( 12   left ) ").depth, 12);
  EXPECT_EQ(parse_lisp_trace_line("(1 Sibiu)").action, "Sibiu");  // a road map's move
  EXPECT_EQ(parse_lisp_trace_line("(CHECK)").type, LispTraceLineType::check);
  line = parse_lisp_trace_line("(PATH-TO-GOAL (DOWN RIGHT up))");
  EXPECT_EQ(line.type, LispTraceLineType::path);
  EXPECT_EQ(line.path, (std::vector<std::string>{"DOWN", "RIGHT", "up"}));
  EXPECT_TRUE(parse_lisp_trace_line("(PATH-TO-GOAL ())").path.empty());
  EXPECT_EQ(parse_lisp_trace_line("(PATH-TO-GOAL NIL)").type, LispTraceLineType::path);
  EXPECT_EQ(parse_lisp_trace_line("(x DOWN)").type, LispTraceLineType::other);
  EXPECT_EQ(parse_lisp_trace_line("(PATH-TO-GOAL (DOWN (LEFT)))").type, LispTraceLineType::other);
  EXPECT_EQ(parse_lisp_trace_line("Solved!").type, LispTraceLineType::other);
}

TEST(LispTraceTest, PrintsCanonicalLinesThatReadBack) {
  EXPECT_EQ(print_lisp_move_line(2, lisp_move_name(BlankMove::up)), "(2 UP)");
  EXPECT_EQ(print_lisp_check_line(), "(CHECK)");
  EXPECT_EQ(print_lisp_path_line({}), "(PATH-TO-GOAL ())");
  const std::vector<std::string> path = {"DOWN", "LEFT"};
  EXPECT_EQ(print_lisp_path_line(path), "(PATH-TO-GOAL (DOWN LEFT))");
  EXPECT_EQ(parse_lisp_trace_line(print_lisp_path_line(path)).path, path);
  for (BlankMove move : ref::kAllBlankMoves) {
    const LispTraceLine line = parse_lisp_trace_line(print_lisp_move_line(7, lisp_move_name(move)));
    EXPECT_EQ(parse_lisp_move_name(line.action), move);
    EXPECT_EQ(line.depth, 7);
  }
}

}  // namespace notation_test
}  // namespace
}  // namespace sg
