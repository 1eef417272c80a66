#include "kinds/game_function_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace game_function_kind_test {

using test_util::aspect;
using test_util::driver_returned;
using test_util::validation_error;
using ::testing::HasSubstr;

// Nim as a rules game (the grader asks the rules through the installed oracle): take 1 or 2
// sticks, written [n] as a handout's move list; whoever takes the last stick wins.
Assignment spec_with(const std::string& test_keys,
                     const std::string& rubric = "[{id: a, points: 1}]") {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: player}
domains:
  nim:
    type: rules
    is: game
    world: Nim
    source: |
      class Nim:
          def __init__(self):
              self.initial = (3, 'A')
          def to_move(self, state):
              return state[1]
          def actions(self, state):
              return [[n] for n in (1, 2) if n <= state[0]]
          def result(self, state, move):
              return (state[0] - move[0], 'B' if state[1] == 'A' else 'A')
          def is_terminal(self, state):
              return state[0] == 0
          def utility(self, state, player):
              return -1 if state[1] == player else 1
          def evaluate(self, state, player):
              return 0
  map: {type: graph, edges: [[A, B, 1]]}
rubric: )yaml" + rubric + R"yaml(
tests:
  - id: t
    kind: game_function
)yaml" + test_keys,
                               "specs/demo.yaml");
}

const GameFunctionKind kind;

// Each call's three driver steps: the argument bound (null), the call's value, and the argument
// read back after it (`after`: what the call left of it).
std::vector<std::string> call_steps(const std::vector<std::pair<std::string, std::string>>& calls) {
  std::vector<std::string> steps;
  for (const auto& [value, after] : calls) {
    steps.push_back("null");
    steps.push_back(value);
    steps.push_back(after);
  }
  return steps;
}

TEST(GameFunctionKind, APlayersValueIsTheRulesUtilityAsEachPlayer) {
  const Assignment assignment = spec_with(R"yaml(    domain: nim
    role: value
    function: game_value
    players: [A, B]
    positions: [[0, A]]
    grades: {value: a}
)yaml");
  const TestSpec& test = assignment.tests.back();
  EXPECT_EQ(validation_error(kind, assignment, test), "no error");
  // A is to move with no stick left: B took the last one.
  const std::string zero = R"({"$tuple": [0, "A"]})";
  EXPECT_TRUE(aspect(kind.evaluate(assignment, test,
                                   driver_returned(call_steps({{"-1", zero}, {"1", zero}}))),
                     "value")
                  .passed);
  const TestOutcome wrong =
      kind.evaluate(assignment, test, driver_returned(call_steps({{"1", zero}, {"1", zero}})));
  EXPECT_FALSE(aspect(wrong, "value").passed);
  EXPECT_THAT(aspect(wrong, "value").feedback,
              HasSubstr("`game_value(position 1) as 'A'` returned 1; expected -1: the opponent "
                        "has won here. The position:\n  (0, 'A')"));
}

TEST(GameFunctionKind, AMoveIsLegalAndAsGoodAsTheBest) {
  const Assignment assignment = spec_with(R"yaml(    domain: nim
    role: move
    function: make_move
    depth: 1
    positions: [[2, A]]
    grades: {value: a, legal: b}
)yaml",
                                          "[{id: a, points: 1}, {id: b, points: 1}]");
  const TestSpec& test = assignment.tests.back();
  EXPECT_EQ(validation_error(kind, assignment, test), "no error");
  const std::string two = R"({"$tuple": [2, "A"]})";
  const TestOutcome best =
      kind.evaluate(assignment, test, driver_returned(call_steps({{"[2]", two}})));
  EXPECT_TRUE(aspect(best, "value").passed);
  EXPECT_TRUE(aspect(best, "legal").passed);
  EXPECT_TRUE(aspect(best, "unchanged").passed);
  const TestOutcome worse =
      kind.evaluate(assignment, test, driver_returned(call_steps({{"[1]", two}})));
  EXPECT_TRUE(aspect(worse, "legal").passed);
  EXPECT_FALSE(aspect(worse, "value").passed);
  EXPECT_THAT(aspect(worse, "value").feedback,
              HasSubstr("returned [1]: at depth 1 it is worth 0; a minimax search 1 move deep "
                        "finds moves worth 1 (a win): [2]"));
  // An illegal move costs the legal aspect alone: its worth is not judged.
  const TestOutcome illegal =
      kind.evaluate(assignment, test, driver_returned(call_steps({{"[3]", two}})));
  EXPECT_FALSE(aspect(illegal, "legal").passed);
  EXPECT_FALSE(aspect(illegal, "value").judged);
  EXPECT_FALSE(aspect(illegal, "format").judged);
}

// A player that plays its move on the position it was handed (no copy) changes the caller's:
// the `unchanged` aspect names what changed, and a mutant that does so is caught there.
TEST(GameFunctionKind, APositionChangedByTheCallIsCaught) {
  const Assignment assignment = spec_with(R"yaml(    domain: nim
    role: move
    function: make_move
    depth: 1
    positions: [[2, A]]
    grades: {value: a, unchanged: b}
)yaml",
                                          "[{id: a, points: 1}, {id: b, points: 1}]");
  const TestSpec& test = assignment.tests.back();
  const TestOutcome moved = kind.evaluate(
      assignment, test, driver_returned(call_steps({{"[2]", R"({"$tuple": [0, "B"]})"}})));
  EXPECT_TRUE(aspect(moved, "value").passed);
  EXPECT_FALSE(aspect(moved, "unchanged").passed);
  EXPECT_THAT(aspect(moved, "unchanged").feedback,
              HasSubstr("`make_move(position 1) as 'A'` changed the position it was given ([0]: 2 "
                        "is now 0)"));
  // The driver binds the argument, passes it by reference and reads it back.
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  const nlohmann::json steps =
      nlohmann::json::parse(*kind.invocation(assignment, test, context).stdin_data)["steps"];
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0]["op"], "let");
  EXPECT_EQ(steps[1]["args"][0], nlohmann::json({{"$ref", "argument"}}));
  EXPECT_EQ(steps[2]["op"], "get");
}

TEST(GameFunctionKind, ASpecMistakeIsNamedAtItsKey) {
  const Assignment on_a_map = spec_with(
      "    domain: map\n    role: value\n    function: f\n    positions: [[0, A]]\n"
      "    grades: {value: a}\n");
  EXPECT_THAT(validation_error(kind, on_a_map, on_a_map.tests.back()),
              HasSubstr("domain: a game of the spec's `domains` given as a rules file"));
  const Assignment value_with_legal = spec_with(
      "    domain: nim\n    role: value\n    function: f\n    positions: [[0, A]]\n"
      "    grades: {legal: a}\n");
  EXPECT_THAT(
      validation_error(kind, value_with_legal, value_with_legal.tests.back()),
      HasSubstr("a game_function test with role: value judges value, unchanged; not legal"));
  const Assignment no_players = spec_with(
      "    domain: nim\n    role: move\n    function: f\n    positions: [[2, A]]\n"
      "    object: {class: P, opponent: opp}\n    grades: {legal: a}\n");
  EXPECT_THAT(validation_error(kind, no_players, no_players.tests.back()),
              HasSubstr("object.opponent needs `players:` (the game's two players)"));
}

}  // namespace game_function_kind_test
}  // namespace
}  // namespace sg
