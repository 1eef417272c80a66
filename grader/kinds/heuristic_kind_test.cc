#include "kinds/heuristic_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace heuristic_kind_test {

using ::testing::HasSubstr;

Assignment spec_with(
    const std::string& test_keys, const std::string& grades = "{admissible: a}",
    const std::string& edges = "[[S, A, 1], [S, G, 5], [A, G, 1], [S, B, 1], [B, G, 1]]") {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: routes}
domain: {type: sliding_tile, rows: 2, cols: 3, goal: [1, 2, 3, 4, 5, 0], heuristic: manhattan}
domains:
  tri:
    type: graph
    edges: )yaml" + edges + R"yaml(
    heuristic: {S: 2, A: 1, B: 1}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: heuristic
    grades: )yaml" + grades + "\n" +
                                   test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(HeuristicKind(), assignment, assignment.tests.back());
}

const std::string kGraph = "    domain: tri\n    start: S\n    goal: G\n    call: h(state)\n";

TEST(HeuristicKind, ValidatesOnAGraphAndOnTheSpecsBoard) {
  EXPECT_EQ(validation_error(spec_with(kGraph + "    stronger_than: domain\n")), "no error");
  EXPECT_EQ(validation_error(spec_with("    call: h(state)\n    stronger_than: misplaced\n")),
            "no error");
}

