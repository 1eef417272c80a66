#include "checkers/measured_cost_check.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {

using ::testing::HasSubstr;

// As the Java driver encodes MeasuringAgent.deepSize's map.
nlohmann::json deep_size(int bytes, nlohmann::json by_class) {
  return nlohmann::json::parse(R"({"$dict": [["bytes", )" + std::to_string(bytes) +
                               R"(], ["objects", 11], ["by_class", )" + by_class.dump() + "]]}");
}

TEST(MeasuredCost, ABoardWithinItsBoundPassesAndOneAboveShowsWhereItsBytesWent) {
  const nlohmann::json by_class =
      nlohmann::json::parse(R"({"$dict": [["Board", 24], ["java.lang.Integer", 144]]})");
  EXPECT_TRUE(
      check_deep_size(deep_size(196, by_class), 196, "4 n^2 + 32 n + 64 at n = 3", "new Board(...)")
          .passed);
  const FunctionCallCheck fat = check_deep_size(deep_size(400, by_class), 196,
                                                "4 n^2 + 32 n + 64 at n = 3", "new Board(...)");
  EXPECT_FALSE(fat.passed);
  EXPECT_THAT(fat.feedback, HasSubstr("new Board(...) uses 400 bytes, more than the 196 asked "
                                      "(4 n^2 + 32 n + 64 at n = 3)"));
  // The largest class first.
  EXPECT_THAT(fat.feedback, HasSubstr("11 in all"));
  EXPECT_THAT(fat.feedback, HasSubstr("java.lang.Integer 144, Board 24"));
  // What the agent cannot have returned is the grader's fault, said so.
  EXPECT_THAT(check_deep_size("oops", 196, "", "new Board(...)").feedback, HasSubstr("not yours"));
}

TEST(MeasuredCost, ComputationsPerQueueOperationAreJudgedNotCallsOfACachedValue) {
  const nlohmann::json queue = nlohmann::json::parse(
      R"({"$dict": [["queues", 2], ["inserts", 55], ["delMins", 27], ["busiest", 14]]})");
  // The course's way: manhattan() returns a field (351 calls, none computing), hamming() runs
  // once per isGoal().
  const nlohmann::json cached = nlohmann::json::parse(
      R"({"$dict": [["hamming", {"$dict": [["calls", 27], ["computed", 27]]}],
                    ["manhattan", {"$dict": [["calls", 351], ["computed", 0]]}]]})");
  EXPECT_TRUE(check_computed_calls(cached, queue, 2, "new Solver(...)").passed);
  // A comparator that computes manhattan() on each comparison.
  const nlohmann::json recomputed = nlohmann::json::parse(
      R"({"$dict": [["hamming", {"$dict": [["calls", 27], ["computed", 27]]}],
                    ["manhattan", {"$dict": [["calls", 351], ["computed", 351]]}]]})");
  const FunctionCallCheck check = check_computed_calls(recomputed, queue, 2, "new Solver(...)");
  EXPECT_FALSE(check.passed);
  EXPECT_THAT(check.feedback,
              HasSubstr("over 82 MinPQ operations (55 insert(), 27 delMin()) it called "
                        "hamming() 27 times (27 computing) and manhattan() 351 times (351 "
                        "computing): 4.6 computations per operation"));
  EXPECT_THAT(check.feedback, HasSubstr("4.6 computations per operation, more than the 2 asked"));
  EXPECT_THAT(check.feedback, HasSubstr("call manhattan() on every comparison"));
}

// A ratio is judged over operations that happened (issue 70): a Solver that answers a board
// already solved without its MinPQ computed hamming() and manhattan() once, over no operation.
TEST(MeasuredCost, NoQueueOperationMeansNoRatioToJudge) {
  const nlohmann::json idle = nlohmann::json::parse(
      R"({"$dict": [["queues", 2], ["inserts", 0], ["delMins", 0], ["busiest", 0]]})");
  const nlohmann::json once = nlohmann::json::parse(
      R"({"$dict": [["hamming", {"$dict": [["calls", 1], ["computed", 1]]}],
                    ["manhattan", {"$dict": [["calls", 1], ["computed", 1]]}]]})");
  const FunctionCallCheck check = check_computed_calls(once, idle, 2, "new Solver(...)");
  EXPECT_TRUE(check.passed);
  EXPECT_THAT(check.notes, testing::ElementsAre(HasSubstr("made no MinPQ operation")));
}

// "At most 2" means it: a ratio just above the bound is never shown rounded down onto it.
TEST(MeasuredCost, ARatioJustAboveTheBoundIsShownAboveIt) {
  const nlohmann::json queue = nlohmann::json::parse(
      R"({"$dict": [["queues", 1], ["inserts", 25], ["delMins", 15], ["busiest", 15]]})");
  const nlohmann::json calls = nlohmann::json::parse(
      R"({"$dict": [["manhattan", {"$dict": [["calls", 81], ["computed", 81]]}]]})");
  const FunctionCallCheck check = check_computed_calls(calls, queue, 2, "new Solver(...)");
  EXPECT_FALSE(check.passed);
  EXPECT_THAT(check.feedback, HasSubstr("2.02 computations per operation, more than the 2 asked"));
  EXPECT_TRUE(
      check_computed_calls(nlohmann::json::parse(R"({"manhattan": {"calls": 80, "computed": 80}})"),
                           queue, 2, "new Solver(...)")
          .passed);
}

}  // namespace
}  // namespace sg
