#include "kinds/program_output_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "kinds/kind_test_util.h"
#include "notation/compact_eight.h"
#include "reference/astar.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace program_output_kind_test {

using test_util::aspect;

using test_util::exited;

using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
notation: {state: compact}
domain: {type: sliding_tile, goal: "b12 345 678"}
rubric: [{id: out, points: 1}, {id: path, points: 1}]
tests:
  - id: both
    kind: program_output
    grades: {output: out, path: path}
    args: ["-setState", "312 475 68b", "-solveAStar", "h1"]
    start: "312 475 68b"
    checks: [{contains: "Solution found!"}, {solution: {path: "Path (?<moves>.*)"}}]
  - id: t
    kind: program_output
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const std::string& keys) {
  const Assignment assignment = spec_with(keys);
  try {
    ProgramOutputKind().validate(assignment, assignment.tests.back());
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TestOutcome evaluate(const std::string& keys, const Observation& observation) {
  const Assignment assignment = spec_with(keys);
  ProgramOutputKind kind;
  kind.validate(assignment, assignment.tests.back());
  return kind.evaluate(assignment, assignment.tests.back(), observation);
}

const std::string kMove = R"yaml(    grades: {output: out}
    args: ["-setState", "b12 345 678", "-move", "right", "-printState", "-prettyPrintState"]
    start: "b12 345 678"
    moves: [right]
    checks: [{state: compact}, {grid: pretty}]
)yaml";

const std::string kSolve = R"yaml(    grades: {path: path}
    args: ["-setState", "312 475 68b", "-solveAStar", "h2"]
    start: "312 475 68b"
    checks:
      - solution: {path: "Solution Path \\[(?<moves>.*)\\]", length: "Solution Length: *(?<length>\\d+)", ignore: [start, goal]}
)yaml";

TEST(ProgramOutputKindTest, ValidatesKeysAndChecks) {
  EXPECT_EQ(validation_error(kMove), "no error");
  EXPECT_EQ(validation_error(kSolve), "no error");
  EXPECT_THAT(validation_error("    args: [x]\n    checks: [{state: compact}]\n"),
              HasSubstr("needs the test's `start`"));
  EXPECT_THAT(validation_error("    args: [x]\n    checks: [{color: red}]\n"),
              HasSubstr("unknown check 'color'"));
  EXPECT_THAT(validation_error("    args: [x]\n    start: \"b12 345 678\"\n    moves: [up]\n"
                               "    checks: [{state: compact}]\n"),
              HasSubstr("cannot move the blank up in b12 345 678"));
  EXPECT_NE(validation_error("    args: [x]\n    start: \"b12 345 67\"\n"
                             "    checks: [{state: compact}]\n"),
            "no error");
  EXPECT_THAT(validation_error("    grades: {path: path}\n    args: [x]\n"
                               "    checks: [{contains: hi}]\n"),
              HasSubstr("grades an aspect it has no check for"));
  EXPECT_THAT(
      validation_error("    args: [x]\n    checks: [{allowed_moves: \"Allowed: (?<m>.*)\"}]\n"
                       "    start: \"b12 345 678\"\n"),
      HasSubstr("named group `moves`"));
}

// A solution printed as the course's boards (dimension, then rows): read from the start, one
// slide at a time; a board that is not one slide from the one before is named with both drawn.
const std::string kBoards = R"yaml(    grades: {path: path}
    args: [puzzle.txt]
    start: "125 34b 678"
    checks:
      - solution: {boards: dimension_rows, length: "moves = (?<length>\\d+)"}
)yaml";

TEST(ProgramOutputKindTest, ASolutionPrintedAsBoardsIsReadOneSlideAtATime) {
  EXPECT_EQ(validation_error(kBoards), "no error");
  EXPECT_THAT(validation_error("    args: [x]\n    start: \"1b3 425 786\"\n"
                               "    checks: [{solution: {boards: compact}}]\n"),
              HasSubstr("boards: dimension_rows"));
  const std::string board1 = "3\n 1  2  5 \n 3  4  0 \n 6  7  8 \n";
  const std::string board2 = "3\n 1  2  0 \n 3  4  5 \n 6  7  8 \n";
  const std::string board3 = "3\n 1  0  2 \n 3  4  5 \n 6  7  8 \n";
  const std::string board4 = "3\n 0  1  2 \n 3  4  5 \n 6  7  8 \n";
  const TestOutcome solved = evaluate(
      kBoards, exited("moves = 3\n" + board1 + "\n" + board2 + "\n" + board3 + "\n" + board4));
  EXPECT_TRUE(aspect(solved, "path").passed) << aspect(solved, "path").feedback;
  const TestOutcome jumped =
      evaluate(kBoards, exited("moves = 2\n" + board1 + "\n" + board3 + "\n" + board4));
  EXPECT_FALSE(aspect(jumped, "path").passed);
  EXPECT_THAT(aspect(jumped, "path").feedback,
              HasSubstr("board 2 of the solution (line 7) is not one move from the board before "
                        "it (line 2):\n3\n 1  0  2 \n 3  4  5 \n 6  7  8 \ncannot follow"));
  const TestOutcome miscounted =
      evaluate(kBoards, exited("moves = 4\n" + board1 + board2 + board3 + board4));
  EXPECT_THAT(aspect(miscounted, "path").feedback, HasSubstr("the number of moves in the path, 3"));
}

