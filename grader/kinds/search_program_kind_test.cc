#include "kinds/search_program_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_program_kind_test {

using test_util::aspect;

using test_util::exited;

using ::testing::HasSubstr;

// A 2-move 3 x 3 instance: the blank goes up, then left.
constexpr const char* kPuzzle =
    "{n: 3, start: [[1, 2, 5], [3, 4, 0], [6, 7, 8]], goal: [[1, 2, 0], [3, 4, 5], [6, 7, 8]]}";

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
notation: {state: edn_rows}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search_program
    grades: {path: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const std::string& keys) {
  const Assignment assignment = spec_with(keys);
  try {
    SearchProgramKind().validate(assignment, assignment.tests.back());
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TestOutcome evaluate(const std::string& keys, const Observation& observation) {
  const Assignment assignment = spec_with(keys);
  SearchProgramKind kind;
  kind.validate(assignment, assignment.tests.back());
  return kind.evaluate(assignment, assignment.tests.back(), observation);
}

std::string search_keys(const std::string& searches, const std::string& extra = "") {
  return std::string("    puzzle: ") + kPuzzle + "\n    args: [puzzle.json, ucs]\n" +
         "    searches: " + searches + "\n" + extra;
}

const std::string kTooLongReport =
    "Graph Search\nBoards Generated: 12\nSolution Length: 2\n"
    "{:action :up, :new-state [[1 2 0] [3 4 5] [6 7 8]]}\n"
    "{:action :left, :new-state [[1 0 2] [3 4 5] [6 7 8]]}\n";

// A course whose program reports otherwise writes its report's lines as patterns.
TEST(SearchProgramKind, TheSpecsReportPatternsReadAnotherProgramsReport) {
  const std::string report =
      "    report:\n"
      "      generated: \"nodes expanded = (?<generated>\\\\d+)\"\n"
      "      length: \"moves = (?<length>\\\\d+)\"\n"
      "      move: \"^  (?<action>[a-z]+) -> (?<state>.*)$\"\n";
  const std::string keys = search_keys("[{search: ucs}]", report);
  const TestOutcome good = evaluate(keys, exited("nodes expanded = 4\nmoves = 1\n"
                                                 "  up -> [[1 2 0] [3 4 5] [6 7 8]]\n"));
  for (const auto& a : good.aspects) EXPECT_TRUE(a.passed) << a.aspect << ": " << a.feedback;
  // The board after the move is read from the pattern's (?<state>) and judged.
  const TestOutcome wrong_board = evaluate(keys, exited("nodes expanded = 4\nmoves = 1\n"
                                                        "  up -> [[1 2 5] [3 4 0] [6 7 8]]\n"));
  // Moves are shown as this course prints them, not as the seed's keywords.
  EXPECT_THAT(aspect(wrong_board, "path").feedback, HasSubstr("after move 1 (up) the board is"));
  // The seed's report is not this course's.
  EXPECT_FALSE(aspect(evaluate(keys, exited(kTooLongReport)), "path").passed);
  EXPECT_THAT(validation_error(search_keys("[{search: ucs}]",
                                           "    report: {length: \"moves = (?<n>\\\\d+)\"}\n")),
              HasSubstr("the length pattern needs the group (?<length>...)"));
}

// A course whose report names the blank's moves by its own words (U, D, L, R).
TEST(SearchProgramKind, MoveNamesReadTheCoursesOwnMoveWords) {
  const std::string keys = search_keys("[{search: ucs}]",
                                       "    report: {move: \"^move (?<action>\\\\w+)$\"}\n"
                                       "    move_names: {up: U, down: D, left: L, right: R}\n");
  const TestOutcome good =
      evaluate(keys, exited("Boards Generated: 4\nSolution Length: 1\nmove U\n"));
  for (const auto& a : good.aspects) EXPECT_TRUE(a.passed) << a.aspect << ": " << a.feedback;
  const TestOutcome seed_words =
      evaluate(keys, exited("Boards Generated: 4\nSolution Length: 1\nmove up\n"));
  EXPECT_THAT(aspect(seed_words, "path").feedback,
              HasSubstr("`up` is not a move (U, D, L, R: the direction the blank moves)"));
  const TestOutcome wrong =
      evaluate(keys, exited("Boards Generated: 4\nSolution Length: 1\nmove D\n"));
  EXPECT_FALSE(aspect(wrong, "path").passed);
  EXPECT_THAT(aspect(wrong, "path").feedback, ::testing::Not(HasSubstr("down")))
      << "feedback shows the course's words";
  EXPECT_THAT(validation_error(search_keys("[{search: ucs}]", "    move_names: {up: U}\n")),
              HasSubstr("move_names: `lower`, `upper` or the four moves' words"));
}

// The input file is the spec's template: another course's format from the same puzzle.
TEST(SearchProgramKind, InputTextWritesTheCoursesOwnFile) {
  const Assignment assignment =
      spec_with(search_keys("[{search: ucs}]",
                            "    input: board.txt\n"
                            "    input_text: \"{n}\\n{start:python_list}\\n{goal}\\n\"\n"));
  SearchProgramKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  context.program_command = {"prog"};
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  ASSERT_EQ(invocation.written_files.size(), 1u);
  EXPECT_EQ(invocation.written_files[0].destination, "board.txt");
  EXPECT_EQ(invocation.written_files[0].content,
            "3\n[1, 2, 5, 3, 4, 0, 6, 7, 8]\n[[1 2 0] [3 4 5] [6 7 8]]\n");
  // The seed's file when the test writes none: the puzzle as JSON.
  const Assignment seed = spec_with(search_keys("[{search: ucs}]"));
  const Invocation seed_run = kind.invocation(seed, seed.tests.back(), context);
  EXPECT_THAT(seed_run.written_files.at(0).content, HasSubstr("\"start\":[[1,2,5],[3,4,0]"));
}

// The audit's mutants print the seed's report; a spec reading its own lines judges them as the
// seed's, so each mutant loses only what its mistake costs (not every aspect, unread).
TEST(SearchProgramKind, MutantsAreJudgedWhateverReportLinesTheSpecReads) {
  const std::string report =
      "    report:\n"
      "      generated: \"nodes expanded = (?<generated>\\\\d+)\"\n"
      "      length: \"moves = (?<length>\\\\d+)\"\n"
      "      move: \"^  (?<action>[a-z]+)$\"\n";
  const Assignment assignment = spec_with(search_keys("[{search: ucs}]", report));
  SearchProgramKind kind;
  kind.validate(assignment, assignment.tests.back());
  const auto mutants = kind.mutant_outcomes(assignment, assignment.tests.back());
  std::vector<std::string> ids;
  for (const auto& mutant : mutants) ids.push_back(mutant.mutant);
  ASSERT_THAT(ids, ::testing::ElementsAre("length_counts_states", "detour", "stops_short",
                                          "generated_zero"));
  const auto& detour = mutants[1];
  EXPECT_FALSE(aspect(detour.outcome, "path").passed);
  EXPECT_TRUE(aspect(detour.outcome, "length").passed) << aspect(detour.outcome, "length").feedback;
  EXPECT_TRUE(aspect(detour.outcome, "generated").passed);
  EXPECT_FALSE(aspect(mutants[2].outcome, "path").passed) << "a path one move short of the goal";
}

// A board of the spec's domain, any rows x cols, given in the spec's notation; a file format
// that is not seed 002's JSON comes from the spec's template.
TEST(SearchProgramKind, ABoardOfTheSpecsDomainInItsNotation) {
  const auto spec = [](const std::string& extra) {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
notation: {state: edn_rows}
domain: {type: sliding_tile, rows: 2, cols: 3, goal: "[[1 2 3] [4 5 0]]"}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search_program
    start: "[[1 2 3] [0 4 5]]"
    args: [board.txt, bfs]
    input: board.txt
    searches: [{search: bfs}]
    grades: {path: a}
)yaml" + extra,
                                 "specs/demo.yaml");
  };
  const Assignment assignment =
      spec("    input_text: \"{rows} {cols}\\n{start:python_list}\\n\"\n");
  SearchProgramKind kind;
  kind.validate(assignment, assignment.tests.back());
  GradingContext context;
  context.program_command = {"prog"};
  const Invocation invocation = kind.invocation(assignment, assignment.tests.back(), context);
  EXPECT_EQ(invocation.written_files.at(0).content, "2 3\n[1, 2, 3, 0, 4, 5]\n");
  const TestOutcome good = kind.evaluate(
      assignment, assignment.tests.back(),
      exited("Boards Generated: 5\nSolution Length: 2\n{:action :right, :new-state [[1 2 3] [4 0 "
             "5]]}\n{:action :right}\n"));
  for (const auto& a : good.aspects) EXPECT_TRUE(a.passed) << a.aspect << ": " << a.feedback;
  const Assignment json_only = spec("");
  try {
    kind.validate(json_only, json_only.tests.back());
    ADD_FAILURE() << "a 2 x 3 board written as seed 002's JSON";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("a 2 x 3 board has no seed 002 JSON"));
  }
  // A square board of the domain is written as seed 002's JSON.
  const Assignment square = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
