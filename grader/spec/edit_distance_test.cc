#include "spec/edit_distance.h"

#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace edit_distance_test {

TEST(EditDistance, CountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("", ""), 0);
  EXPECT_EQ(edit_distance("solve", "solve"), 0);
  EXPECT_EQ(edit_distance("slove", "solve"), 2);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3);
  EXPECT_EQ(edit_distance("", "abc"), 3);
}

TEST(DidYouMean, SuggestsOnlyPlausibleTypos) {
  const std::vector<std::string> keys = {"cpu_seconds", "wall_seconds", "memory_mib"};
  EXPECT_EQ(did_you_mean("wall_second", keys), " (did you mean 'wall_seconds'?)");
  EXPECT_EQ(did_you_mean("colour", keys), "");
}

}  // namespace edit_distance_test
}  // namespace
}  // namespace sg
