#include "kinds/local_search_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "reference/python_random.h"
#include "reference/simulated_annealing.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace local_search_kind_test {

using test_util::aspect;
using test_util::driver_returned;
using test_util::validation_error;
using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: nqueens}
domains:
  line: {type: rules, is: local, world: Line, source: "class Line: pass"}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: local_search
)yaml" + test_keys,
                               "specs/demo.yaml");
}

const LocalSearchKind kind;

std::string error_of(const std::string& test_keys) {
  const Assignment assignment = spec_with(test_keys);
  return validation_error(kind, assignment, assignment.tests.back());
}

TEST(LocalSearchKind, MistakesInATestAreNamedAtTheirKey) {
  EXPECT_THAT(error_of("    space: queens\n    role: value\n    function: f\n    calls: [[[0]]]\n"
                       "    grades: {value: a}\n"),
              HasSubstr("specs/demo.yaml:10:12: space: static_queens"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: wander\n    function: f\n"
                       "    calls: [[[0]]]\n    grades: {value: a}\n"),
              HasSubstr("needs `role:` neighbours, value, choose_next, climb, restarts or anneal"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: climb\n    function: n\n"
                       "    calls: [[[0, 1], 0, 1]]\n    grades: {path: a}\n"),
              HasSubstr("a climb starts from a state: the static square (0, 1) holds no queen"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: value\n    function: f\n"
                       "    calls: [[[0]]]\n    helpers: {value: f}\n    grades: {value: a}\n"),
              HasSubstr("helpers: for role: climb or restarts"));
  EXPECT_EQ(error_of("    space: line\n    role: restarts\n    function: r\n"
                     "    calls: [[4]]\n    grades: {result: a}\n"),
            "no error");  // the handout's own arguments, judged by what holds for every run
  EXPECT_THAT(error_of("    space: line\n    role: restarts\n    function: r\n"
                       "    calls: [[4]]\n    draws: randint_per_column\n"
                       "    grades: {result: a}\n"),
              HasSubstr("draws: for space: static_queens"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: climb\n    function: n\n"
                       "    calls: [[[0, 0], 0, 0]]\n    policy: {tie: coin}\n"
                       "    grades: {path: a}\n"),
              HasSubstr("policy.tie: lowest_state or first_generated"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: value\n    function: f\n"
                       "    calls: [[[0]]]\n    grades: {path: a}\n"),
              HasSubstr("a local_search test with role: value judges value; not path"));
  EXPECT_EQ(error_of("    space: static_queens\n    role: climb\n    function: n\n"
                     "    calls: [[[0, 0], 0, 0]]\n    policy: {sideways: 2, stop: no_better}\n"
                     "    grades: {path: a}\n"),
            "no error");
}

TEST(LocalSearchKind, HelpersAnswerTheExpectedClimbsStatesBeforeTheCalls) {
  const Assignment assignment = spec_with(
      "    space: static_queens\n    role: climb\n    function: n_queens\n"
      "    calls: [[[0, 2, 0], 0, 0]]\n    helpers: {choose_next: choose_next}\n"
      "    grades: {path: a, returned: a}\n");
  const TestSpec& test = assignment.tests.back();
  GradingContext context;
  const Invocation invocation = kind.invocation(assignment, test, context);
  const nlohmann::json request = nlohmann::json::parse(invocation.stdin_data.value());
  ASSERT_EQ(request["steps"].size(), 2u);
  const nlohmann::json& patch = request["steps"][0];
  EXPECT_EQ(patch["op"], "patch");
  EXPECT_EQ(patch["function"], "choose_next");
  // [0, 2, 0] beats its successors: choose_next answers it itself.
  EXPECT_EQ(patch["table"][0], nlohmann::json::parse("[[[0, 2, 0], 0, 0], [0, 2, 0]]"));
  EXPECT_EQ(request["steps"][1]["op"], "call");
  // A value answered as the student's f returns it: an int, so that "f=2" prints, not "f=2.0".
  {
    const Assignment valued = spec_with(
        "    space: static_queens\n    role: climb\n    function: n_queens\n"
        "    calls: [[[0, 2, 0], 0, 0]]\n    helpers: {value: f}\n"
        "    grades: {path: a, returned: a}\n");
    const nlohmann::json table =
        nlohmann::json::parse(kind.invocation(valued, valued.tests.back(), context)
                                  .stdin_data.value())["steps"][0]["table"];
    ASSERT_FALSE(table.empty());
    EXPECT_EQ(table[0], nlohmann::json::parse("[[[0, 2, 0]], 2]"));
    EXPECT_TRUE(table[0][1].is_number_integer());
  }
  // Judged on the call's step, after the patch's.
  const TestOutcome printed_twice = kind.evaluate(
      assignment, test,
      driver_returned({"null", "[0, 2, 0]"}, {"", "[0, 2, 0] - f=2\\n[0, 2, 0] - f=2\\n"}));
  EXPECT_TRUE(aspect(printed_twice, "path").passed) << aspect(printed_twice, "path").feedback;
  EXPECT_TRUE(aspect(printed_twice, "returned").passed);
  EXPECT_THAT(printed_twice.notes,
              ::testing::Contains(HasSubstr("n_queens ran with choose_next answering as the "
                                            "reference does")));
  const TestOutcome wrong = kind.evaluate(
      assignment, test, driver_returned({"null", "[0, 1, 0]"}, {"", "[0, 2, 0] - f=3\\n"}));
  EXPECT_FALSE(aspect(wrong, "path").passed);
  EXPECT_THAT(aspect(wrong, "path").feedback, HasSubstr("f of [0, 2, 0] is 2, not 3"));
  EXPECT_FALSE(aspect(wrong, "returned").passed);
}

