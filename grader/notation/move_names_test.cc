#include "notation/move_names.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace move_names_test {

TEST(MoveNames, SeedWordsByDefaultReadInAnyCase) {
  const MoveNames names;
  EXPECT_EQ(names.name(ref::BlankMove::left), "LEFT");
  EXPECT_EQ(names.parse("Down"), ref::BlankMove::down);
  EXPECT_EQ(names.parse("north"), std::nullopt);
  EXPECT_EQ(names.listed(), "UP, DOWN, LEFT, RIGHT");
}

TEST(MoveNames, ACoursesOwnWordsAreShownAndRead) {
  const MoveNames names({"U", "D", "L", "R"});
  EXPECT_EQ(names.name(ref::BlankMove::right), "R");
  EXPECT_EQ(names.parse("l"), ref::BlankMove::left);
  EXPECT_EQ(names.parse("UP"), std::nullopt);
}

TEST(MoveNames, TwoMovesWithOneWordOrAWordWithASpaceAreRefused) {
  EXPECT_THROW(MoveNames({"up", "UP", "left", "right"}), std::invalid_argument);
  EXPECT_THROW(MoveNames({"move up", "down", "left", "right"}), std::invalid_argument);
  EXPECT_THROW(MoveNames({"", "down", "left", "right"}), std::invalid_argument);
}

}  // namespace move_names_test
}  // namespace
}  // namespace sg