notation: {state: edn_rows}
domain: {type: sliding_tile, rows: 2, cols: 2, goal: "[[1 2] [3 0]]"}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search_program
    start: "[[1 2] [0 3]]"
    args: [puzzle.json, bfs]
    searches: [{search: bfs}]
    grades: {path: a}
)yaml",
                                                  "specs/demo.yaml");
  kind.validate(square, square.tests.back());
  EXPECT_EQ(kind.invocation(square, square.tests.back(), context).written_files.at(0).content,
            "{\"n\":2,\"start\":[[1,2],[0,3]],\"goal\":[[1,2],[3,0]]}\n");
}

TEST(SearchProgramKind, AcceptsTheSeedsReportShape) {
  // The goal has the blank at the top right, one move up: a report that goes on past it fails.
  const TestOutcome outcome = evaluate(search_keys("[{search: ucs}]"), exited(kTooLongReport));
  EXPECT_FALSE(aspect(outcome, "path").passed);
  EXPECT_THAT(aspect(outcome, "path").feedback, HasSubstr("which is not the goal"));
  const TestOutcome good =
      evaluate(search_keys("[{search: ucs}]"),
               exited("Graph Search\nBoards Generated - 3\nSolution Length - 1\n"
                      "{:action :up, :new-state [[1 2 0] [3 4 5] [6 7 8]]}\n"));
  EXPECT_EQ(good.verdict, Verdict::accepted) << good.feedback;
}

