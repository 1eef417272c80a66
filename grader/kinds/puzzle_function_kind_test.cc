#include "kinds/puzzle_function_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace puzzle_function_kind_test {

using test_util::driver_returned;

using ::testing::Contains;
using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: problem}
domains:
  roads: {type: graph, directed: true, edges: [[A, B], [A, C], [B, C]]}
  maze:
    type: grid
    map: |
      #####
      #S  #
      # #G#
      #####
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: puzzle_function
    grades: {value: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(PuzzleFunctionKind(), assignment, assignment.tests.back());
}

TEST(PuzzleFunctionKind, AGraphsActionsInItsOrder) {
  const Assignment assignment =
      spec_with("    domain: roads\n    role: actions\n    states: [A, C]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  EXPECT_THAT(invocation.description, HasSubstr("actions('A') (2 calls)"));
  TestOutcome outcome =
      kind.evaluate(assignment, assignment.tests.back(), driver_returned({R"(["B", "C"])", "[]"}));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  EXPECT_EQ(outcome.expected, "actions('A') -> ['B', 'C']\nactions('C') -> []");
  outcome =
      kind.evaluate(assignment, assignment.tests.back(), driver_returned({R"(["C", "B"])", "[]"}));
  EXPECT_FALSE(outcome.aspects.at(0).passed);
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`actions('A')` returned ['C', 'B'], expected ['B', 'C']: the right "
                        "actions in the wrong order"));
}

TEST(PuzzleFunctionKind, AMazesResultsAndTheArgumentLeftAlone) {
  const Assignment assignment = spec_with(
      "    domain: maze\n    role: take_action\n    function: step\n    states: [[1, 2]]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  // From (1, 2): West to (1, 1), East to (1, 3); each call is [let, call, get].
  const std::string cell = R"({"$tuple": [1, 2]})";
  TestOutcome outcome = kind.evaluate(
      assignment, assignment.tests.back(),
      driver_returned({"null", R"({"$tuple": [1, 3]})", cell, "null", R"([1, 1])", cell}));
  EXPECT_EQ(outcome.expected, "step((1, 2), 'East') -> (1, 3)\nstep((1, 2), 'West') -> (1, 1)");
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;
  outcome = kind.evaluate(
      assignment, assignment.tests.back(),
      driver_returned({"null", R"({"$tuple": [1, 1]})", R"([1, 1])", "null", R"([1, 1])", cell}));
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`step((1, 2), 'East')` returned (1, 1); expected the state (1, 3)"));
  EXPECT_THAT(outcome.aspects.at(1).feedback, HasSubstr("modified the state passed to it"));
}

TEST(PuzzleFunctionKind, ADomainTestNamesWhatItCannotTake) {
  EXPECT_THAT(
      validation_error(spec_with("    domain: roads\n    role: find_blank\n    states: [A]\n")),
      HasSubstr("find_blank is a board's"));
  EXPECT_THAT(
      validation_error(spec_with("    domain: roads\n    role: actions\n    states: [Z]\n")),
      HasSubstr("demo.yaml:20:14: 'Z' is not a state of 'roads'"));
  EXPECT_THAT(validation_error(spec_with(
                  "    domain: roads\n    role: take_action\n    states: [A]\n    actions: [D]\n")),
              HasSubstr("'D' is not an action of 'A' in 'roads'"));
  EXPECT_THAT(
      validation_error(spec_with("    domain: roads\n    role: take_action\n    states: [C]\n")),
      HasSubstr("no action is possible from these states"));
}

// A formulation's goal test and heuristic, on a graph's h table and on a board's Manhattan.
TEST(PuzzleFunctionKind, AGoalTestAndAHeuristicAreJudgedByTheirValues) {
  const Assignment graph = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: problem}
domains:
  roads: {type: graph, edges: [[A, B, 2], [B, C, 2]], heuristic: {A: 4, B: 2}}
rubric: [{id: a, points: 1}]
tests:
  - id: goal
    kind: puzzle_function
    domain: roads
    role: goal_test
    goal: C
    states: [A, C]
    grades: {value: a}
  - id: h
    kind: puzzle_function
    domain: roads
    role: h
    states: [A, B]
    grades: {value: a}
)yaml",
                                                 "specs/demo.yaml");
  const PuzzleFunctionKind kind;
  for (const TestSpec& test : graph.tests) kind.validate(graph, test);
  TestOutcome outcome = kind.evaluate(graph, graph.tests[0], driver_returned({"false", "1"}));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  EXPECT_THAT(outcome.notes, testing::Contains(HasSubstr("`goal_test` returned 1; read as True")));
  outcome = kind.evaluate(graph, graph.tests[0], driver_returned({"true", "true"}));
  EXPECT_THAT(
      outcome.aspects.at(0).feedback,
      HasSubstr("`goal_test('A')` returned True, expected False: the state is not the goal"));
  outcome = kind.evaluate(graph, graph.tests[1], driver_returned({"4.0", "2"}));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  outcome = kind.evaluate(graph, graph.tests[1], driver_returned({"4", "3"}));
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`h('B')` returned 3, expected 2 (the heuristic of 'roads')"));

  const Assignment board = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: puzzle}
