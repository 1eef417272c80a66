#include "kinds/domain_trace.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_registry.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace domain_trace_test {

using ::testing::HasSubstr;

// A graph and a maze, and one print_succ or solve test whose keys vary.
Assignment spec_with(const std::string& kind, const std::string& test_keys,
                     const std::string& adapter = "{type: function}") {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: routes}
domains:
  tri:
    type: graph
    successor_order: alphabetical
    edges: [[S, A, 1], [S, G, 5], [A, G, 1], [S, B, 1], [B, G, 1]]
    heuristic: {S: 2, A: 1, B: 1}
  maze:
    type: grid
    map: |
      #####
      #S G#
      #####
algorithms:
  astar: {strategy: astar}
  ids: {strategy: iterative_deepening}
adapter: )yaml" + adapter + R"yaml(
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: )yaml" + kind + R"yaml(
    grades: {successors: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  const TestSpec& test = assignment.tests.back();
  try {
    static const KindRegistry kinds = KindRegistry::with_builtin_kinds();
    kinds.find(test.kind)->validate(assignment, test);
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

const std::string kListing =
    "    domain: tri\n    state: S\n    goal: G\n    call: print_succ(graph, heuristic, state)\n";
const std::string kPath =
    "    domain: tri\n    start: S\n    goal: G\n    algorithm: astar\n"
    "    call: solve(graph, heuristic, start, goal)\n";

TEST(DomainTrace, ValidPrintSuccAndSolveTestsOnAGraphAndAMaze) {
  EXPECT_EQ(
      validation_error(spec_with("print_succ", kListing + "    line: \"{state} c={cost}\"\n")),
      "no error");
  EXPECT_EQ(validation_error(spec_with("print_succ",
                                       "    domain: maze\n    state: [1, 2]\n"
                                       "    call: print_succ(maze, state)\n")),
            "no error");
  EXPECT_EQ(validation_error(spec_with("solve", kPath + "    max_queue_length: range\n")),
            "no error");
}

TEST(DomainTrace, NamesTheKeyOfEveryMistake) {
  EXPECT_THAT(validation_error(spec_with("print_succ", kListing + "    line: \"{state}{h}\"\n")),
              HasSubstr("line: {h} follows {state} with no text between them"));
  EXPECT_THAT(
      validation_error(spec_with("print_succ", kListing + "    line: \"{state} d={depth}\"\n")),
      HasSubstr("unknown field {depth}: use state, action, cost, g, h, f"));
  EXPECT_THAT(validation_error(spec_with("print_succ",
                                         "    domain: tri\n    state: Z\n    goal: G\n"
                                         "    call: print_succ(graph, state)\n")),
              HasSubstr("Z"));
  EXPECT_THAT(validation_error(spec_with("print_succ", kListing + "    order: by_h\n")),
              HasSubstr("order must be as_listed or ascending"));
  EXPECT_THAT(validation_error(spec_with("print_succ", kListing + "    order: 3\n")),
              HasSubstr("order must be as_listed or ascending"));
  EXPECT_THAT(validation_error(spec_with("solve", kPath + "    max_queue_length: 5\n")),
              HasSubstr("max_queue_length must be feedback, exact or range"));
  EXPECT_THAT(validation_error(spec_with("solve", kPath + "    max_queue_line: [x]\n")),
              HasSubstr("max_queue_line must be optional, required or forbidden"));
  EXPECT_THAT(validation_error(spec_with("print_succ", kListing, "{type: program, args: [x]}")),
              HasSubstr("needs `adapter: {type: function}`"));
  EXPECT_THAT(validation_error(spec_with("solve", kPath + "    last_line: \"Max: {max}\"\n")),
              HasSubstr("last_line: unknown field {max}: use max_frontier"));
  EXPECT_THAT(validation_error(
                  spec_with("solve",
                            "    domain: tri\n    start: S\n    goal: G\n    algorithm: ids\n"
                            "    call: solve(graph, start, goal)\n    max_queue_length: exact\n")),
              HasSubstr("only a best-first search"));
  EXPECT_THAT(validation_error(spec_with("solve", kPath + "    state: S\n")),
              HasSubstr("starts at `start:`"));
}

// A 2 x 3 board, and one print_succ or solve test on it whose keys vary.
Assignment tile_spec_with(const std::string& kind, const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: tiles}
domain: {type: sliding_tile, rows: 2, cols: 3, goal: [1, 2, 3, 4, 5, 0], heuristic: manhattan}
algorithms:
  astar: {strategy: astar}
adapter: {type: function}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: )yaml" + kind + R"yaml(
    grades: {successors: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

// A tile test composed by its `call:` reads its templates; without one, a template it would
// ignore is refused, and so is a call word the test gives no value for.
TEST(DomainTrace, TileTestsAreComposedByTheirCall) {
  EXPECT_EQ(validation_error(tile_spec_with("print_succ",
                                            "    state: [1, 2, 3, 4, 0, 5]\n"
                                            "    call: print_succ(state)\n"
                                            "    line: \"{state} f={f}\"\n")),
            "no error");
  EXPECT_EQ(validation_error(tile_spec_with("solve",
                                            "    start: [1, 2, 3, 0, 4, 5]\n"
                                            "    call: solve(start)\n"
                                            "    algorithm: astar\n")),
            "no error");
  EXPECT_THAT(validation_error(tile_spec_with("print_succ",
                                              "    state: [1, 2, 3, 4, 0, 5]\n"
                                              "    line: \"{state} f={f}\"\n")),
              HasSubstr("`line:` is read by a print_succ test that gives its `call:`"));
  EXPECT_THAT(validation_error(tile_spec_with("solve",
                                              "    start: [1, 2, 3, 0, 4, 5]\n"
                                              "    call: solve(state)\n"
                                              "    algorithm: astar\n")),
              HasSubstr("the call's `state` is the test's `state:`"));
}

// The seed form (`state:`, the spec's `search:`, no call or adapter) stands for the composed
// test: the call it names, the order and the algorithm `search:` prescribes, `state` as the start.
TEST(DomainTrace, ATileTestInTheSeedFormIsTheCompositionItStandsFor) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: tiles}
domain: {type: sliding_tile, rows: 2, cols: 3, goal: [1, 2, 3, 4, 5, 0], heuristic: manhattan}
search: {algorithm: astar, successor_order: move_order, tie_break: latest_inserted,
         update_on_lower_g: false}
rubric: [{id: a, points: 1}]
tests:
  - {id: s, kind: print_succ, state: [1, 2, 3, 4, 0, 5], function: printSucc,
     grades: {successors: a}}
  - {id: p, kind: solve, state: [1, 2, 3, 0, 4, 5], cross_check: {moves: 2}, grades: {path: a}}
)yaml",
                                                      "specs/demo.yaml");
  const TestSpec listing = composed_form(assignment, assignment.tests[0]);
  EXPECT_EQ(listing.input["call"], "printSucc(state)");
  EXPECT_EQ(listing.input["order"], "as_listed") << "search.successor_order: move_order";
  EXPECT_FALSE(listing.input.contains("function"));
  const TestSpec path = composed_form(assignment, assignment.tests[1]);
  EXPECT_EQ(path.input["call"], "solve(start)");
  EXPECT_EQ(path.input["start"], nlohmann::json({1, 2, 3, 0, 4, 5}));
  EXPECT_FALSE(path.input.contains("state"));
  EXPECT_EQ(
      path.input["algorithm"],
      nlohmann::json({{"strategy", "astar"}, {"tie_break", "latest"}, {"update_frontier", false}}));
  EXPECT_EQ(validation_error(assignment), "no error") << "no adapter is needed";
  EXPECT_EQ(composed_form(assignment, path).input, path.input) << "a composed test is itself";
}

// cross_check pins a figure the assignment publishes; the reference must reproduce it.
TEST(DomainTrace, ACrossCheckTheReferenceDoesNotReproduceIsASpecError) {
  EXPECT_EQ(validation_error(tile_spec_with("solve",
                                            "    start: [1, 2, 3, 0, 4, 5]\n"
                                            "    call: solve(start)\n"
                                            "    algorithm: astar\n"
                                            "    cross_check: {moves: 2}\n")),
            "no error");
  EXPECT_THAT(validation_error(tile_spec_with("solve",
                                              "    start: [1, 2, 3, 0, 4, 5]\n"
                                              "    call: solve(start)\n"
                                              "    algorithm: astar\n"
                                              "    cross_check: {moves: 3}\n")),
              HasSubstr("the reference gives moves = 2"));
}

}  // namespace domain_trace_test
}  // namespace
}  // namespace sg
