#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/domain_trace_kind.h"
#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace print_path_kind_test {

// print_path: a DomainTraceKind asked for the path it is handed.
DomainTraceKind print_path_kind() { return DomainTraceKind(DomainTraceKind::Asked::handed_path); }

using test_util::aspect;

using test_util::driver_returned;
using ::testing::HasSubstr;

// A road map whose fewest-steps path (S, G) is not its cheapest (S, A, G).
Assignment spec_with(const std::string& line) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: paths}
domains:
  roads: {type: graph, edges: [[S, A, 2], [A, G, 3], [S, G, 9]], heuristic: {S: 4, A: 3}}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: print_path
    function: print_path
    domain: roads
    start: S
    goal: G
    limit: 3
    grades: {prints: a}
)yaml" + line,
                               "specs/demo.yaml");
}

// The printed text as the driver reports it: a JSON string's inside.
TestOutcome printed(const Assignment& assignment, const std::string& escaped) {
  return print_path_kind().evaluate(assignment, assignment.tests[0],
                                    driver_returned({"null"}, {escaped}));
}

TEST(PrintPathKind, AnyFormatPassesWhenTheCourseLeavesItFree) {
  const Assignment free = spec_with("");
  print_path_kind().validate(free, free.tests[0]);
  const TestOutcome outcome = printed(free, "S to G\\n");
  ASSERT_EQ(outcome.aspects.size(), 1u);
  EXPECT_TRUE(aspect(outcome, "prints").passed);
  EXPECT_FALSE(aspect(printed(free, ""), "prints").passed);
}

// A course that fixes the format: the path handed in, line by line, each figure right.
TEST(PrintPathKind, ALineTemplateJudgesThePrintedPathAsASolveTrace) {
  const Assignment fixed = spec_with("    line: \"{state} g={g} h={h}\"\n");
  print_path_kind().validate(fixed, fixed.tests[0]);
  const TestOutcome right = printed(fixed, "S g=0 h=4\\nG g=9 h=0\\n");
  for (const AspectOutcome& a : right.aspects)
    EXPECT_TRUE(a.passed) << a.aspect << ": " << a.feedback;
  EXPECT_EQ(right.expected, "S g=0 h=4\nG g=9 h=0\n");
  // The cheapest path is not the one it was handed.
  EXPECT_FALSE(aspect(printed(fixed, "S g=0 h=4\\nA g=2 h=3\\nG g=5 h=0\\n"), "path").passed);
  const TestOutcome no_h = printed(fixed, "S g=0 h=0\\nG g=9 h=0\\n");
  EXPECT_TRUE(aspect(no_h, "path").passed);
  EXPECT_FALSE(aspect(no_h, "heuristic").passed);
  EXPECT_FALSE(aspect(printed(fixed, "S -> G\\n"), "format").passed);
  const TestOutcome nothing = printed(fixed, "");
  EXPECT_FALSE(aspect(nothing, "path").passed);
  EXPECT_THAT(aspect(nothing, "path").feedback, HasSubstr("printed nothing"));

  const Assignment unknown = spec_with("    line: \"{state} {cost_so_far}\"\n");
  EXPECT_THROW(print_path_kind().validate(unknown, unknown.tests[0]), SpecError);
}

// A2's path printer on a maze: it is handed the reference's path as the driver writes cells.
TEST(PrintPathKind, PrintsAMazesPath) {
  const Assignment spec = load_spec_from_string(R"yaml(spec_version: 1
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
rubric: [{id: a, points: 1}]
tests:
  - {id: t, kind: print_path, domain: hall, limit: 8, function: show, grades: {prints: a}}
)yaml",
                                                "specs/demo.yaml");
  const TestSpec& test = spec.tests.back();
  const DomainTraceKind kind = print_path_kind();
  kind.validate(spec, test);
  GradingContext context;
  EXPECT_EQ(kind.invocation(spec, test, context).description,
            "show((1, 1), (3, 1), [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1)])");
  const Observation printed = driver_returned({"null"}, {R"((1, 1) -> (1, 2)\n)"});
  const TestOutcome shown = kind.evaluate(spec, test, printed);
  EXPECT_TRUE(shown.aspects.at(0).passed) << shown.aspects.at(0).feedback;
  EXPECT_FALSE(kind.evaluate(spec, test, driver_returned({"null"})).aspects.at(0).passed);
}

}  // namespace print_path_kind_test
}  // namespace
}  // namespace sg