TEST(SearchProgramKind, PrintedBoardsMustFollowTheMoves) {
  const TestOutcome outcome =
      evaluate(search_keys("[{search: ucs}]"),
               exited("Boards Generated: 3\nSolution Length: 1\n"
                      "{:action :up, :new-state [[1 2 5] [3 4 0] [6 7 8]]}\n"));
  EXPECT_THAT(aspect(outcome, "path").feedback,
              HasSubstr("after move 1 (:up) the board is [[1 2 0] [3 4 5] [6 7 8]]"));
}

TEST(SearchProgramKind, LengthAndBoardsAreCheckedAgainstThePath) {
  const TestOutcome outcome =
      evaluate(search_keys("[{search: ucs}]"),
               exited("Boards Generated: 0\nSolution Length: 2\n{:action :up}\n"));
  EXPECT_TRUE(aspect(outcome, "path").passed);
  EXPECT_THAT(aspect(outcome, "length").feedback, HasSubstr("says Solution Length 2"));
  EXPECT_THAT(aspect(outcome, "generated").feedback,
              HasSubstr("fewer than the 1 boards on the solution path"));
}

TEST(SearchProgramKind, FewerBoardsComparesTheSearchesReports) {
  const std::string keys =
      search_keys("[{search: ucs}, {search: astar}]", "    fewer_boards: [[astar, ucs]]\n");
  const std::string report = "Boards Generated: 5\nSolution Length: 1\n{:action :up}\n";
  const std::string more = "Boards Generated: 9\nSolution Length: 1\n{:action :up}\n";
  EXPECT_TRUE(aspect(evaluate(keys, exited(more + report)), "generated").passed);
  EXPECT_THAT(aspect(evaluate(keys, exited(report + more)), "generated").feedback,
              HasSubstr("astar reports 9 boards generated, more than ucs's 5"));
  // A missing report fails every aspect it feeds.
  EXPECT_THAT(aspect(evaluate(keys, exited(report)), "path").feedback,
              HasSubstr("expected 2 search reports (ucs, astar)"));
}

TEST(SearchProgramKind, DepthBoundAndOptimality) {
  const std::string three_moves =
      "Boards Generated: 9\nSolution Length: 3\n{:action :up}\n{:action :left}\n"
      "{:action :right}\n";
  EXPECT_THAT(
      aspect(evaluate(search_keys("[{search: ucs}]"), exited(three_moves)), "path").feedback,
      HasSubstr("reaches the goal in 3 moves, but the shortest path has 1"));
  EXPECT_TRUE(aspect(evaluate(search_keys("[{search: dfs, optimal: false, bound: 3}]"),
                              exited(three_moves)),
                     "path")
                  .passed);
  EXPECT_THAT(aspect(evaluate(search_keys("[{search: dfs, optimal: false, bound: 2}]"),
                              exited(three_moves)),
                     "path")
                  .feedback,
              HasSubstr("more than the depth bound 2"));
}

