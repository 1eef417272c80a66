// The `search` kind's `result` judgement: what a depth-limited or iterative deepening search
// function returns ('cutoff', 'failure' or a path), on any domain, handed the domain's actions as
// functions (A2's actionsF / takeActionF) or the submission's own.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "kinds/kind_test_util.h"
#include "kinds/search_kind.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace bounded_search_result_test {

Observation returned(const std::string& value) { return test_util::driver_returned({value}); }

using ::testing::HasSubstr;

Assignment bounded_spec(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: search}
adapter: {type: function}
domains:
  hall:
    type: grid
    map: |
      #####
      #S  #
      ### #
      #G  #
      #####
  roads: {type: graph, edges: [[A, B], [B, C]]}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search
    grades: {result: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string cells(const std::vector<std::pair<int, int>>& path) {
  std::string out = "[";
  for (const auto& [row, col] : path)
    out += (out.size() > 1 ? ", " : "") + std::string(R"({"$tuple": [)") + std::to_string(row) +
           ", " + std::to_string(col) + "]}";
  return out + "]";
}

const std::string kMazeIds =
    "    domain: hall\n    call: \"iterativeDeepeningSearch(start, goal, actions, take_action, "
    "max_depth)\"\n    judge: {result: true}\n";

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(SearchKind(), assignment, assignment.tests.back());
}

// A maze of the spec's `domains`, searched by the student's iterativeDeepeningSearch with the
// driver's actionsF and takeActionF built from the maze's table of cells.
TEST(BoundedSearchResult, SearchesAMazeWithTheDriversActionFunctions) {
  const Assignment assignment =
      bounded_spec(kMazeIds + "    algorithm: {strategy: iterative_deepening, max_depth: 8}\n");
  const SearchKind kind;
  const TestSpec& test = assignment.tests.back();
  kind.validate(assignment, test);
  GradingContext context;
  const Invocation invocation = kind.invocation(assignment, test, context);
  EXPECT_THAT(invocation.description,
              HasSubstr("iterativeDeepeningSearch((1, 1), (3, 1), actionsF, takeActionF, 8)"));
  const std::vector<std::pair<int, int>> shortest = {{1, 1}, {1, 2}, {1, 3}, {2, 3},
                                                     {3, 3}, {3, 2}, {3, 1}};
  TestOutcome outcome = kind.evaluate(assignment, test, returned(cells(shortest)));
  EXPECT_TRUE(test_util::aspect(outcome, "result").passed)
      << test_util::aspect(outcome, "result").feedback;
  outcome = kind.evaluate(assignment, test, returned(cells({{1, 1}, {1, 2}, {3, 2}, {3, 1}})));
  EXPECT_FALSE(test_util::aspect(outcome, "result").passed);
  EXPECT_THAT(test_util::aspect(outcome, "result").feedback,
              HasSubstr("step 2 from (1, 2) to (3, 2) is not one legal move: 'hall' has no action "
                        "from (1, 2) to (3, 2)"));
  const Assignment cut =
      bounded_spec(kMazeIds + "    algorithm: {strategy: iterative_deepening, max_depth: 5}\n");
  const TestSpec& cut_test = cut.tests.back();
  EXPECT_FALSE(
      test_util::aspect(kind.evaluate(cut, cut_test, returned(cells(shortest))), "result").passed);
  EXPECT_TRUE(
      test_util::aspect(kind.evaluate(cut, cut_test, returned("\"cutoff\"")), "result").passed);
  EXPECT_EQ(kind.evaluate(cut, cut_test, returned("\"cutoff\"")).expected, "'cutoff'");
}

