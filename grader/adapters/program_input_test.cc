#include "adapters/program_input.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace program_input_test {

TEST(FillTemplate, ReplacesEachPlaceholderAndLeavesFilledTextAlone) {
  // A value holding another placeholder's name is not filled again.
  EXPECT_EQ(fill_template("{a}-{b}-{a}", {{"{a}", "{b}"}, {"{b}", "2"}}), "{b}-2-{b}");
  EXPECT_EQ(fill_template("{unknown} {", {{"{a}", "1"}}), "{unknown} {");
}

TEST(BoardValues, WritesTheBoardsInTheSpecsNotationAndInEachNamedOne) {
  const ref::Tiles start = {1, 2, 0, 3, 4, 5};
  const ref::Tiles goal = {1, 2, 3, 4, 5, 0};
  const TemplateValues values = board_values(start, goal, {2, 3}, *find_board_notation("compact"));
  const std::string text =
      fill_template("{rows}x{cols}|{start}|{goal}|{start:python_rows}|{goal:lisp}", values);
  EXPECT_EQ(text, "2x3|12b 345|123 45b|[[1, 2, 0], [3, 4, 5]]|((0 1 2) (3 4 *))");
}

TEST(BoardValues, LeavesAPlaceholderANotationCannotWrite) {
  ref::Tiles tiles(16);
  for (int i = 0; i < 16; ++i) tiles[i] = (i + 1) % 16;
  const TemplateValues values =
      board_values(tiles, tiles, {4, 4}, *find_board_notation("python_list"));
  EXPECT_EQ(fill_template("{goal:compact}", values), "{goal:compact}");
}

}  // namespace program_input_test
}  // namespace
}  // namespace sg
