#include "checkers/dequeue_count_check.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const ref::TilePuzzle kPuzzle(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0});
const ref::Tiles kStart = {8, 7, 0, 3, 4, 1, 2, 6, 5};

DequeueJudgement judgement() {
  DequeueJudgement j;
  j.asked = {"an A* with the Manhattan priority and the critical optimization", 188, 849, true, ""};
  j.others = {
      {"an A* without the critical optimization", 214, 4116, true, "is the board enqueued again?"},
      {"an A* with the Hamming priority", 20723, 36640, true, "is the priority hamming()?"}};
  j.twin_allowance = 1000;
  j.also_more = "A manhattan() below the Manhattan distance dequeues more too.";
  return j;
}

// As the Java driver encodes the Map searchgraderCounts() returns.
nlohmann::json counts(std::uint64_t queues, std::uint64_t busiest) {
  const auto pair = [](const char* key, std::uint64_t count) {
    return nlohmann::json::array({key, count});
  };
  nlohmann::json map = nlohmann::json::object();
  map["$dict"] =
      nlohmann::json::array({pair("queues", queues), pair("inserts", 3 * busiest),
                             pair("delMins", queues * busiest), pair("busiest", busiest)});
  return map;
}

FunctionCallCheck judge(const nlohmann::json& got) {
  return check_dequeue_count(judgement(), kPuzzle, kStart, got, "new Solver(new Board(...))");
}

TEST(DequeueCountCheck, ACountWithinTheAskedRangePasses) {
  EXPECT_TRUE(judge(counts(2, 188)).passed);
  EXPECT_TRUE(judge(counts(2, 849)).passed);
}

TEST(DequeueCountCheck, AboveTheRangeIsNamedByTheFirstVariantThatReachesIt) {
  const FunctionCallCheck wasteful = judge(counts(2, 850));
  EXPECT_FALSE(wasteful.passed);
  EXPECT_THAT(wasteful.feedback,
              HasSubstr("dequeued 850 search nodes (delMin() on its busiest of 2 MinPQs"));
  EXPECT_THAT(wasteful.feedback, HasSubstr("188 to 849 here"));
  EXPECT_THAT(wasteful.feedback,
              HasSubstr("without the critical optimization dequeues (214 to 4116)"));
  EXPECT_THAT(wasteful.feedback, HasSubstr(" 8  7  0 \n"));  // the board, as toString() draws it
  EXPECT_THAT(judge(counts(2, 30000)).feedback, HasSubstr("Hamming priority dequeues"));
  EXPECT_THAT(judge(counts(2, 40000)).feedback, HasSubstr("More than any A*"));
  EXPECT_THAT(judge(counts(2, 40000)).feedback, HasSubstr("manhattan() below"));
  EXPECT_THAT(wasteful.feedback,
              HasSubstr("(214 to 4116): is the board enqueued again?\nA manhattan() below"));
  EXPECT_THAT(judge(counts(2, 100)).feedback, Not(HasSubstr("manhattan() below")));
}

// The variants whose ranges hold the count name it, even when an earlier one's most reaches it.
TEST(DequeueCountCheck, TheVariantWhoseRangeHoldsTheCountNamesIt) {
  DequeueJudgement j = judgement();
  j.asked = {"an A* with the critical optimization", 38, 76, true, ""};
  j.others = {{"an A* with the Hamming priority", 159, 272, true, "hamming?"},
              {"an A* without the critical optimization", 111, 1018, true, "enqueued again?"}};
  const auto named = [&](std::uint64_t busiest) {
    return check_dequeue_count(j, kPuzzle, kStart, counts(2, busiest), "new Solver(...)").feedback;
  };
  EXPECT_THAT(named(138), HasSubstr("without the critical optimization dequeues (111 to 1018)"));
  EXPECT_THAT(named(200), HasSubstr("Hamming priority dequeues (159 to 272): hamming?\nAs many as "
                                    "an A* without the critical optimization"));
  EXPECT_THAT(named(138), Not(HasSubstr("Hamming")));
  EXPECT_THAT(named(90), HasSubstr("Hamming priority dequeues"));  // held by none: reaches first
  EXPECT_THAT(named(2000), HasSubstr("More than any A*"));
}

TEST(DequeueCountCheck, OneQueueMayHoldTheTwinsNodesToo) {
  EXPECT_TRUE(judge(counts(1, 1849)).passed);
  EXPECT_FALSE(judge(counts(1, 1850)).passed);
  EXPECT_FALSE(judge(counts(2, 1849)).passed);
}

TEST(DequeueCountCheck, FewerThanAnyAStarIsNamed) {
  const FunctionCallCheck few = judge(counts(2, 100));
  EXPECT_FALSE(few.passed);
  EXPECT_THAT(few.feedback, HasSubstr("fewer than any can"));
}

TEST(DequeueCountCheck, NoQueueOrNoCountsAreSaid) {
  EXPECT_THAT(judge(counts(0, 0)).feedback, HasSubstr("made no MinPQ"));
  EXPECT_THAT(judge(nlohmann::json("oops")).feedback,
              HasSubstr("could not read the counts of MinPQ"));
  nlohmann::json plain = {{"queues", 2}, {"inserts", 10}, {"delMins", 8}, {"busiest", 200}};
  EXPECT_TRUE(judge(plain).passed);
}

// The handout does not ask a Solver to queue a board that is already solved (issue 70); on any
// other board no dequeue is still fewer than any A*.
TEST(DequeueCountCheck, AGoalBoardMayBeAnsweredWithoutTheQueue) {
  const ref::Tiles goal = kPuzzle.goal();
  const auto on = [&](const ref::Tiles& start, const nlohmann::json& got) {
    DequeueJudgement exact = judgement();
    exact.asked = {"an A* with the Manhattan priority and the critical optimization", 1, 1, true,
                   ""};
    return check_dequeue_count(exact, kPuzzle, start, got, "new Solver(new Board(...))");
  };
  EXPECT_TRUE(on(goal, counts(2, 0)).passed);
  EXPECT_TRUE(on(goal, counts(0, 0)).passed);
  EXPECT_TRUE(on(goal, counts(2, 1)).passed);
  EXPECT_THAT(on(kStart, counts(2, 0)).feedback, HasSubstr("fewer than any can"));
  EXPECT_THAT(on(kStart, counts(0, 0)).feedback, HasSubstr("made no MinPQ"));
}

}  // namespace
}  // namespace sg
