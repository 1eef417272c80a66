#include "notation/trace_notation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace trace_notation_test {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(TraceNotation, TheSeedsLinesAreTheDefault) {
  const TraceNotation lisp = TraceNotation::lisp();
  EXPECT_EQ(lisp.move_line(2, "UP"), "(2 UP)");
  EXPECT_EQ(lisp.check_line(), "(CHECK)");
  EXPECT_EQ(lisp.path_line({"UP", "LEFT"}), "(PATH-TO-GOAL (UP LEFT))");
  const TraceLine move = lisp.read("( 2   up )");
  EXPECT_EQ(move.type, TraceLine::Type::move);
  EXPECT_EQ(move.depth, 2);
  EXPECT_EQ(move.action, "up");
  EXPECT_TRUE(lisp.is_path_line("(path-to-goal (UP))"));
  EXPECT_FALSE(lisp.is_path_line("(1 UP)"));
}

TEST(TraceNotation, TheSpecsLineTemplatesReadAndPrintEachLine) {
  const TraceNotation own =
      TraceNotation::templates("depth {depth}: {action}", "goal test", "path: {moves}");
  EXPECT_EQ(own.move_line(3, "Sibiu"), "depth 3: Sibiu");
  EXPECT_EQ(own.path_line({"A", "G"}), "path: A G");
  const TraceLine move = own.read("depth  3:  Sibiu");
  EXPECT_EQ(move.type, TraceLine::Type::move);
  EXPECT_EQ(move.depth, 3);
  EXPECT_EQ(move.action, "Sibiu");
  EXPECT_EQ(own.read("  Goal  Test ").type, TraceLine::Type::check);
  // A path as Python prints a list reads as its words.
  EXPECT_THAT(own.read("path: ['A', 'G']").path, ElementsAre("A", "G"));
  EXPECT_TRUE(own.is_path_line("path: A, G"));
  // The empty path (the start is the goal) as a program prints it, trailing space and all.
  EXPECT_TRUE(own.is_path_line("path: "));
  EXPECT_EQ(own.read("path: ").type, TraceLine::Type::path);
  EXPECT_TRUE(own.read("path:").path.empty());
  EXPECT_FALSE(own.is_path_line("paths: A"));
  const TraceLine other = own.read("searching...");
  EXPECT_EQ(other.type, TraceLine::Type::other);
  EXPECT_THAT(other.problem, HasSubstr("none of `depth {depth}: {action}`, `goal test`"));
}

TEST(TraceNotation, ATemplateWithoutItsFieldsIsRefused) {
  EXPECT_THROW(TraceNotation::templates("move {action}", "check", "path: {moves}"),
               std::invalid_argument);
  try {
    TraceNotation::templates("{depth} {action}", "check", "the path");
    FAIL() << "a path line without {moves}";
  } catch (const std::invalid_argument& error) {
    EXPECT_THAT(error.what(), HasSubstr("path_line `the path`"));
  }
  EXPECT_THROW(TraceNotation::templates("{depth} {action}", "  ", "p {moves}"),
               std::invalid_argument);
}

}  // namespace trace_notation_test
}  // namespace
}  // namespace sg