TEST(ProgramOutputKindTest, StateAndGridComeFromTheReferenceMove) {
  const ref::Tiles after = {1, 0, 2, 3, 4, 5, 6, 7, 8};
  const std::string good = print_compact_state(after) + "\n\n" + print_pretty_grid(after);
  const TestOutcome passed = evaluate(kMove, exited(good));
  EXPECT_EQ(passed.verdict, Verdict::accepted);
  EXPECT_TRUE(aspect(passed, "output").passed);

  const TestOutcome unmoved = evaluate(kMove, exited("b12 345 678\n"));
  EXPECT_FALSE(aspect(unmoved, "output").passed);
  EXPECT_THAT(aspect(unmoved, "output").feedback, HasSubstr("`1b2 345 678`"));
}

// The domain and notation are the spec's: a 2 x 3 torus whose boards print as Python lists,
// and as a pretty grid of two rows.
TEST(ProgramOutputKindTest, BoardsAreTheSpecsDomainInTheSpecsNotation) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
domain: {type: sliding_tile, rows: 2, cols: 3, topology: torus, goal: [1, 2, 3, 4, 5, 0]}
rubric: [{id: out, points: 1}]
tests:
  - id: wrap
    kind: program_output
    grades: {output: out}
    args: ["--set", "[0, 1, 2, 3, 4, 5]", "--move", "left"]
    start: [0, 1, 2, 3, 4, 5]
    moves: [left]
    checks: [{state: python_list}, {state: edn_rows}]
  - id: grid
    kind: program_output
    args: [x]
    start: [0, 1, 2, 3, 4, 5]
    checks: [{grid: pretty}]
)yaml",
                                                      "specs/demo.yaml");
  ProgramOutputKind kind;
  kind.validate(assignment, assignment.tests[0]);
  // The blank wraps from the left edge to the right one: [2, 1, 0, ...] in both notations.
  const TestOutcome passed = kind.evaluate(assignment, assignment.tests[0],
                                           exited("[2, 1, 0, 3, 4, 5]\n[[2 1 0] [3 4 5]]\n"));
  EXPECT_TRUE(aspect(passed, "output").passed) << aspect(passed, "output").feedback;
  const TestOutcome rows_missing =
      kind.evaluate(assignment, assignment.tests[0], exited("[2, 1, 0, 3, 4, 5]\n"));
  EXPECT_THAT(aspect(rows_missing, "output").feedback,
              HasSubstr("a line `[[2 1 0] [3 4 5]]` (the edn_rows notation"));
  // The pretty grid of a 2 x 3 board: two rows of three cells.
  kind.validate(assignment, assignment.tests[1]);
  const TestOutcome grid = kind.evaluate(
      assignment, assignment.tests[1],
      exited("-------------\n| 0 | 1 | 2 |\n-------------\n| 3 | 4 | 5 |\n-------------\n"));
  EXPECT_TRUE(aspect(grid, "output").passed) << aspect(grid, "output").feedback;
}

TEST(ProgramOutputKindTest, AllowedMovesAndFields) {
  const std::string keys = R"yaml(    args: ["-setState", "b12 345 678", "-move", "up"]
    start: "b12 345 678"
    checks:
      - contains: "Move not allowed"
      - allowed_moves: "Allowed moves: (?<moves>.*)"
      - field: {pattern: "first (?<n>\\d+) nodes", equals: {n: "5"}}
)yaml";
  EXPECT_TRUE(aspect(evaluate(keys, exited("Move not allowed\nAllowed moves: ['right', "
                                           "'down']\nfirst 5 nodes\n")),
                     "output")
                  .passed);
  EXPECT_THAT(aspect(evaluate(keys, exited("Move not allowed\nAllowed moves: ['right', "
                                           "'down', 'up']\nfirst 5 nodes\n")),
                     "output")
                  .feedback,
              HasSubstr("the allowed moves in b12 345 678 are down, right"));
  EXPECT_THAT(aspect(evaluate(keys, exited("Move not allowed\nAllowed moves: ['right', "
                                           "'down']\nfirst 6 nodes\n")),
                     "output")
                  .feedback,
              HasSubstr("expected n = 5, got 6"));
}