TEST(HeuristicKind, NamesTheKeyOfEveryMistake) {
  EXPECT_THAT(validation_error(spec_with("    call: h(goal)\n")),
              HasSubstr("put `state` among its arguments"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    stronger_than: manhattan\n")),
              HasSubstr("stronger_than: domain (the domain's own heuristic)"));
  EXPECT_THAT(validation_error(spec_with("    call: h(state)\n    start: [1, 2, 3, 4, 0, 5]\n")),
              HasSubstr("every board reachable from the domain's goal"));
  EXPECT_THAT(validation_error(spec_with("    call: h(state)\n    max_states: 100\n")),
              HasSubstr("the space has more than 100 states"));
}

TEST(HeuristicKind, ABoardsHeuristicCanBeCheckedOnASample) {
  const std::string board = "    call: h(state)\n";
  EXPECT_EQ(validation_error(spec_with(board + "    sample: {walks: 5, max_length: 6, seed: 2}\n")),
            "no error");
  EXPECT_THAT(validation_error(spec_with(board + "    sample: {walks: 0}\n")),
              HasSubstr("sample.walks: a whole number from 1 to 10000"));
  EXPECT_THAT(validation_error(spec_with(board + "    sample: {steps: 3}\n")),
              HasSubstr("sample: unknown key `steps`"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    sample: {walks: 3}\n")),
              HasSubstr("sample: for boards"));
  EXPECT_THAT(validation_error(spec_with(board + "    sample: {walks: 3}\n    informed: "
                                                 "{starts: [[1, 2, 3, 4, 0, 5]], at_most: [9]}\n")),
              HasSubstr("not with `sample:`"));
  EXPECT_THAT(validation_error(spec_with("    call: h(state)\n    max_states: 100\n")),
              HasSubstr("check a board's heuristic on a sample"));
}

// The sample's judgements: the mutants (h = 0, twice Manhattan, ...) are caught on it as on the
// whole space, each on the judgement its mistake breaks.
TEST(HeuristicKind, MutantsAreCaughtOnASampleToo) {
  const Assignment assignment =
      spec_with("    call: h(state)\n    sample: {walks: 30, max_length: 12, seed: 1}\n",
                "{admissible: a, goal_zero: a, stronger: a, consistent: a}");
  const auto mutants = HeuristicKind().mutant_outcomes(assignment, assignment.tests.back());
  std::map<std::string, std::map<std::string, bool>> passed;
  for (const auto& mutant : mutants)
    for (const auto& aspect : mutant.outcome.aspects)
      passed[mutant.mutant][aspect.aspect] = aspect.passed;
  EXPECT_FALSE(passed["h_doubled"]["admissible"]);
  EXPECT_FALSE(passed["h_nonzero_at_goal"]["goal_zero"]);
  EXPECT_TRUE(passed["h_zero"]["admissible"]);
  EXPECT_FALSE(passed["heuristic_counts_blank"]["admissible"]);
}

TEST(HeuristicKind, InformedTiersAreCheckedWhereTheyAreWritten) {
  const std::string board = "    call: h(state)\n";
  EXPECT_EQ(validation_error(spec_with(kGraph + "    informed: {at_most: [10, 5]}\n")), "no error");
  EXPECT_EQ(validation_error(
                spec_with(board + "    informed: {starts: [[1, 2, 3, 4, 0, 5]], at_most: [9]}\n"
                                  "    algorithm: {strategy: astar}\n")),
            "no error");
  EXPECT_THAT(validation_error(spec_with(board + "    informed: {at_most: [10]}\n")),
              HasSubstr("informed.starts: the boards to search from"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    informed: {at_most: [5, 10]}\n")),
              HasSubstr("each below the one before"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    informed: {starts: [Q], at_most: [5]}\n")),
              HasSubstr("informed.starts[0]: \"Q\" is no state of the space"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    algorithm: {strategy: astar}\n")),
              HasSubstr("this test has no `informed:`"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    informed: {at_most: [5]}\n    algorithm: "
                                                  "{strategy: bfs}\n")),
              HasSubstr("strategy astar or greedy"));
  EXPECT_THAT(validation_error(spec_with(kGraph + "    informed: {at_most: [5]}\n",
                                         "{informed_1: a, informed_2: a}")),
              HasSubstr("grades: informed_2 is a tier this test does not state"));
}

// The reference's mutants, judged as students: twice an admissible table overestimates, 0 is
// no stronger than the table, 1 at the goal is not 0 there.
TEST(HeuristicKind, EachMutantFailsTheJudgementItsMistakeBreaks) {
  const Assignment assignment = spec_with(kGraph + "    stronger_than: domain\n");
  std::map<std::string, std::set<std::string>> failed;
  for (const MutantOutcome& mutant :
       HeuristicKind().mutant_outcomes(assignment, assignment.tests.back()))
    for (const AspectOutcome& aspect : mutant.outcome.aspects)
      if (aspect.judged && !aspect.passed) failed[mutant.mutant].insert(aspect.aspect);
  EXPECT_EQ(failed["h_zero"], std::set<std::string>{"stronger"});
  EXPECT_TRUE(failed["h_doubled"].count("admissible"));
  EXPECT_TRUE(failed["h_nonzero_at_goal"].count("goal_zero"));
  EXPECT_FALSE(failed.count("heuristic_counts_blank")) << "boards only";
}

// The states the student's function is asked on, in the order asked (the driver's `map` steps).
std::vector<nlohmann::json> asked_states(const Assignment& assignment) {
  GradingContext context;
  context.driver_dir = "drivers";
  context.python = "python3";
  const Invocation invocation =
      HeuristicKind().invocation(assignment, assignment.tests.back(), context);
  std::vector<nlohmann::json> states;
  const nlohmann::json request = nlohmann::json::parse(*invocation.stdin_data);
  for (const auto& step : request["steps"])
    if (step["op"] == "map")
      for (const auto& args : step["args_list"]) states.push_back(args[0]);
  return states;
}

// Nearest the goal first, ties by the state's value: a call that raises names the state nearest
// the goal, and the same world listed in another order is asked the same.
TEST(HeuristicKind, AsksTheStatesNearestTheGoalFirstWhateverOrderTheWorldListsThemIn) {
  const Assignment listed = spec_with(kGraph);
  const Assignment reversed = spec_with(kGraph, "{admissible: a}",
                                        "[[S, B, 1], [B, G, 1], [S, G, 5], [S, A, 1], [A, G, 1]]");
  const auto states = asked_states(listed);
  EXPECT_EQ(states, (std::vector<nlohmann::json>{"G", "A", "B", "S"}));
  EXPECT_EQ(asked_states(reversed), states);
}

}  // namespace heuristic_kind_test
}  // namespace
}  // namespace sg
