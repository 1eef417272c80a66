#include "kinds/search_problem_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_problem_kind_test {

using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(
      R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: searchAgents}
domains:
  corners:
    type: pacman_problem
    problem: corners
    layout: |
      %%%%%
      %. .%
      % P %
      %. .%
      %%%%%
  romania: {type: graph, edges: [[A, B, 1]]}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search_problem
)yaml" + test_keys +
          (test_keys.find("grades") == std::string::npos ? "    grades: {goal_test: a}\n" : ""),
      "specs/demo.yaml");
}

std::string validation_error(const std::string& test_keys) {
  const Assignment assignment = spec_with(test_keys);
  try {
    SearchProblemKind().validate(assignment, assignment.tests.back());
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TEST(SearchProblemKind, BuildsTheProblemFromTheLayoutAndExploresIt) {
  const std::string keys =
      "    domain: corners\n    call: \"CornersProblem(game_state)\"\n"
      "    heuristic: cornersHeuristic\n    informed: {at_most: [40, 20]}\n"
      "    grades: {successors: a, admissible: a, informed_2: a}\n";
  EXPECT_EQ(validation_error(keys), "no error");
  const Assignment assignment = spec_with(keys);
  GradingContext context;
  const Invocation invocation =
      SearchProblemKind().invocation(assignment, assignment.tests.back(), context);
  EXPECT_THAT(invocation.stdin_data.value_or(""), HasSubstr(R"("$fn":"berkeley_game_state")"));
  EXPECT_THAT(invocation.stdin_data.value_or(""), HasSubstr(R"("op":"explore")"));
  EXPECT_THAT(invocation.stdin_data.value_or(""), HasSubstr(R"("heuristic":"cornersHeuristic")"));
}

TEST(SearchProblemKind, NamesTheKeyOfEveryMistake) {
  EXPECT_THAT(validation_error(
                  "    domain: romania\n    start: A\n    goal: B\n    call: \"P(game_state)\"\n"),
              HasSubstr("`game_state` is a Pacman world's"));
  EXPECT_THAT(validation_error("    domain: corners\n    call: \"CornersProblem(game_state)\"\n"
                               "    grades: {admissible: a}\n"),
              HasSubstr("judges a heuristic: name it"));
  EXPECT_THAT(validation_error("    domain: corners\n    call: \"CornersProblem(game_state)\"\n"
                               "    informed: {at_most: [10]}\n"),
              HasSubstr("informed: {at_most"));
  EXPECT_THAT(validation_error("    domain: corners\n    call: \"CornersProblem(game_state)\"\n"
                               "    heuristic: h\n    informed: {at_most: [10]}\n"
                               "    grades: {informed_2: a}\n"),
              HasSubstr("needs `informed: {at_most: [...]}` with at least 2 tier(s)"));
  EXPECT_THAT(validation_error("    domain: corners\n    call: \"CornersProblem(game_state)\"\n"
                               "    size_leeway: 0.5\n"),
              HasSubstr("size_leeway"));
}

// The mutants are the reference's problem with one slip, judged as a student's: each loses the
// aspect its slip breaks and keeps the start; a slip that changes nothing here (the corners'
// steps all cost 1 already) is left out.
TEST(SearchProblemKind, MutantsAreTheReferencesProblemWithASlip) {
  const Assignment assignment =
      spec_with("    domain: corners\n    call: \"CornersProblem(game_state)\"\n");
  std::map<std::string, TestOutcome> mutants;
  for (MutantOutcome& mutant :
       SearchProblemKind().mutant_outcomes(assignment, assignment.tests.back()))
    mutants[mutant.mutant] = std::move(mutant.outcome);
  ASSERT_EQ(mutants.size(), 2U);
  const auto passed = [&](const std::string& mutant, const std::string& aspect) {
    for (const AspectOutcome& judged : mutants.at(mutant).aspects)
      if (judged.aspect == aspect) return judged.passed;
    ADD_FAILURE() << "no aspect " << aspect;
    return false;
  };
  EXPECT_FALSE(passed("goal_never_true", "goal_test"));
  EXPECT_TRUE(passed("goal_never_true", "start"));
  EXPECT_TRUE(passed("goal_never_true", "successors"));
  EXPECT_FALSE(passed("last_successor_dropped", "successors"));
  EXPECT_TRUE(passed("last_successor_dropped", "goal_test"));
}

}  // namespace search_problem_kind_test
}  // namespace
}  // namespace sg