// The 8-puzzle as a local-search space: a sliding_tile domain of the spec, its heuristic the
// value, the blank's moves in its action_order the neighbours.
TEST(LocalSearchKind, ASlidingTileDomainIsASpace) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: puzzle}
domains:
  board: {type: sliding_tile, rows: 3, cols: 3, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
          heuristic: manhattan, action_order: [left, right, up, down]}
rubric: [{id: a, points: 1}]
tests:
  - {id: succ, kind: local_search, space: board, role: neighbours, function: succ, order: space,
     calls: [[[1, 2, 3, 4, 0, 5, 6, 7, 8]]], grades: {value: a, order: a}}
  - {id: h, kind: local_search, space: board, role: value, function: h,
     calls: [[[1, 2, 3, 4, 5, 6, 0, 7, 8]]], grades: {value: a}}
  - {id: climb, kind: local_search, space: board, role: climb, function: climb,
     policy: {stop: no_better, current_competes: false, tie: first_generated},
     calls: [[[1, 2, 3, 4, 5, 6, 0, 7, 8]]], grades: {path: a, returned: a}}
  - {id: restarts, kind: local_search, space: board, role: restarts, function: restarts,
     policy: {stop: no_better, current_competes: false, tie: first_generated},
     calls: [[5]], grades: {result: a, seeded: a}}
  - {id: bad, kind: local_search, space: static_queens, role: value, function: f,
     goal: [1, 2, 3, 4, 5, 6, 7, 8, 0], calls: [[[0]]], grades: {value: a}}
)yaml",
                                                      "specs/demo.yaml");
  const TestSpec& succ = assignment.tests[0];
  EXPECT_EQ(validation_error(kind, assignment, succ), "no error");
  // left, right, up, down of the centre's blank
  const TestOutcome in_order =
      kind.evaluate(assignment, succ,
                    driver_returned({"[[1, 2, 3, 0, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 0, 6, 7, 8], "
                                     "[1, 0, 3, 4, 2, 5, 6, 7, 8], [1, 2, 3, 4, 7, 5, 6, 0, 8]]"}));
  EXPECT_TRUE(aspect(in_order, "value").passed) << aspect(in_order, "value").feedback;
  EXPECT_TRUE(aspect(in_order, "order").passed) << aspect(in_order, "order").feedback;
  const TestOutcome sorted =
      kind.evaluate(assignment, succ,
                    driver_returned({"[[1, 0, 3, 4, 2, 5, 6, 7, 8], [1, 2, 3, 0, 4, 5, 6, 7, 8], "
                                     "[1, 2, 3, 4, 5, 0, 6, 7, 8], [1, 2, 3, 4, 7, 5, 6, 0, 8]]"}));
  EXPECT_TRUE(aspect(sorted, "value").passed);
  EXPECT_FALSE(aspect(sorted, "order").passed);

  // Manhattan distance: 7 and 8 one column each from home.
  const TestOutcome h = kind.evaluate(assignment, assignment.tests[1], driver_returned({"2"}));
  EXPECT_TRUE(aspect(h, "value").passed) << aspect(h, "value").feedback;
  EXPECT_FALSE(
      aspect(kind.evaluate(assignment, assignment.tests[1], driver_returned({"3"})), "value")
          .passed);

  // Two moves of the blank to the right reach the goal, each one better.
  const TestOutcome climb = kind.evaluate(
      assignment, assignment.tests[2],
      driver_returned({"[1, 2, 3, 4, 5, 6, 7, 8, 0]"},
                      {"[1, 2, 3, 4, 5, 6, 0, 7, 8] - f=2\\n[1, 2, 3, 4, 5, 6, 7, 0, 8] - "
                       "f=1\\n[1, 2, 3, 4, 5, 6, 7, 8, 0] - f=0\\n"}));
  EXPECT_TRUE(aspect(climb, "path").passed) << aspect(climb, "path").feedback;
  EXPECT_TRUE(aspect(climb, "returned").passed);

  // Restarts on the board: a solution printed alone, the same on the second call.
  const TestSpec& restarts = assignment.tests[3];
  EXPECT_EQ(validation_error(kind, assignment, restarts), "no error");
  const std::string solved = "[1, 2, 3, 4, 5, 6, 7, 8, 0] - f=0\\n";
  const TestOutcome found =
      kind.evaluate(assignment, restarts, driver_returned({"null", "null"}, {solved, solved}));
  EXPECT_TRUE(aspect(found, "result").passed) << aspect(found, "result").feedback;
  EXPECT_TRUE(aspect(found, "seeded").passed);
  // A board no climb ends at: a neighbour is better.
  const std::string stuck = "[1, 2, 3, 4, 5, 6, 7, 0, 8] - f=1\\n";
  const TestOutcome not_an_end =
      kind.evaluate(assignment, restarts, driver_returned({"null", "null"}, {stuck, solved}));
  EXPECT_FALSE(aspect(not_an_end, "result").passed);
  EXPECT_FALSE(aspect(not_an_end, "seeded").passed);

  EXPECT_THAT(validation_error(kind, assignment, assignment.tests[4]),
              HasSubstr("goal: for a space of `type: sliding_tile`"));
}