// A2's depthLimitedSearch returns its path without the start (`start: omitted`); the call hands
// one goal, so the domain needs exactly one.
TEST(BoundedSearchResult, ADepthLimitedPathOmitsTheStartAndNeedsOneGoal) {
  const std::string dls =
      "    domain: roads\n    start: A\n    algorithm: {strategy: depth_limited, limit: 2}\n    "
      "call: \"depthLimitedSearch(start, goal, actions, take_action, limit)\"\n    judge: "
      "{result: {start: omitted}}\n";
  EXPECT_THAT(validation_error(bounded_spec(dls + "    goal: [B, C]\n")),
              HasSubstr("the call is handed one goal state, and 'roads' has 2"));
  const Assignment one = bounded_spec(dls + "    goal: C\n");
  const SearchKind kind;
  kind.validate(one, one.tests.back());
  EXPECT_TRUE(
      test_util::aspect(kind.evaluate(one, one.tests.back(), returned(R"(["B", "C"])")), "result")
          .passed);
  const TestOutcome with_start =
      kind.evaluate(one, one.tests.back(), returned(R"(["A", "B", "C"])"));
  EXPECT_THAT(test_util::aspect(with_start, "result").feedback,
              HasSubstr("depthLimitedSearch: the path ['A', 'B', 'C'] begins with the start state "
                        "'A', but depthLimitedSearch's path omits it"));
}

// `submission.NAME` hands the search the submission's own function (A2's actionsF_8p).
TEST(BoundedSearchResult, HandsTheSubmissionsOwnFunctions) {
  const Assignment assignment = bounded_spec(
      "    domain: roads\n    start: A\n    goal: C\n    algorithm: {strategy: "
      "iterative_deepening, max_depth: 3}\n    call: \"iterativeDeepeningSearch(start, goal, "
      "submission.myActions, take_action, max_depth)\"\n    judge: {result: true}\n");
  const SearchKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  EXPECT_THAT(invocation.description,
              HasSubstr("iterativeDeepeningSearch('A', 'C', myActions, takeActionF, 3)"));
  EXPECT_THAT(invocation.stdin_data.value_or(""),
              HasSubstr(R"({"$fn":"module","name":"myActions"})"));
}

TEST(BoundedSearchResult, ValidationNamesTheKey) {
  EXPECT_THAT(validation_error(bounded_spec(kMazeIds + "    algorithm: bfs\n")),
              HasSubstr("result: what a depth-limited or iterative deepening search returns"));
  EXPECT_THAT(validation_error(bounded_spec(
                  "    domain: hall\n    algorithm: {strategy: iterative_deepening, max_depth: "
                  "8}\n    call: \"ids(start, goal, max_depth)\"\n    judge: {result: {start: "
                  "maybe}}\n")),
              HasSubstr("result: true, or {start: omitted}"));
  EXPECT_THAT(validation_error(bounded_spec(
                  kMazeIds + "    algorithm: {strategy: iterative_deepening, max_depth: 5}\n" +
                  "    cross_check: {result: path}\n")),
              HasSubstr("demo.yaml:24:18: the reference gives result = 'cutoff', but the spec "
                        "pins \"path\""));
  EXPECT_THAT(validation_error(bounded_spec(
                  kMazeIds + "    algorithm: {strategy: iterative_deepening, max_depth: 8}\n" +
                  "    cross_check: {moves: 6}\n")),
              "no error");
  EXPECT_THAT(validation_error(bounded_spec(
                  "    domain: hall\n    algorithm: {strategy: iterative_deepening, max_depth: "
                  "8}\n    call: \"ids(start, goal, actionz)\"\n    judge: {result: true}\n")),
              HasSubstr("call: unknown argument 'actionz' (did you mean 'actions'?)"));
}

// A mutant of the test's algorithm is judged as a student returning what it returns.
TEST(BoundedSearchResult, CatchesTheDepthLimitMutants) {
  const Assignment assignment =
      bounded_spec(kMazeIds + "    algorithm: {strategy: iterative_deepening, max_depth: 6}\n");
  std::map<std::string, bool> caught;
  for (const MutantOutcome& mutant :
       SearchKind().mutant_outcomes(assignment, assignment.tests.back()))
    caught[mutant.mutant] = !test_util::aspect(mutant.outcome, "result").passed;
  EXPECT_TRUE(caught.at("max_depth_minus_one"));  // the path is exactly 6 steps long
  // One limit more finds the same path by the same expansions: an equivalent mutant, left out.
  EXPECT_FALSE(caught.contains("max_depth_plus_one"));
  EXPECT_FALSE(caught.at("cutoff_as_failure"));  // the search is never cut off
}

}  // namespace bounded_search_result_test
}  // namespace
}  // namespace sg