TEST(ProgramOutputKindTest, SolutionPathIsLegalShortestAndCounted) {
  const ref::TilePuzzle puzzle(3, 3, ref::Topology::bounded, parse_compact_state("b12 345 678"));
  const int shortest = *ref::optimal_solution_length(puzzle, parse_compact_state("312 475 68b"));
  ASSERT_EQ(shortest, 4);  // the seed's own example: "Solution Length:  4"
  const std::string good =
      "Solution found!\nSolution Length:  4\nSolution Path ['start', 'left', 'up', 'left', 'up', "
      "'goal']\n";
  EXPECT_TRUE(aspect(evaluate(kSolve, exited(good)), "path").passed);

  const std::string counted =
      "Solution Length:  6\nSolution Path ['start', 'left', 'up', 'left', 'up', 'goal']\n";
  EXPECT_THAT(aspect(evaluate(kSolve, exited(counted)), "path").feedback,
              HasSubstr("the number of moves in the path, 4, not 6"));

  const std::string illegal = "Solution Length:  1\nSolution Path ['start', 'down', 'goal']\n";
  EXPECT_FALSE(aspect(evaluate(kSolve, exited(illegal)), "path").passed);

  const std::string longer =
      "Solution Length:  6\nSolution Path ['start', 'left', 'up', 'left', 'up', 'down', 'up', "
      "'goal']\n";
  const AspectOutcome too_long = aspect(evaluate(kSolve, exited(longer)), "path");
  EXPECT_FALSE(too_long.passed);
  std::string beam = kSolve;
  beam.replace(beam.find("ignore"), 6, "optimal: false, ignore");
  EXPECT_TRUE(aspect(evaluate(beam, exited(longer)), "path").passed);
}

// id -> passed, for each mutant of the test.
std::map<std::string, bool> mutants_passing(const std::string& keys,
                                            const std::string& aspect_name) {
  const Assignment assignment = spec_with(keys);
  ProgramOutputKind kind;
  kind.validate(assignment, assignment.tests.back());
  std::map<std::string, bool> passing;
  for (const MutantOutcome& mutant : kind.mutant_outcomes(assignment, assignment.tests.back()))
    passing[mutant.mutant] = aspect(mutant.outcome, aspect_name).passed;
  return passing;
}

TEST(ProgramOutputKindTest, MutantsAreJudgedByTheTestsOwnChecks) {
  // After a move: the unmoved state fails; the tile's names do not reach a state check.
  const auto moved = mutants_passing(kMove, "output");
  EXPECT_FALSE(moved.at("moves_ignored"));
  EXPECT_TRUE(moved.at("tile_moves"));
  EXPECT_TRUE(moved.at("length_counts_states"));  // no solution check to catch it

  // A shortest solution with its length: every path mistake fails.
  const auto solved = mutants_passing(kSolve, "path");
  EXPECT_FALSE(solved.contains("moves_ignored"));  // no moves to ignore
  for (const char* id : {"tile_moves", "length_counts_states", "detour", "stops_short"})
    EXPECT_FALSE(solved.at(id)) << id;

  // Any legal path (beam search): a detour is a correct answer.
  std::string beam = kSolve;
  beam.replace(beam.find("ignore"), 6, "optimal: false, ignore");
  const auto any_path = mutants_passing(beam, "path");
  EXPECT_TRUE(any_path.at("detour"));
  EXPECT_FALSE(any_path.at("stops_short"));
}

TEST(ProgramOutputKindTest, MutantAllowedMovesNameTheTile) {
  const std::string keys = R"yaml(    args: ["-setState", "b12 345 678"]
    start: "b12 345 678"
    checks: [{allowed_moves: "Allowed moves: (?<moves>.*)"}]
)yaml";
  const Assignment assignment = spec_with(keys);
  const auto mutants = ProgramOutputKind().mutant_outcomes(assignment, assignment.tests.back());
  const auto tile = std::find_if(mutants.begin(), mutants.end(),
                                 [](const MutantOutcome& m) { return m.mutant == "tile_moves"; });
  ASSERT_NE(tile, mutants.end());
  EXPECT_THAT(aspect(tile->outcome, "output").feedback,
              HasSubstr("are down, right, got `up, left`"));
}

