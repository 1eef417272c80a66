#include "checkers/board_set_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "notation/dimension_rows.h"

namespace sg {
namespace {

using ::testing::HasSubstr;

nlohmann::json as_repr(const ref::Tiles& tiles, int n) {
  return {{"$repr", dimension_rows_text(tiles, n)}, {"$type", "Board"}};
}

const std::vector<ref::Tiles> kNeighbors = {{1, 0, 3, 2}, {0, 2, 1, 3}};

TEST(BoardSet, BoardsReturnedAsToStringInAnyOrderPass) {
  const nlohmann::json returned = {as_repr(kNeighbors[1], 2), as_repr(kNeighbors[0], 2)};
  EXPECT_TRUE(check_board_set(kNeighbors, returned, 2, 2, "b.neighbors()").passed);
  // An Iterable that is no Collection comes as the driver's iterator; rows and flat lists too.
  const nlohmann::json iterated = {
      {"$iterator", {nlohmann::json{{1, 0}, {3, 2}}, nlohmann::json{0, 2, 1, 3}}}};
  EXPECT_TRUE(check_board_set(kNeighbors, iterated, 2, 2, "b.neighbors()").passed);
}

TEST(BoardSet, AMissingAndAnExtraBoardAreDrawnAsToStringDrawsThem) {
  const nlohmann::json returned = {as_repr(kNeighbors[0], 2), as_repr({2, 1, 0, 3}, 2)};
  const FunctionCallCheck check = check_board_set(kNeighbors, returned, 2, 2, "b.neighbors()");
  EXPECT_FALSE(check.passed);
  EXPECT_THAT(check.feedback, HasSubstr("missing the neighbor\n2\n 0  2 \n 1  3 \n"));
  EXPECT_THAT(check.feedback, HasSubstr("a board that is not one slide away\n2\n 2  1 \n 0  3 \n"));
}

TEST(BoardSet, ANeighborTwiceIsNamedAndOneSharedArrayIsSuspected) {
  const nlohmann::json twice = {as_repr(kNeighbors[0], 2), as_repr(kNeighbors[0], 2)};
  const FunctionCallCheck check = check_board_set(kNeighbors, twice, 2, 2, "b.neighbors()");
  EXPECT_FALSE(check.passed);
  EXPECT_THAT(check.feedback, HasSubstr("a neighbor listed twice"));
  EXPECT_THAT(check.feedback, HasSubstr("do the neighbors share one array"));
}

TEST(BoardSet, SomethingThatIsNoBoardIsSaidSo) {
  EXPECT_THAT(check_board_set(kNeighbors, nlohmann::json(3), 2, 2, "b.neighbors()").feedback,
              HasSubstr("not a collection of boards"));
  const nlohmann::json text = {{{"$repr", "Board@1b6d3586"}, {"$type", "Board"}}};
  EXPECT_THAT(check_board_set(kNeighbors, text, 2, 2, "b.neighbors()").feedback,
              HasSubstr("as its item 1, Board@1b6d3586"));
}

}  // namespace
}  // namespace sg
