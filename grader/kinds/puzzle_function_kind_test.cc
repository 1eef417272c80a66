#include "kinds/puzzle_function_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

using test_util::driver_returned;

using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: problem}
domains:
  roads: {type: graph, directed: true, edges: [[A, B], [A, C], [B, C]]}
  maze:
    type: grid
    map: |
      #####
      #S  #
      # #G#
      #####
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: puzzle_function
    grades: {value: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  try {
    PuzzleFunctionKind().validate(assignment, assignment.tests.back());
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TEST(PuzzleFunctionKind, AGraphsActionsInItsOrder) {
  const Assignment assignment =
      spec_with("    domain: roads\n    role: actions\n    states: [A, C]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  EXPECT_THAT(invocation.description, HasSubstr("actions('A') (2 calls)"));
  TestOutcome outcome =
      kind.evaluate(assignment, assignment.tests.back(), driver_returned({R"(["B", "C"])", "[]"}));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  EXPECT_EQ(outcome.expected, "actions('A') -> ['B', 'C']\nactions('C') -> []");
  outcome =
      kind.evaluate(assignment, assignment.tests.back(), driver_returned({R"(["C", "B"])", "[]"}));
  EXPECT_FALSE(outcome.aspects.at(0).passed);
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`actions('A')` returned ['C', 'B'], expected ['B', 'C']: the right "
                        "actions in the wrong order"));
}

TEST(PuzzleFunctionKind, AMazesResultsAndTheArgumentLeftAlone) {
  const Assignment assignment = spec_with(
      "    domain: maze\n    role: take_action\n    function: step\n    states: [[1, 2]]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  // From (1, 2): West to (1, 1), East to (1, 3); each call is [let, call, get].
  const std::string cell = R"({"$tuple": [1, 2]})";
  TestOutcome outcome = kind.evaluate(
      assignment, assignment.tests.back(),
      driver_returned({"null", R"({"$tuple": [1, 3]})", cell, "null", R"([1, 1])", cell}));
  EXPECT_EQ(outcome.expected, "step((1, 2), 'East') -> (1, 3)\nstep((1, 2), 'West') -> (1, 1)");
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;
  outcome = kind.evaluate(
      assignment, assignment.tests.back(),
      driver_returned({"null", R"({"$tuple": [1, 1]})", R"([1, 1])", "null", R"([1, 1])", cell}));
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`step((1, 2), 'East')` returned (1, 1); expected the state (1, 3)"));
  EXPECT_THAT(outcome.aspects.at(1).feedback, HasSubstr("modified the state passed to it"));
}

TEST(PuzzleFunctionKind, ADomainTestNamesWhatItCannotTake) {
  EXPECT_THAT(
      validation_error(spec_with("    domain: roads\n    role: find_blank\n    states: [A]\n")),
      HasSubstr("find_blank is a board's"));
  EXPECT_THAT(
      validation_error(spec_with("    domain: roads\n    role: actions\n    states: [Z]\n")),
      HasSubstr("demo.yaml:20:14: 'Z' is not a state of 'roads'"));
  EXPECT_THAT(validation_error(spec_with(
                  "    domain: roads\n    role: take_action\n    states: [A]\n    actions: [D]\n")),
              HasSubstr("'D' is not an action of 'A' in 'roads'"));
  EXPECT_THAT(
      validation_error(spec_with("    domain: roads\n    role: take_action\n    states: [C]\n")),
      HasSubstr("no action is possible from these states"));
}

}  // namespace
}  // namespace sg