domain: {type: sliding_tile, rows: 2, cols: 3, goal: [1, 2, 3, 4, 0, 0], heuristic: manhattan}
rubric: [{id: a, points: 1}]
tests:
  - id: h
    kind: puzzle_function
    role: h
    function: manhattan
    states: [[1, 2, 0, 4, 3, 0]]
    grades: {value: a}
)yaml",
                                                 "specs/demo.yaml");
  kind.validate(board, board.tests[0]);
  outcome = kind.evaluate(board, board.tests[0], driver_returned({"1"}));
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`manhattan([1, 2, 0, 4, 3, 0])` returned 1, expected 2"));
}

// The helpers' slips, each answer judged as a student's: a graph's actions reversed are caught
// where a state has two; a maze's result has no slip to try.
TEST(PuzzleFunctionKind, MutantsAreTheHelpersSlipsJudgedAsStudents) {
  const PuzzleFunctionKind kind;
  const Assignment actions =
      spec_with("    domain: roads\n    role: actions\n    states: [A, C]\n");
  const std::vector<MutantOutcome> mutants = kind.mutant_outcomes(actions, actions.tests.back());
  ASSERT_EQ(mutants.size(), 1U);
  EXPECT_EQ(mutants[0].mutant, "actions_reversed");
  EXPECT_FALSE(mutants[0].outcome.aspects.at(0).passed);
  EXPECT_THAT(mutants[0].outcome.aspects.at(0).feedback, HasSubstr("returned ['C', 'B']"));
  const Assignment one = spec_with("    domain: roads\n    role: actions\n    states: [B]\n");
  EXPECT_TRUE(kind.mutant_outcomes(one, one.tests.back()).at(0).outcome.aspects.at(0).passed);
  const Assignment result =
      spec_with("    domain: maze\n    role: take_action\n    states: [[1, 1]]\n");
  EXPECT_TRUE(kind.mutant_outcomes(result, result.tests.back()).empty());
}