TEST(SearchProgramKind, RejectionNeedsAMessageAndNoCrash) {
  const std::string keys =
      "    puzzle_text: '{\"n\": 1, \"start\": [[0]], \"goal\": [[0]]}'\n"
      "    args: [puzzle.json, ucs]\n    reject: true\n";
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search_program
    exit_status: ignored
    grades: {rejection: a}
)yaml" + keys,
                                                      "specs/demo.yaml");
  SearchProgramKind kind;
  kind.validate(assignment, assignment.tests.back());
  const auto judge = [&](const Observation& observation) {
    return kind.evaluate(assignment, assignment.tests.back(), observation);
  };
  EXPECT_EQ(judge(exited("error: value of 'n' must be greater than 1\n", 1)).verdict,
            Verdict::accepted);
  EXPECT_THAT(aspect(judge(exited("")), "rejection").feedback, HasSubstr("printed nothing"));
  EXPECT_THAT(aspect(judge(exited("", 1, "Traceback (most recent call last):\n  KeyError: 'n'\n")),
                     "rejection")
                  .feedback,
              HasSubstr("uncaught exception"));
  EXPECT_EQ(judge(exited("", 1, "Traceback (most recent call last):\n  KeyError: 'n'\n")).verdict,
            Verdict::runtime_error);
  EXPECT_THAT(
      aspect(judge(exited("Boards Generated: 0\nSolution Length: 0\n")), "rejection").feedback,
      HasSubstr("printed a solution"));
  Observation crashed = exited("");
  crashed.termination = Termination::signaled;
  crashed.signal = 11;
  crashed.exit_code.reset();
  EXPECT_EQ(judge(crashed).verdict, Verdict::runtime_error);
}

// A course with its own file format rejects a board of its domain that the reference refuses.
TEST(SearchProgramKind, ARejectTestGivesAnInvalidBoardOfTheSpecsDomain) {
  const auto spec = [](const std::string& test) {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog, exit_status: ignored}
domain: {type: sliding_tile, rows: 2, cols: 3, goal: [1, 2, 3, 4, 5, 0]}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search_program
    args: [board.txt]
    input: board.txt
    reject: true
    grades: {rejection: a}
)yaml" + test,
                                 "specs/demo.yaml");
  };
  const Assignment repeated = spec(
      "    start: \"[1, 2, 2, 4, 5, 0]\"\n"
      "    input_text: \"{rows} {cols}\\n{start}\\n{goal:python_list}\\n\"\n");
  SearchProgramKind kind;
  kind.validate(repeated, repeated.tests.back());
  GradingContext context;
  context.program_command = {"prog"};
  EXPECT_EQ(kind.invocation(repeated, repeated.tests.back(), context).written_files.at(0).content,
            "2 3\n[1, 2, 2, 4, 5, 0]\n[1, 2, 3, 4, 5, 0]\n");
  const TestOutcome told =
      kind.evaluate(repeated, repeated.tests.back(), exited("error: tile 2 appears twice\n", 1));
  EXPECT_TRUE(aspect(told, "rejection").passed) << told.feedback;
  const TestOutcome silent = kind.evaluate(repeated, repeated.tests.back(), exited(""));
  EXPECT_THAT(silent.feedback, HasSubstr("given the invalid input [1, 2, 2, 4, 5, 0]: "));
  const auto refused = [&](const std::string& test) {
    const Assignment assignment = spec(test);
    try {
      kind.validate(assignment, assignment.tests.back());
    } catch (const SpecError& error) {
      EXPECT_EQ(error.where().line, 13u) << error.what();
      return std::string(error.what());
    }
    return std::string("validated");
  };
  EXPECT_THAT(refused("    start: \"[1, 2, 3, 0, 4, 5]\"\n    input_text: \"{start}\"\n"),
              HasSubstr("reads this as a valid input"));
  EXPECT_THAT(refused("    start: \"[1, 2, 2, 4, 5, 0]\"\n"),
              HasSubstr("an invalid board has no seed 002 JSON"));
}

TEST(SearchProgramKind, SpecErrorsPointAtTheProblem) {
  EXPECT_THAT(validation_error(search_keys("[{search: dfs, bound: 0}]")),
              HasSubstr("no path within the bound 0: the shortest has 1 moves"));
  EXPECT_THAT(validation_error("    puzzle: {n: 3, start: [[2, 1, 0], [3, 4, 5], [6, 7, 8]], "
                               "goal: [[1, 2, 0], [3, 4, 5], [6, 7, 8]]}\n"
                               "    args: [p]\n    searches: [{search: ucs}]\n"),
              HasSubstr("cannot be reached"));
  EXPECT_THAT(validation_error(search_keys("[{search: ucs}]", "    fewer_boards: [[x, ucs]]\n")),
              HasSubstr("fewer_boards is a list of [A, B] pairs"));
  EXPECT_THAT(validation_error("    puzzle_text: '{\"n\": 2, \"start\": [[1, 2], [3, 0]], "
                               "\"goal\": [[1, 2], [3, 0]]}'\n    args: [p]\n    reject: true\n"),
              HasSubstr("reads this input as a valid puzzle"));
}

}  // namespace search_program_kind_test
}  // namespace
}  // namespace sg
