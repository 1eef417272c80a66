#include "engine/rules_oracle.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace rules_oracle_test {

using ::testing::AllOf;
using ::testing::HasSubstr;

RulesQuery jugs_query(const std::string& pour_small) {
  RulesQuery query;
  query.file = "worlds/jugs.py";
  query.world = "Jugs";
  query.where = {"specs/jugs.yaml", 7, 5};
  query.limits.cpu_seconds = 10;
  query.limits.wall_seconds = 20;
  query.limits.output_bytes = 64ull << 20;
  // Water jugs of 4 and 3 litres, as a course writes them; `pour_small` is the line that
  // pours the small jug into the big one.
  query.source = R"py(class Jugs:
    def __init__(self):
        self.initial = (0, 0)

    def actions(self, state):
        return ['fill big', 'fill small', 'empty big', 'empty small', 'pour big', 'pour small']

    def result(self, state, action):
        big, small = state
        if action == 'fill big':
            return (4, small)
        if action == 'fill small':
            return (big, 3)
        if action == 'empty big':
            return (0, small)
        if action == 'empty small':
            return (big, 0)
        if action == 'pour big':
            amount = min(big, 3 - small)
            return (big - amount, small + amount)
)py" + pour_small +
                 R"py(

    def is_goal(self, state):
        return state[0] == 2
)py";
  return query;
}

std::shared_ptr<const RulesOracle> oracle() {
  return make_sandbox_rules_oracle("/usr/bin/python3", SG_SOURCE_DIR "/grader/drivers");
}

TEST(SandboxRulesOracle, ExploresTheWorldTheRulesFileBuilds) {
  const nlohmann::json explored = oracle()->explore(jugs_query(
      "        amount = min(small, 4 - big)\n        return (big + amount, small - amount)"));
  ASSERT_TRUE(explored.value("complete", false));
  EXPECT_EQ(explored["states"][0], "(0, 0)");
  EXPECT_EQ(explored["values"][0], nlohmann::json::parse(R"({"$tuple": [0, 0]})"));
  EXPECT_EQ(explored["states"].size(), 14u);  // every (big, small) the jugs can hold
  EXPECT_EQ(explored["successors"][0][0], nlohmann::json::parse(R"(["fill big", 1, 1])"));
  EXPECT_FALSE(explored.contains("h"));  // the world defines none
}

TEST(SandboxRulesOracle, ABugInTheRulesNamesTheFileTheLineAndTheState) {
  try {
    oracle()->explore(jugs_query("        return (big + small, small - 4)[2]"));
    ADD_FAILURE() << "the rules raise";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(),
                AllOf(HasSubstr("specs/jugs.yaml:7:5: the rules file worlds/jugs.py: exploring "
                                "the world in the state (0, 0) (the initial state) raised "
                                "IndexError: tuple index out of range"),
                      HasSubstr("File \"jugs.py\", line 21, in result")));
  }
}

TEST(SandboxRulesOracle, RulesThatNeverAnswerStopAtTheirCpuLimit) {
  RulesQuery query = jugs_query("        while True:\n            pass");
  query.limits.cpu_seconds = 1;
  EXPECT_THAT([&] { oracle()->explore(query); },
              ::testing::ThrowsMessage<SpecError>(
                  HasSubstr("exploring the world did not finish: it used its 1 s of CPU time")));
}

TEST(SandboxRulesOracle, AWorldLargerThanItsStatedSizeIsRefused) {
  RulesQuery query = jugs_query(
      "        amount = min(small, 4 - big)\n        return (big + amount, small - amount)");
  query.max_states = 5;
  EXPECT_THAT([&] { oracle()->explore(query); },
              ::testing::ThrowsMessage<SpecError>(
                  HasSubstr("the world has more than 5 states reachable from its initial state")));
}

// Nim as a game: take 1 or 2 sticks; whoever takes the last one wins.
RulesQuery nim_query(const std::string& utility_line) {
  RulesQuery query;
  query.file = "worlds/nim.py";
  query.world = "Nim";
  query.game = true;
  query.where = {"specs/nim.yaml", 9, 7};
  query.limits.cpu_seconds = 10;
  query.limits.wall_seconds = 20;
  query.limits.output_bytes = 64ull << 20;
  query.source = R"py(class Nim:
    def __init__(self):
        self.initial = (20, 'A')

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [n for n in (1, 2) if n <= state[0]]

    def result(self, state, take):
        return (state[0] - take, 'B' if state[1] == 'A' else 'A')

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state, player):
)py" + utility_line +
                 R"py(

    def evaluate(self, state, player):
        return 0
)py";
  return query;
}

TEST(SandboxRulesOracle, ExploresAGameFromAPositionToADepth) {
  RulesQuery query = nim_query("        return -1 if state[1] == player else 1");
  query.start = nlohmann::json::parse(R"({"$tuple": [3, "B"]})");
  query.max_depth = 1;
  const nlohmann::json explored = oracle()->explore(query);
  EXPECT_EQ(explored["states"], nlohmann::json::parse(R"j(["(3, 'B')", "(2, 'A')", "(1, 'A')"])j"));
  EXPECT_EQ(explored["cut"], nlohmann::json::parse("[1, 2]"));
}

TEST(SandboxRulesOracle, AsksAMethodForManyArgumentsInOneProcess) {
  const nlohmann::json answers = oracle()->ask(
      nim_query("        return -1 if state[1] == player else 1"), "utility",
      nlohmann::json::parse(R"([[{"$tuple": [0, "A"]}, "A"], [{"$tuple": [0, "A"]}, "B"]])"));
  EXPECT_EQ(answers, nlohmann::json::parse("[-1, 1]"));
}

TEST(SandboxRulesOracle, AnAskedCallThatRaisesIsNamedWithItsArguments) {
  try {
    oracle()->ask(
        nim_query("        return {'A': 1}[player]"), "utility",
        nlohmann::json::parse(R"([[{"$tuple": [0, "A"]}, "A"], [{"$tuple": [0, "A"]}, "B"]])"));
    ADD_FAILURE() << "the rules raise";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr("specs/nim.yaml:9:7: the rules file worlds/nim.py: "
                                              "utility((0, 'A'), 'B') raised KeyError: 'B'"),
                                    HasSubstr("line 18, in utility")));
  }
}

}  // namespace rules_oracle_test
}  // namespace
}  // namespace sg
