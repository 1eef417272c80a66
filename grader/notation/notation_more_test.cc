#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "notation/compact_eight.h"
#include "notation/json_puzzle.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace notation_more_test {

using ::testing::HasSubstr;

std::string error_of(auto&& parse) {
  try {
    parse();
  } catch (const NotationError& error) {
    return error.what();
  }
  return "no error";
}

TEST(CompactEightTest, ReadsTheSeedsStatesAndRoundTrips) {
  EXPECT_EQ(parse_compact_state("b12 345 678"), (ref::Tiles{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(parse_compact_state("325 678 b14"), (ref::Tiles{3, 2, 5, 6, 7, 8, 0, 1, 4}));
  for (const char* state : {"b12 345 678", "3b2 615 748", "154 3b2 678", "325 678 b14"}) {
    EXPECT_EQ(print_compact_state(parse_compact_state(state)), state);
  }
}

TEST(CompactEightTest, ErrorsSayWhatIsWrong) {
  EXPECT_THAT(error_of([] { parse_compact_state("b12345678"); }),
              HasSubstr("three groups of three"));
  EXPECT_THAT(error_of([] { parse_compact_state("b12 345 670"); }),
              HasSubstr("'0' in 'b12 345 670'"));
  EXPECT_THAT(error_of([] { parse_compact_state("b12 345 677"); }), HasSubstr("tile 7 twice"));
  EXPECT_THAT(error_of([] { parse_compact_state("b12 345 b78"); }), HasSubstr("the blank twice"));
}

TEST(PrettyGridTest, PrintsTheSeedsGridAndReadsItBack) {
  const ref::Tiles state = parse_compact_state("325 678 b14");
  EXPECT_EQ(
      print_pretty_grid(state),
      "-------------\n| 3 | 2 | 5 |\n-------------\n| 6 | 7 | 8 |\n-------------\n| 0 | 1 | 4 |\n");
  EXPECT_EQ(parse_pretty_grid(print_pretty_grid(state)), state);
  // As the seed's program prints it: a heading, and a closing dash line.
  EXPECT_EQ(parse_pretty_grid(
                "Current State\n-------------\n|  1 | 5 | 4 |\n-------------\n| 3 | 0 | 2 |\n"
                "-------------\n| 6 | 7 | 8 |\n-------------\n\nup\n"),
            parse_compact_state("154 3b2 678"));
}

TEST(PrettyGridTest, AnyShapeWithCellsAsWideAsTheWidestNumber) {
  const ref::Tiles board = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0};
  const std::string grid = print_pretty_grid(board, 4, 4);
  EXPECT_EQ(grid.substr(0, grid.find('\n', grid.find('\n') + 1) + 1),
            "---------------------\n|  1 |  2 |  3 |  4 |\n");
  EXPECT_EQ(parse_pretty_grid(grid, 4, 4), board);
  EXPECT_EQ(parse_pretty_grid("| 3 | 0 | 1 |\n| 2 | 4 | 5 |\n", 2, 3),
            (ref::Tiles{3, 0, 1, 2, 4, 5}));
  EXPECT_THROW(print_pretty_grid(board, 3, 3), std::invalid_argument);
}

TEST(PrettyGridTest, IncompleteOrBrokenGridsAreErrors) {
  EXPECT_THAT(error_of([] { parse_pretty_grid("| 1 | 2 | 3 |\n"); }),
              HasSubstr("found 1 of its 3 rows"));
  EXPECT_THAT(error_of([] { parse_pretty_grid("| 1 | 2 | x |\n"); }),
              HasSubstr("'x' is not a tile number"));
  EXPECT_THAT(error_of([] { parse_pretty_grid("| 1 | 2 | 3 |\nhello\n| 4 | 5 | 6 |\n"); }),
              HasSubstr("interrupted"));
}

TEST(JsonPuzzleTest, ReadsTheSeedsFormatAndRoundTrips) {
  const std::string text =
      R"({"n":3,"start":[[1,2,3],[4,0,5],[6,7,8]],"goal":[[1,2,3],[4,5,6],[7,8,0]]})";
  const JsonPuzzle puzzle = parse_json_puzzle(text);
  EXPECT_EQ(puzzle.n, 3);
  EXPECT_EQ(puzzle.start, (ref::Tiles{1, 2, 3, 4, 0, 5, 6, 7, 8}));
  EXPECT_EQ(puzzle.goal, (ref::Tiles{1, 2, 3, 4, 5, 6, 7, 8, 0}));
  EXPECT_EQ(print_json_puzzle(puzzle), text);
  EXPECT_EQ(parse_json_puzzle(
                " {\n \"goal\": [[0, 1], [2, 3]], \"n\": 2,\n \"start\": [[1, 0], [2, 3]] }")
                .start,
            (ref::Tiles{1, 0, 2, 3}));
}

TEST(JsonPuzzleTest, ErrorsUseTheSeedsWording) {
  EXPECT_EQ(error_of([] { parse_json_puzzle(R"({"start": [], "goal": []})"); }),
            "json does not contain 'n' key");
  EXPECT_EQ(error_of([] { parse_json_puzzle(R"({"n": 1, "start": [[0]], "goal": [[0]]})"); }),
            "value of 'n' in json must be greater than 1");
  EXPECT_THAT(error_of([] {
                parse_json_puzzle(R"({"n": 2, "start": [[0, 1], [2]], "goal": [[0, 1], [2, 3]]})");
              }),
              HasSubstr("row 2 of 'start' must be a list of 2 numbers"));
  EXPECT_THAT(error_of([] { parse_json_puzzle("{n: 2}"); }), HasSubstr("not valid JSON"));
}

}  // namespace notation_more_test
}  // namespace
}  // namespace sg