Assignment board_spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: java, module: Board}
domain: {type: sliding_tile, rows: 3, cols: 3, topology: bounded, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: puzzle_function
    receiver: Board
    grades: {value: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

// Princeton's Board: `new Board(rows).method()`, rows of any size with the domain's goal pattern.
TEST(PuzzleFunctionKind, ABoardsMethodsOnBoardsOfAnySize) {
  const Assignment assignment = board_spec_with(
      "    role: h\n    heuristic: misplaced_tiles\n    function: hamming\n"
      "    states: [[[1, 2], [0, 3]], [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, "
      "15]]]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), {});
  const nlohmann::json request = nlohmann::json::parse(invocation.stdin_data.value());
  ASSERT_EQ(request["steps"].size(), 4u);  // [new, method] per board
  EXPECT_EQ(request["steps"][0]["op"], "new");
  EXPECT_EQ(request["steps"][0]["args"][0], nlohmann::json::parse("[[1, 2], [0, 3]]"));
  EXPECT_EQ(request["steps"][1]["target"], request["steps"][0]["bind"]);
  EXPECT_NE(request["steps"][3]["target"], request["steps"][1]["target"]);
  TestOutcome outcome = kind.evaluate(assignment, assignment.tests.back(),
                                      driver_returned({"null", "1", "null", "1"}));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  EXPECT_THAT(outcome.expected, HasSubstr("new Board([[1, 2], [0, 3]]).hamming() -> 1"));
  outcome = kind.evaluate(assignment, assignment.tests.back(),
                          driver_returned({"null", "2", "null", "1"}));
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("`new Board([[1, 2], [0, 3]]).hamming()` returned 2, expected 1"));
}

TEST(PuzzleFunctionKind, ABoardsNeighborsAsASetReadFromToString) {
  const Assignment assignment =
      board_spec_with("    role: neighbors\n    states: [[[1, 0], [3, 2]]]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  const std::string boards =
      R"([{"$repr": "2\n 1  2 \n 3  0 \n"}, {"$repr": "2\n 0  1 \n 3  2 \n"}])";
  TestOutcome outcome =
      kind.evaluate(assignment, assignment.tests.back(), driver_returned({"null", boards}));
  EXPECT_TRUE(outcome.aspects.at(0).passed) << outcome.aspects.at(0).feedback;
  outcome = kind.evaluate(assignment, assignment.tests.back(),
                          driver_returned({"null", R"([{"$repr": "2\n 1  2 \n 3  0 \n"}])"}));
  EXPECT_THAT(outcome.aspects.at(0).feedback,
              HasSubstr("missing the neighbor\n2\n 0  1 \n 3  2 \n"));
}

// toString() judged as COS 226's grader reads it (issue 70): the tokens (value), n + 1 lines
// (format), the handout's %2d spacing a note unless the test asks `layout: aligned`.
TEST(PuzzleFunctionKind, ToStringsLayoutIsLinesOfTokensUnlessAlignedIsAsked) {
  const Assignment lines = board_spec_with("    role: to_string\n    states: [[[1, 0], [3, 2]]]\n");
  const PuzzleFunctionKind kind;
  kind.validate(lines, lines.tests.back());
  const auto judged = [&](const Assignment& assignment, const std::string& text) {
    return kind.evaluate(assignment, assignment.tests.back(),
                         driver_returned({"null", nlohmann::json(text).dump()}));
  };
  TestOutcome one_space = judged(lines, "2\n 1 0\n 3 2\n");
  EXPECT_TRUE(test_util::aspect(one_space, "value").passed);
  EXPECT_TRUE(test_util::aspect(one_space, "format").passed);
  EXPECT_THAT(one_space.notes, Contains(HasSubstr("is not charged")));
  TestOutcome one_line = judged(lines, "2\n 1  0  3  2 \n");
  EXPECT_TRUE(test_util::aspect(one_line, "value").passed);
  EXPECT_FALSE(test_util::aspect(one_line, "format").passed);
  EXPECT_THAT(test_util::aspect(one_line, "format").feedback,
              HasSubstr("3 lines, the dimension alone on the first"));
  const Assignment aligned =
      board_spec_with("    role: to_string\n    layout: aligned\n    states: [[[1, 0], [3, 2]]]\n");
  kind.validate(aligned, aligned.tests.back());
  EXPECT_FALSE(test_util::aspect(judged(aligned, "2\n 1 0\n 3 2\n"), "format").passed);
  EXPECT_TRUE(test_util::aspect(judged(aligned, "2\n 1  0 \n 3  2 \n"), "format").passed);
  // Each layout's slip is a mutant the test catches: rows on one line; unpadded when aligned.
  const auto mutants = [&](const Assignment& assignment) {
    std::vector<std::string> ids;
    for (const MutantOutcome& mutant : kind.mutant_outcomes(assignment, assignment.tests.back()))
      ids.push_back(mutant.mutant);
    return ids;
  };
  EXPECT_THAT(mutants(lines), testing::ElementsAre("rows_on_one_line"));
  EXPECT_THAT(mutants(aligned),
              testing::UnorderedElementsAre("rows_on_one_line", "unpadded_layout"));
  EXPECT_THAT(validation_error(board_spec_with(
                  "    role: to_string\n    layout: wide\n    states: [[[1, 0], [3, 2]]]\n")),
              HasSubstr("layout is lines"));
  EXPECT_THAT(validation_error(board_spec_with(
                  "    role: twin\n    layout: aligned\n    states: [[[1, 0], [3, 2]]]\n")),
              HasSubstr("role to_string only"));
}

// The Solver's A* judged by its dequeues: the counting class read before the Solver (starting
// its counts anew) and after solution(); one move from the goal, A* dequeues exactly 2 nodes.
TEST(PuzzleFunctionKind, ASolversDequeuesCountedByTheGradersMinPQ) {
  const Assignment assignment = board_spec_with(
      "    role: solve\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n"
      "    dequeues: {priority: manhattan}\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  const nlohmann::json request = nlohmann::json::parse(
      kind.invocation(assignment, assignment.tests.back(), {}).stdin_data.value());
  ASSERT_EQ(request["steps"].size(), 7u);
  EXPECT_EQ(request["steps"][1]["function"], "edu.princeton.cs.algs4.MinPQ.searchgraderCounts");
  EXPECT_EQ(request["steps"][6], request["steps"][1]);
  const auto counts = [](int busiest) {
    return R"({"$dict": [["queues", 2], ["inserts", 9], ["delMins", 3], ["busiest", )" +
           std::to_string(busiest) + "]]}";
  };
  const std::string solution =
      R"({"$iterator": [{"$repr": "3\n 1  2  3 \n 4  5  6 \n 7  0  8 \n"},)"
      R"( {"$repr": "3\n 1  2  3 \n 4  5  6 \n 7  8  0 \n"}]})";
  const auto run = [&](int busiest) {
    return kind.evaluate(
        assignment, assignment.tests.back(),
        driver_returned({"null", counts(0), "null", "true", "1", solution, counts(busiest)}));
  };
  TestOutcome outcome = run(2);
  EXPECT_TRUE(test_util::aspect(outcome, "value").passed)
      << test_util::aspect(outcome, "value").feedback;
  EXPECT_TRUE(test_util::aspect(outcome, "dequeues").passed)
      << test_util::aspect(outcome, "dequeues").feedback;
  EXPECT_THAT(outcome.expected, HasSubstr("2 search nodes dequeued"));
  outcome = run(5);
  EXPECT_TRUE(test_util::aspect(outcome, "value").passed);
  EXPECT_FALSE(test_util::aspect(outcome, "dequeues").passed);
  EXPECT_THAT(test_util::aspect(outcome, "dequeues").feedback,
              HasSubstr("dequeued 5 search nodes (delMin() on its busiest of 2 MinPQs"));
  // A wrong answer's count is not judged: the aspect is left to the criterion's other tests.
  outcome =
      kind.evaluate(assignment, assignment.tests.back(),
                    driver_returned({"null", counts(0), "null", "true", "3", solution, counts(5)}));
  EXPECT_FALSE(test_util::aspect(outcome, "value").passed);
  EXPECT_FALSE(test_util::aspect(outcome, "dequeues").judged);
}

// The counting class missing (a spec that lists the course's jar alone) is the grader's fault.
TEST(PuzzleFunctionKind, ACounterThatFailsIsAGraderError) {
  const Assignment assignment = board_spec_with(
      "    role: solve\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n"
      "    dequeues: {}\n");
  const PuzzleFunctionKind kind;
  Observation observation = driver_returned({"null"});
  std::string& out = observation.stdout_stream.data;
  out.insert(out.rfind(R"({"sg": "done"})"),
             R"({"sg": "step", "index": 1, "ok": false, "error": {"type": )"
             R"("NoSuchMethodException", "message": "searchgraderCounts", "traceback": ""}})"
             "\n");
  const TestOutcome outcome = kind.evaluate(assignment, assignment.tests.back(), observation);
  EXPECT_EQ(outcome.verdict, Verdict::grader_error);
  EXPECT_THAT(test_util::aspect(outcome, "dequeues").feedback, HasSubstr("the grader's own step"));
}

TEST(PuzzleFunctionKind, ADequeuesKeyIsCheckedWhereItIsWritten) {
  EXPECT_THAT(validation_error(board_spec_with(
                  "    role: solve\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n"
                  "    dequeues: {priority: dijkstra}\n")),
              HasSubstr("priority is manhattan or hamming"));
  EXPECT_THAT(validation_error(board_spec_with(
                  "    role: solve\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n"
                  "    dequeues: {critical: yes}\n")),
              HasSubstr("dequeues has no key 'critical'"));
}

// A Board's memory and a Solver's work, measured by the grader's agent in the student's JVM.
TEST(PuzzleFunctionKind, ABoardsMemoryIsItsDeepSizeWithinTheSpecsFormula) {
  const Assignment assignment = board_spec_with(
      "    role: memory\n    bytes_at_most: \"4 n^2 + 32 n + 64\"\n    states: [[[1, 2], [0, "
      "3]]]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), {});
  const nlohmann::json steps = nlohmann::json::parse(invocation.stdin_data.value())["steps"];
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[1]["function"], "searchgrader.MeasuringAgent.deepSize");
  EXPECT_EQ(steps[1]["args"][0]["$ref"], steps[0]["bind"]);
  // The agent is started for this test's JVM (it calls it).
  EXPECT_THAT(invocation.argv, Contains("-javaagent:.searchgrader/agent.jar"));
  const auto measured = [&](int bytes) {
    return kind.evaluate(
        assignment, assignment.tests.back(),
        driver_returned({"null", R"({"$dict": [["bytes", )" + std::to_string(bytes) +
                                     R"(], ["objects", 3], ["by_class", {"$dict": [["Board", 24],)"
                                     R"( ["int[]", 32], ["int[][]", 24]]}]]})"}));
  };
  EXPECT_TRUE(test_util::aspect(measured(144), "value").passed);  // 4 * 4 + 64 + 64 at n = 2
  const TestOutcome fat = measured(145);
  EXPECT_FALSE(test_util::aspect(fat, "value").passed);
  EXPECT_THAT(test_util::aspect(fat, "value").feedback,
              HasSubstr("uses 145 bytes, more than the 144 asked (4 n^2 + 32 n + 64 at n = 2)"));
  // Only the Java driver has the agent; a formula's mistakes are named where they are.
  Assignment python = assignment;
  python.submission.language = "python";
  EXPECT_THAT(validation_error(python), HasSubstr("need submission.language: java"));
  EXPECT_THAT(validation_error(board_spec_with("    role: memory\n    bytes_at_most: \"4 m^2\"\n"
                                               "    states: [[[1, 2], [0, 3]]]\n")),
              HasSubstr("unknown name `m`: it may use n"));
  EXPECT_THAT(
      validation_error(board_spec_with("    role: memory\n    states: [[[1, 2], [0, 3]]]\n")),
      HasSubstr("bytes_at_most needs a bound in bytes"));
}

TEST(PuzzleFunctionKind, ASolversComputationsPerQueueOperationAndItsMemoryAfterSolving) {
  const Assignment assignment = board_spec_with(
      "    role: solve\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n"
      "    dequeues: {priority: manhattan}\n"
      "    calls: {methods: [manhattan], computed_per_operation_at_most: 1}\n"
      "    memory: {bytes_at_most: \"(moves + 1) * 100\"}\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  const nlohmann::json steps = nlohmann::json::parse(
      kind.invocation(assignment, assignment.tests.back(), {}).stdin_data.value())["steps"];
  // new Board, the MinPQ's counts, countCalls (after the Board is loaded, before the Solver),
  // new Solver, isSolvable, moves, solution, the counts, callCounts, the Solver's deep size.
  ASSERT_EQ(steps.size(), 10u);
  EXPECT_EQ(steps[2]["function"], "searchgrader.MeasuringAgent.countCalls");
  EXPECT_EQ(steps[2]["args"], nlohmann::json::parse(R"(["Board", "manhattan"])"));
  EXPECT_EQ(steps[3]["class"], "Solver");
  EXPECT_EQ(steps[8]["function"], "searchgrader.MeasuringAgent.callCounts");
  EXPECT_EQ(steps[9]["args"][0]["$ref"], steps[3]["bind"]);
  const std::string counts =
      R"({"$dict": [["queues", 1], ["inserts", 3], ["delMins", 2], ["busiest", 2]]})";
  const std::string solution =
      R"({"$iterator": [{"$repr": "3\n 1  2  3 \n 4  5  6 \n 7  0  8 \n"},)"
      R"( {"$repr": "3\n 1  2  3 \n 4  5  6 \n 7  8  0 \n"}]})";
  const auto run = [&](int computed, int bytes) {
    return kind.evaluate(
        assignment, assignment.tests.back(),
        driver_returned({"null", counts, "true", "null", "true", "1", solution, counts,
                         R"({"$dict": [["manhattan", {"$dict": [["calls", 40], ["computed", )" +
                             std::to_string(computed) + "]]}]]}",
                         R"({"$dict": [["bytes", )" + std::to_string(bytes) +
                             R"(], ["objects", 5], ["by_class", {"$dict": [["Solver", 16]]}]]})"}));
  };
  TestOutcome outcome = run(5, 200);  // 5 computations over 5 operations; 200 bytes at moves 1
  EXPECT_TRUE(test_util::aspect(outcome, "calls").passed)
      << test_util::aspect(outcome, "calls").feedback;
  EXPECT_TRUE(test_util::aspect(outcome, "memory").passed)
      << test_util::aspect(outcome, "memory").feedback;
  outcome = run(6, 201);
  EXPECT_THAT(test_util::aspect(outcome, "calls").feedback,
              HasSubstr("it called manhattan() 40 times (6 computing): 1.2 computations per "
                        "operation, more than the 1 asked"));
  EXPECT_THAT(test_util::aspect(outcome, "memory").feedback,
              HasSubstr("after solution() uses 201 bytes, more than the 200 asked"));
  EXPECT_THAT(validation_error(board_spec_with(
                  "    role: solve\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n"
                  "    calls: {methods: [manhattan]}\n")),
              HasSubstr("calls needs `dequeues:` too"));
}

// Solvability by a parity rule: a torus has none, so the role is refused rather than guessed.
TEST(PuzzleFunctionKind, SolvableIsRefusedOnBoardsWithoutAParityRule) {
  Assignment torus =
      board_spec_with("    role: solvable\n    states: [[[1, 2, 3], [4, 5, 6], [7, 0, 8]]]\n");
  torus.domain->topology = "torus";
  EXPECT_THAT(validation_error(torus),
              HasSubstr("solvable needs boards whose solvability a parity rule decides"));
}

// Princeton's on-campus API from the same roles: tileAt on every cell through the driver's map,
// and a Solver that throws on an unsolvable board instead of answering isSolvable().
TEST(PuzzleFunctionKind, TheOnCampusApisTileAtAndThrowingSolver) {
  const PuzzleFunctionKind kind;
  const Assignment tiles = board_spec_with("    role: tile_at\n    states: [[[1, 2], [0, 3]]]\n");
  kind.validate(tiles, tiles.tests.back());
  const nlohmann::json request =
      nlohmann::json::parse(kind.invocation(tiles, tiles.tests.back(), {}).stdin_data.value());
  ASSERT_EQ(request["steps"].size(), 2u);
  EXPECT_EQ(request["steps"][1]["op"], "map");
  EXPECT_EQ(request["steps"][1]["function"], "tileAt");
  EXPECT_EQ(request["steps"][1]["args_list"],
            nlohmann::json::parse("[[0, 0], [0, 1], [1, 0], [1, 1]]"));
  EXPECT_TRUE(kind.evaluate(tiles, tiles.tests.back(), driver_returned({"null", "[1, 2, 0, 3]"}))
                  .aspects.at(0)
                  .passed);
  EXPECT_THAT(kind.evaluate(tiles, tiles.tests.back(), driver_returned({"null", "[1, 0, 2, 3]"}))
                  .aspects.at(0)
                  .feedback,
              HasSubstr("`new Board([[1, 2], [0, 3]]).tileAt(0, 1)` returned 0, expected 2"));

  const Assignment throws = board_spec_with(
      "    role: solve\n    unsolvable: throws\n    states: [[[2, 1], [3, 0]], [[1, 2], [0, "
      "3]]]\n");
  kind.validate(throws, throws.tests.back());
  const nlohmann::json steps = nlohmann::json::parse(
      kind.invocation(throws, throws.tests.back(), {}).stdin_data.value())["steps"];
  ASSERT_EQ(steps.size(), 6u);  // [new Board, new Solver]; [new Board, new Solver, moves, solution]
  EXPECT_EQ(steps[1]["class"], "Solver");
  EXPECT_EQ(steps[4]["method"], "moves");
  EXPECT_THAT(validation_error(board_spec_with(
                  "    role: solve\n    unsolvable: sometimes\n    states: [[[2, 1], [3, 0]]]\n")),
              HasSubstr("unsolvable is reports"));
}

// A board too large to write: {shuffled: {rows, cols, seed}}, the same board on every machine.
TEST(PuzzleFunctionKind, AShuffledBoardIsTheSameBoardEveryTime) {
  const Assignment assignment = board_spec_with(
      "    role: h\n    function: hamming\n    heuristic: misplaced_tiles\n"
      "    states: [{shuffled: {rows: 127, cols: 127, seed: 7}}]\n");
  const PuzzleFunctionKind kind;
  kind.validate(assignment, assignment.tests.back());
  const auto board = [&] {
    return nlohmann::json::parse(kind.invocation(assignment, assignment.tests.back(), {})
                                     .stdin_data.value())["steps"][0]["args"][0];
  };
  const nlohmann::json rows = board();
  ASSERT_EQ(rows.size(), 127u);
  ASSERT_EQ(rows[0].size(), 127u);
  EXPECT_EQ(rows, board());
  std::vector<int> cells;
  for (const auto& row : rows)
    for (const auto& cell : row) cells.push_back(cell.get<int>());
  std::sort(cells.begin(), cells.end());
  for (std::size_t i = 0; i < cells.size(); ++i) ASSERT_EQ(cells[i], static_cast<int>(i));
  EXPECT_THAT(validation_error(
                  board_spec_with("    role: h\n    states: [{shuffled: {rows: 127, seed: 7}}]\n")),
              HasSubstr("a shuffled state is {shuffled: {rows: R, cols: C, seed: S}}"));
}

TEST(PuzzleFunctionKind, BoardsOfAnotherSizeNeedAGoalWithAPattern) {
  Assignment assignment = board_spec_with("    role: h\n    states: [[[1, 2], [3, 0]]]\n");
  assignment.domain->goal = {8, 7, 6, 5, 4, 3, 2, 1, 0};
  EXPECT_THAT(validation_error(assignment), HasSubstr("needs a domain goal with a pattern"));
}

}  // namespace puzzle_function_kind_test
}  // namespace
}  // namespace sg
