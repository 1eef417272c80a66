#include "domains/search_domain.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_domain_test {

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

// A board test's own `goal:` replaces the spec's (A2 searches towards [1, 2, 3, 4, 5, 6, 7, 8, 0]).
TEST(SearchDomain, ABoardTestsGoalReplacesTheSpecs) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: m}
domain: {type: sliding_tile, rows: 2, cols: 2, goal: [1, 2, 3, 0]}
rubric: [{id: a, points: 1}]
tests:
  - {id: own, kind: search, start: [1, 2, 0, 3], goal: [0, 1, 3, 2], grades: {path: a}}
  - {id: spec, kind: search, start: [1, 2, 0, 3], grades: {path: a}}
)yaml",
                                                      "specs/demo.yaml");
  const SearchDomain own = search_domain(assignment, assignment.tests[0]);
  EXPECT_TRUE(own.problem->is_goal(*own.state_of(nlohmann::json{0, 1, 3, 2})));
  EXPECT_FALSE(own.problem->is_goal(*own.state_of(nlohmann::json{1, 2, 3, 0})));
  const SearchDomain spec = search_domain(assignment, assignment.tests[1]);
  EXPECT_TRUE(spec.problem->is_goal(*spec.state_of(nlohmann::json{1, 2, 3, 0})));
}

// `domains` may hold boards of several sizes, each read as the spec's `domain` is (its goal in
// the spec's board notation); a test about states alone starts at the board's goal.
TEST(SearchDomain, BoardsOfSeveralSizesInOneSpec) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: m}
notation: {state: compact}
domains:
  small: {type: sliding_tile, rows: 2, cols: 2, goal: "b1 23"}
  large: {type: sliding_tile, rows: 4, cols: 4, goal: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0], heuristic: manhattan}
rubric: [{id: a, points: 1}]
tests:
  - {id: s, kind: search, domain: small, start: [1, 0, 2, 3], grades: {path: a}}
  - {id: l, kind: search, domain: large, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15], grades: {path: a}}
  - {id: states, kind: puzzle_function, domain: small, role: h, states: [[1, 0, 2, 3]], grades: {value: a}}
)yaml",
                                                      "specs/demo.yaml");
  const SearchDomain small = search_domain(assignment, assignment.tests[0]);
  EXPECT_EQ(small.name, "small");
  EXPECT_TRUE(small.problem->is_goal(*small.state_of(nlohmann::json{0, 1, 2, 3})));
  EXPECT_THAT(successor_states(small, small.problem->initial_state()), testing::SizeIs(2));
  const SearchDomain large = search_domain(assignment, assignment.tests[1]);
  EXPECT_EQ(large.problem->h(large.problem->initial_state()), 1);  // Manhattan: 15 one away
  EXPECT_EQ(states_domain(assignment, assignment.tests[2]).problem->initial_state(),
            *small.state_of(nlohmann::json{0, 1, 2, 3}));
}

TEST(SearchDomain, ABoardDomainIsReadAsTheSpecsDomainIs) {
  try {
    load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: m}
domains:
  small: {type: sliding_tile, rows: 2, cols: 2, goal: [1, 2, 3]}
rubric: [{id: a, points: 1}]
tests:
  - {id: s, kind: search, domain: small, start: [1, 0, 2, 3], grades: {path: a}}
)yaml",
                          "specs/demo.yaml");
    ADD_FAILURE() << "a 2 x 2 goal of 3 tiles loaded";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("demo.yaml:5:"));
  }
}

}  // namespace search_domain_test
}  // namespace
}  // namespace sg
