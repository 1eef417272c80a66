#include "domains/search_domain.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "spec/spec_loader.h"

namespace sg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: m}
domains:
  roads: {type: graph, directed: true, edges: [[B, C], [A, B], [A, C]]}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: puzzle_function
    grades: {value: a}
    domain: roads
)yaml" + test_keys,
                               "specs/demo.yaml");
}

// A test about states alone names no start: a graph then starts at its first node.
TEST(SearchDomain, AStatesTestNeedsNoStartOrGoal) {
  const Assignment assignment = spec_with("");
  const SearchDomain domain = states_domain(assignment, assignment.tests.back());
  EXPECT_EQ(domain.problem->initial_state(), "B");
  EXPECT_THAT(successor_states(domain, "A"), ElementsAre("B", "C"));
  EXPECT_EQ(single_goal(domain, assignment.tests.back()), "B");
}

TEST(SearchDomain, ACallHandedOneGoalRefusesSeveral) {
  const Assignment assignment = spec_with("    start: A\n    goal: [B, C]\n");
  const SearchDomain domain = search_domain(assignment, assignment.tests.back());
  try {
    single_goal(domain, assignment.tests.back());
    ADD_FAILURE() << "two goals";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("demo.yaml:13:11: the call is handed one goal state, and "
                                        "'roads' has 2: name one"));
  }
}

}  // namespace
}  // namespace sg
