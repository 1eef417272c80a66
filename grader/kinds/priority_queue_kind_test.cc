#include "kinds/priority_queue_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace priority_queue_kind_test {

using ::testing::HasSubstr;

// A spec whose queue test holds the towns of a small road map; `edges` and `steps` vary.
Assignment road_spec(const std::string& edges, const std::string& steps) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: roads}
domains:
  roads:
    type: graph
    edges: )yaml" + edges + R"yaml(
    heuristic: {S: 3, A: 2, G: 0}
rubric: [{id: q, points: 1}]
tests:
  - id: t
    kind: priority_queue
    domain: roads
    goal: G
    grades: {behaviour: q}
    steps:
)yaml" + steps,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(PriorityQueueKind(), assignment, assignment.tests[0]);
}

TEST(PriorityQueueKind, AGraphsTownsAreQueuedWithTheDomainsCostsAndH) {
  const Assignment spec = road_spec("[[S, A, 2], [A, G, 3]]",
                                    "      - enqueue: {state: S, g: 0, as: s}\n"
                                    "      - pop: {as: s}\n"
                                    "      - enqueue_successors: {of: s}\n"
                                    "      - str\n");
  EXPECT_EQ(validation_error(spec), "no error");
  const Invocation invocation =
      PriorityQueueKind().invocation(spec, spec.tests[0], GradingContext{});
  // A's entry: g 0 + the road's 2, h 2 from the domain, f 4; its state the town's name.
  EXPECT_THAT(invocation.description, HasSubstr("5 priority-queue operations"));
  EXPECT_THAT(invocation.stdin_data.value_or(""),
              HasSubstr(R"({"f":4,"g":2,"h":2,"parent":{"$ref":"s"},"state":"A"})"))
      << invocation.stdin_data.value_or("(no stdin)");
}

TEST(PriorityQueueKind, ATownNotOnTheMapOrAFractionalCostIsASpecError) {
  EXPECT_THAT(
      validation_error(road_spec("[[S, A, 2], [A, G, 3]]", "      - enqueue: {state: Z, g: 0}\n")),
      HasSubstr("'Z' is not a state of the domain 'roads'"));
  EXPECT_THAT(validation_error(road_spec("[[S, A, 2.5], [A, G, 3]]",
                                         "      - enqueue: {state: S, g: 0, as: s}\n"
                                         "      - enqueue_successors: {of: s}\n")),
              HasSubstr("the cost of the step to 'A' is 2.5, but a queue entry's g, h and f are "
                        "whole numbers"));
}

}  // namespace priority_queue_kind_test
}  // namespace
}  // namespace sg
