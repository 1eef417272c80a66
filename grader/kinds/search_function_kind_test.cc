#include "kinds/search_function_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/domain_trace_kind.h"
#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

Observation returned(const std::string& value) { return test_util::driver_returned({value}); }

using ::testing::HasSubstr;

Assignment maze_spec(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: search}
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
    kind: search_function
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

// A maze of the spec's `domains`, searched by the student's iterativeDeepeningSearch with the
// driver's actionsF and takeActionF built from the maze's table of cells.
TEST(SearchFunctionKind, SearchesAMazeOfTheSpecsDomains) {
  const Assignment assignment =
      maze_spec("    domain: hall\n    algorithm: iterative_deepening\n    limit: 8\n");
  const SearchFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  EXPECT_THAT(invocation.description,
              HasSubstr("iterativeDeepeningSearch((1, 1), (3, 1), actionsF, takeActionF, 8)"));
  const std::vector<std::pair<int, int>> shortest = {{1, 1}, {1, 2}, {1, 3}, {2, 3},
                                                     {3, 3}, {3, 2}, {3, 1}};
  TestOutcome outcome =
      kind.evaluate(assignment, assignment.tests.back(), returned(cells(shortest)));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  outcome = kind.evaluate(assignment, assignment.tests.back(),
                          returned(cells({{1, 1}, {1, 2}, {3, 2}, {3, 1}})));
  EXPECT_FALSE(outcome.aspects.at(0).passed);
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("step 2 from (1, 2) to (3, 2) is not one legal move: 'hall' has no action "
                        "from (1, 2) to (3, 2)"));
  const Assignment cut =
      maze_spec("    domain: hall\n    algorithm: iterative_deepening\n    limit: 5\n");
  EXPECT_FALSE(
      kind.evaluate(cut, cut.tests.back(), returned(cells(shortest))).aspects.at(0).passed);
  EXPECT_TRUE(kind.evaluate(cut, cut.tests.back(), returned("\"cutoff\"")).aspects.at(0).passed);
}

TEST(SearchFunctionKind, AGraphOfTheSpecsDomainsNeedsOneGoal) {
  const SearchFunctionKind kind;
  const Assignment two = maze_spec(
      "    domain: roads\n    start: A\n    goal: [B, C]\n    algorithm: depth_limited\n    "
      "limit: 2\n");
  try {
    kind.validate(two, two.tests.back());
    ADD_FAILURE() << "two goals validated";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(),
                HasSubstr("demo.yaml:21:11: the call is handed one goal state, and 'roads' has 2"));
  }
  const Assignment one = maze_spec(
      "    domain: roads\n    start: A\n    goal: C\n    algorithm: depth_limited\n    limit: 2\n");
  kind.validate(one, one.tests.back());
  EXPECT_TRUE(kind.evaluate(one, one.tests.back(), returned(R"(["B", "C"])")).aspects.at(0).passed);
}

// A2's path printer on a maze: it is handed the reference's path as the driver writes cells.
TEST(PrintPathKind, PrintsAMazesPath) {
  const Assignment assignment = maze_spec("    domain: hall\n    limit: 8\n    function: show\n");
  const Assignment& spec = assignment;
  TestSpec test = spec.tests.back();
  test.kind = "print_path";
  const DomainTraceKind kind(DomainTraceKind::Asked::handed_path);
  kind.validate(spec, test);
  GradingContext context;
  EXPECT_EQ(kind.invocation(spec, test, context).description,
            "show((1, 1), (3, 1), [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1)])");
  const Observation printed = test_util::driver_returned({"null"}, {R"((1, 1) -> (1, 2)\n)"});
  const TestOutcome shown = kind.evaluate(spec, test, printed);
  EXPECT_TRUE(shown.aspects.at(0).passed) << shown.aspects.at(0).feedback;
  EXPECT_FALSE(kind.evaluate(spec, test, returned("null")).aspects.at(0).passed);
}

}  // namespace
}  // namespace sg