// A 2 x 2 board written as a course's rules file, its actions named as AIMA's EightPuzzle names
// them: a program's printed moves are the blank's, read through the rules' own moves.
Assignment rules_board_spec(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
notation: {state: compact}
domains:
  tiny:
    type: rules
    world: Tiny
    board: {rows: 2, cols: 2}
    source: |
      class Tiny:
          initial = (1, 2, 3, 0)
          def actions(self, state):
              blank = state.index(0)
              return [name for name, ok in (('UP', blank >= 2), ('DOWN', blank < 2),
                      ('LEFT', blank % 2 == 1), ('RIGHT', blank % 2 == 0)) if ok]
          def result(self, state, action):
              blank = state.index(0)
              other = blank + {'UP': -2, 'DOWN': 2, 'LEFT': -1, 'RIGHT': 1}[action]
              board = list(state)
              board[blank], board[other] = board[other], board[blank]
              return tuple(board)
          def is_goal(self, state):
              return state == (1, 2, 3, 0)
rubric: [{id: out, points: 1}, {id: path, points: 1}]
tests:
  - id: t
    kind: program_output
    domain: tiny
    args: ["-setState", "1b 32"]
)yaml" + test_keys,
                               "specs/demo.yaml");
}

TEST(ProgramOutputKindTest, OnARulesBoardThePrintedMovesAreTheBlanksWhateverTheRulesCallThem) {
  const std::string keys = R"yaml(    grades: {output: out, path: path}
    start: "1b 32"
    checks:
      - allowed_moves: "Allowed moves: (?<moves>.*)"
      - solution: {path: "Path (?<moves>.*)"}
)yaml";
  const Assignment assignment = rules_board_spec(keys);
  ProgramOutputKind kind;
  kind.validate(assignment, assignment.tests.back());
  const auto graded = [&](const std::string& printed) {
    return kind.evaluate(assignment, assignment.tests.back(), exited(printed));
  };
  const TestOutcome right = graded("Allowed moves: ['down', 'left']\nPath ['down']\n");
  EXPECT_TRUE(aspect(right, "output").passed) << aspect(right, "output").feedback;
  EXPECT_TRUE(aspect(right, "path").passed) << aspect(right, "path").feedback;
  const TestOutcome rules_words = graded("Allowed moves: ['DOWN', 'LEFT']\nPath ['left']\n");
  EXPECT_THAT(aspect(rules_words, "output").feedback,
              HasSubstr("the allowed moves in 1b 32 are down, left"));
  EXPECT_THAT(aspect(rules_words, "path").feedback,
              HasSubstr("lead to b1 32, which is not the goal 12 3b"));
  const TestOutcome illegal = graded("Allowed moves: ['down', 'left']\nPath ['up']\n");
  EXPECT_THAT(
      aspect(illegal, "path").feedback,
      HasSubstr("move 1 of the path (up) is illegal: in 1b 32 the blank is in the top row"));
  // The tile's names for the blank's moves are caught on the rules world too.
  const auto mutants = kind.mutant_outcomes(assignment, assignment.tests.back());
  const auto tile = std::find_if(mutants.begin(), mutants.end(),
                                 [](const MutantOutcome& m) { return m.mutant == "tile_moves"; });
  ASSERT_NE(tile, mutants.end());
  EXPECT_FALSE(aspect(tile->outcome, "path").passed);
  EXPECT_THAT(aspect(tile->outcome, "path").feedback, HasSubstr("the TILE slides"));
}

TEST(ProgramOutputKindTest, AnIntegerWrittenUnquotedIsItsDigits) {
  std::string keys = R"yaml(    grades: {output: out}
    args: [x]
    checks: [{field: {pattern: "first (?<n>\\d+) nodes", equals: {n: 5}}}]
)yaml";
  const Assignment assignment = spec_with(keys);
  ProgramOutputKind kind;
  kind.validate(assignment, assignment.tests.back());
  EXPECT_TRUE(aspect(kind.evaluate(assignment, assignment.tests.back(), exited("first 5 nodes\n")),
                     "output")
                  .passed);
  EXPECT_EQ(validation_error("    args: [-solveBeam, 10]\n    checks: [{contains: x}]\n"),
            "no error");
  EXPECT_THAT(validation_error("    args: [-solveBeam, 1.5]\n    checks: [{contains: x}]\n"),
              HasSubstr("each of `args` is a word"));
}

TEST(ProgramOutputKindTest, TheCallQuotesWordsAsAShellReadsThem) {
  const Assignment assignment = spec_with(kSolve);
  GradingContext context;
  context.program_command = {"python3", "play_puzzle.py"};
  const Invocation invocation =
      ProgramOutputKind().invocation(assignment, assignment.tests.back(), context);
  EXPECT_EQ(invocation.description,
            "python3 play_puzzle.py -setState '312 475 68b' -solveAStar h2");
}

}  // namespace program_output_kind_test
}  // namespace
}  // namespace sg