// Simulated annealing: the grader seeds Python's random before the call; any legal run passes
// `path`, and only the run those draws give passes `drawn`.
TEST(LocalSearchKind, AnAnnealingRunIsSeededByTheGraderAndJudgedDrawForDraw) {
  const Assignment assignment = spec_with(
      "    space: static_queens\n    role: anneal\n    function: anneal\n"
      "    calls: [[[0, 0, 0, 0, 0], 0, 0]]\n    schedule: {kind: exponential, limit: 5}\n"
      "    seed: 3\n    grades: {path: a, returned: a, drawn: a}\n");
  const TestSpec& test = assignment.tests.back();
  EXPECT_EQ(validation_error(kind, assignment, test), "no error");
  GradingContext context;
  const nlohmann::json request =
      nlohmann::json::parse(kind.invocation(assignment, test, context).stdin_data.value());
  ASSERT_EQ(request["steps"].size(), 2u);
  EXPECT_EQ(request["steps"][0], nlohmann::json::parse(R"({"op": "seed", "value": 3})"));
  EXPECT_EQ(request["steps"][1]["function"], "anneal");

  const ref::StaticQueens five(5, 0, 0);
  ref::AnnealingSchedule schedule;
  schedule.limit = 5;
  ref::PythonRandom random(3);
  const ref::AnnealRun run =
      ref::simulated_annealing(five, {0, 0, 0, 0, 0}, schedule, ref::Objective::minimise, random);
  const auto printed = [&](const std::vector<ref::LocalState>& path) {
    std::string out;
    for (const auto& state : path)
      out += fmt::format("{} - f={}\\n", five.text(state), five.value(state));
    return out;
  };
  const TestOutcome exact = kind.evaluate(
      assignment, test,
      driver_returned({"null", nlohmann::json(run.path.back()).dump()}, {"", printed(run.path)}));
  for (const char* name : {"path", "returned", "drawn"}) {
    EXPECT_TRUE(aspect(exact, name).passed) << name << ": " << aspect(exact, name).feedback;
  }
  // Every move rejected: a legal run, but not the one these draws give.
  const std::vector<ref::LocalState> stays(run.path.size(), run.path.front());
  ASSERT_NE(stays, run.path);
  const TestOutcome stayed = kind.evaluate(
      assignment, test,
      driver_returned({"null", nlohmann::json(stays.back()).dump()}, {"", printed(stays)}));
  EXPECT_TRUE(aspect(stayed, "path").passed) << aspect(stayed, "path").feedback;
  EXPECT_FALSE(aspect(stayed, "drawn").passed);
  EXPECT_THAT(aspect(stayed, "drawn").feedback, HasSubstr("With random.seed(3) before the call"));

  EXPECT_THAT(error_of("    space: static_queens\n    role: anneal\n    function: anneal\n"
                       "    calls: [[[0, 0], 0, 0]]\n    grades: {drawn: a}\n"),
              HasSubstr("drawn: judged with `seed:`"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: climb\n    function: n\n"
                       "    calls: [[[0, 0], 0, 0]]\n    seed: 1\n    grades: {path: a}\n"),
              HasSubstr("seed: for role: anneal"));
  EXPECT_THAT(error_of("    space: static_queens\n    role: anneal\n    function: n\n"
                       "    calls: [[[0, 0], 0, 0]]\n    schedule: {kind: geometric, alpha: 2}\n"
                       "    grades: {path: a}\n"),
              HasSubstr("schedule.alpha: a positive number below 1"));
}

}  // namespace local_search_kind_test
}  // namespace
}  // namespace sg
