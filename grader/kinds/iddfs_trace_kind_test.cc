#include "kinds/iddfs_trace_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "checkers/iddfs_trace_checker.h"
#include "kinds/kind_test_util.h"
#include "notation/lisp_grid.h"
#include "notation/lisp_trace.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace iddfs_trace_kind_test {

using test_util::exited;

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A program spec with one iddfs_trace test; `test_keys` replaces its kind-specific keys.
Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
notation: {state: lisp}
rubric: [{id: trace, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    grades: {trace: trace}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

const std::string kTwoByTwo = R"yaml(    input_file: in1
    dimensions: "(2 2)"
    start: "((1 2) (* 0))"
    goal: "((* 2) (1 0))"
)yaml";

std::string validation_error(const std::string& keys) {
  const Assignment assignment = spec_with(keys);
  try {
    IddfsTraceKind().validate(assignment, assignment.tests[0]);
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

// What the reference says the program should print for the 2 x 2 test, in seed 001's notation.
std::string reference_output() {
  const LispGridSize size{2, 2};
  const ref::TilePuzzle puzzle(2, 2, ref::Topology::bounded,
                               parse_lisp_grid("((* 2) (1 0))", size));
  const ref::IddfsResult run =
      ref::iterative_deepening(puzzle, parse_lisp_grid("((1 2) (* 0))", size));
  std::string out;
  for (const ref::IddfsEvent& event : run.trace)
    out += (event.type == ref::IddfsEventType::check
                ? print_lisp_check_line()
                : print_lisp_move_line(event.depth, lisp_move_name(event.move))) +
           "\n";
  std::vector<std::string> path;
  for (const ref::BlankMove move : run.path) path.push_back(lisp_move_name(move));
  return out + print_lisp_path_line(path) + "\n";
}

TEST(IddfsTraceKindTest, ValidatesTheSeedsNotationAndReachability) {
  EXPECT_EQ(validation_error(kTwoByTwo), "no error");
  EXPECT_THAT(validation_error("    dimensions: \"(2 2)\"\n    start: \"((1 2) (* 0))\"\n"),
              HasSubstr("needs `goal`"));
  EXPECT_THAT(validation_error("    dimensions: \"(2 2)\"\n    start: \"((1 2) (* 0 3))\"\n    "
                               "goal: \"((* 2) (1 0))\"\n"),
              HasSubstr("row 2 has 3 cells, expected 2"));
  EXPECT_THAT(
      validation_error(
          "    dimensions: \"(2 2)\"\n    start: \"((1 2) (* 5))\"\n    goal: \"((* 2) (1 0))\"\n"),
      HasSubstr("the start does not hold the goal's tiles"));
  // On a 2 x 2 board the blank only cycles: swapping two tiles is unreachable.
  EXPECT_THAT(
      validation_error(
          "    dimensions: \"(2 2)\"\n    start: \"((2 1) (* 0))\"\n    goal: \"((1 2) (* 0))\"\n"
          "    max_depth: 8\n"),
      HasSubstr("finds no path to the goal within 8 moves"));
  EXPECT_THAT(validation_error(kTwoByTwo + "    cross_check: {moves: 3}\n"),
              HasSubstr("the reference gives moves = 1, but the spec pins 3"));
  std::string escaping = kTwoByTwo;
  escaping.replace(escaping.find("in1"), 3, "../in");
  EXPECT_THAT(validation_error(escaping), HasSubstr("input_file must be a plain file name"));
}

TEST(IddfsTraceKindTest, WritesTheInputFileAndPassesItsName) {
  const Assignment assignment = spec_with(kTwoByTwo);
  GradingContext context;
  context.program_command = {"python3", "eightpuzzle.py"};
  const Invocation invocation =
      IddfsTraceKind().invocation(assignment, assignment.tests[0], context);
  EXPECT_THAT(invocation.argv, ElementsAre("python3", "eightpuzzle.py", "in1"));
  ASSERT_EQ(invocation.written_files.size(), 1u);
  EXPECT_EQ(invocation.written_files[0].destination, "in1");
  EXPECT_EQ(invocation.written_files[0].content, "(2 2)\n((1 2) (* 0))\n((* 2) (1 0))\n");
  EXPECT_THAT(invocation.description,
              HasSubstr("python3 eightpuzzle.py in1\nwhere in1 holds:\n(2 2)"));
}

// Another course's program: the size as rows and cols, a file written from the spec's template
// (boards in any named notation), arguments that name it.
TEST(IddfsTraceKindTest, InputTextAndArgsWriteTheCoursesOwnProgramInput) {
  const Assignment assignment = spec_with(R"yaml(    rows: 2
    cols: 2
    start: "((1 2) (* 0))"
    goal: "((* 2) (1 0))"
    input_file: board.txt
    input_text: "{rows} {cols}\n{start:python_list}\n{goal:compact}\n"
    args: ["--file", "{input}"]
)yaml");
  IddfsTraceKind().validate(assignment, assignment.tests[0]);
  GradingContext context;
  context.program_command = {"prog"};
  const Invocation invocation =
      IddfsTraceKind().invocation(assignment, assignment.tests[0], context);
  EXPECT_THAT(invocation.argv, ElementsAre("prog", "--file", "board.txt"));
  ASSERT_EQ(invocation.written_files.size(), 1u);
  // lisp's numbers are the reference's tiles minus one, `*` the blank.
  EXPECT_EQ(invocation.written_files[0].content, "2 2\n[2, 3, 0, 1]\nb3 21\n");
  EXPECT_THAT(validation_error(R"yaml(    rows: 2
    dimensions: "(2 2)"
    start: "((1 2) (* 0))"
    goal: "((* 2) (1 0))"
)yaml"),
              HasSubstr("as `rows` and `cols`, or as `dimensions`"));
  EXPECT_THAT(validation_error(R"yaml(    rows: 2
    cols: 2
    start: "((1 2) (* 0))"
    goal: "((* 2) (1 0))"
    input_text: [1]
)yaml"),
              HasSubstr("input_text is the input file's text"));
}

// The exit status is the engine's to judge (engine/test_verdict_test.cc): the kind judges what
// was printed, whatever the status.
TEST(IddfsTraceKindTest, JudgesTraceAndPathApart) {
  const Assignment assignment = spec_with(kTwoByTwo);
  const TestSpec& test = assignment.tests[0];
  const IddfsTraceKind kind;
  TestOutcome outcome = kind.evaluate(assignment, test, exited(reference_output()));
  EXPECT_EQ(outcome.verdict, Verdict::accepted);
  ASSERT_EQ(outcome.aspects.size(), 2u);
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;

  Observation crashed = exited(reference_output(), 1);
  crashed.stderr_stream.data = "Traceback ...\nValueError: bad\n";
  outcome = kind.evaluate(assignment, test, crashed);
  EXPECT_EQ(outcome.verdict, Verdict::accepted);
  EXPECT_TRUE(outcome.aspects[0].passed);
  EXPECT_TRUE(outcome.aspects[1].passed);
}

TEST(IddfsTraceKindTest, ALimitFailsEveryAspectAndKeepsTheTraceDiagnosis) {
  const Assignment assignment = spec_with(kTwoByTwo);
  Observation killed = exited(reference_output() + "(2 DOWN)\n");
  killed.termination = Termination::cpu_time_limit;
  killed.exit_code.reset();
  killed.detail = "CPU limit 20 s";
  const TestOutcome outcome = IddfsTraceKind().evaluate(assignment, assignment.tests[0], killed);
  EXPECT_EQ(outcome.verdict, Verdict::time_limit_exceeded);
  for (const auto& aspect : outcome.aspects) EXPECT_FALSE(aspect.passed);
  EXPECT_THAT(outcome.feedback, HasSubstr("time limit exceeded"));
  EXPECT_THAT(outcome.feedback, HasSubstr("the trace should end after"));
}

// The trace family on a graph: moves are the roads' towns, the program gets {start} {goal}.
TEST(IddfsTraceKindTest, OnAGraphMovesAreTheDomainsActionsAndAnyCaseReads) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
domains:
  roads: {type: graph, edges: [[S, A], [S, B], [A, G], [B, G], [A, C], [C, G]]}
rubric: [{id: trace, points: 1}, {id: path, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    domain: roads
    start: S
    goal: G
    args: ["--from", "{start}", "--to", "{goal}"]
    grades: {trace: trace, path: path}
)yaml",
                                                      "specs/demo.yaml");
  const TestSpec& test = assignment.tests[0];
  const IddfsTraceKind kind;
  kind.validate(assignment, test);
  GradingContext context;
  context.program_command = {"python3", "ids.py"};
  const Invocation invocation = kind.invocation(assignment, test, context);
  EXPECT_THAT(invocation.argv,
              ::testing::ElementsAre("python3", "ids.py", "--from", "S", "--to", "G"))
      << invocation.description;

  // The reference's output, as the outcome of a run that printed nothing shows it in full.
  const std::string expected = kind.evaluate(assignment, test, exited("")).expected;
  EXPECT_THAT(expected, HasSubstr("(1 A)\n(CHECK)\n(1 B)\n(CHECK)\n(1 A)\n(2 S)\n(CHECK)"));
  EXPECT_THAT(expected, HasSubstr("(PATH-TO-GOAL (A G))"));
  std::string lower = expected;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  TestOutcome outcome = kind.evaluate(assignment, test, exited(lower));
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;

  // A longer path, and a road that is not there, fail the path alone.
  const std::string trace = expected.substr(0, expected.rfind("(PATH"));
  outcome = kind.evaluate(assignment, test, exited(trace + "(PATH-TO-GOAL (A C G))\n"));
  EXPECT_TRUE(outcome.aspects[0].passed);
  EXPECT_THAT(outcome.aspects[1].feedback,
              HasSubstr("the path takes 3 moves, but the fewest is 2"));
  outcome = kind.evaluate(assignment, test, exited(trace + "(PATH-TO-GOAL (C G))\n"));
  EXPECT_FALSE(outcome.aspects[1].passed);
  EXPECT_THAT(outcome.aspects[1].feedback, HasSubstr("(printed: `(PATH-TO-GOAL (C G))`)"));
}

// The trace's lines written by the spec: a course whose program prints "depth 1: A".
TEST(IddfsTraceKindTest, TheSpecsLineTemplatesAreTheTracesNotation) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
domains:
  roads: {type: graph, edges: [[S, A], [A, G]]}
rubric: [{id: trace, points: 1}, {id: path, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    domain: roads
    start: S
    goal: G
    args: ["{start}", "{goal}"]
    move_line: "depth {depth}: {action}"
    check_line: "goal test"
    path_line: "path: {moves}"
    grades: {trace: trace, path: path}
  - id: bad
    kind: iddfs_trace
    domain: roads
    start: S
    goal: G
    args: ["{start}", "{goal}"]
    path_line: "the path"
  - id: there
    kind: iddfs_trace
    domain: roads
    start: G
    goal: G
    args: ["{start}", "{goal}"]
    path_line: "path: {moves}"
    grades: {trace: trace, path: path}
)yaml",
                                                      "specs/demo.yaml");
  const IddfsTraceKind kind;
  const TestSpec& test = assignment.tests[0];
  kind.validate(assignment, test);
  const std::string printed =
      "depth 1: A\ngoal test\ndepth 1: A\ndepth 2: S\ngoal test\ndepth 2: G\ngoal test\n"
      "path: ['A', 'G']\n";
  TestOutcome outcome = kind.evaluate(assignment, test, exited(printed));
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;
  EXPECT_THAT(outcome.expected,
              HasSubstr("depth 2: S\ngoal test\ndepth 2: G\ngoal test\npath: A G"));
  // The seed's lines are not this assignment's.
  outcome = kind.evaluate(assignment, test, exited("(1 A)\n(CHECK)\n(PATH-TO-GOAL (A G))\n"));
  EXPECT_FALSE(outcome.aspects[0].passed);
  EXPECT_THAT(outcome.aspects[0].feedback, HasSubstr("expected `depth 1: A`"));
  try {
    kind.validate(assignment, assignment.tests[1]);
    FAIL() << "a path line without {moves}";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("path_line `the path` needs {moves}"));
  }
  // At the goal already: the empty path alone, as `print("path: " + " ".join([]))` writes it.
  outcome = kind.evaluate(assignment, assignment.tests[2], exited("path: \n"));
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;
}

// A board's moves in the course's own words: shown as written, read in any case.
TEST(IddfsTraceKindTest, ABoardsMovesAreShownInTheCoursesOwnWords) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog}
rubric: [{id: trace, points: 1}, {id: path, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    rows: 2
    cols: 2
    start: "[1, 2, 0, 3]"
    goal: "[1, 2, 3, 0]"
    move_names: {up: U, down: D, left: L, right: R}
    grades: {trace: trace, path: path}
  - id: shared
    kind: iddfs_trace
    rows: 2
    cols: 2
    start: "[1, 2, 0, 3]"
    goal: "[1, 2, 3, 0]"
    move_names: {up: U, down: u, left: L, right: R}
  - id: domain
    kind: iddfs_trace
    domain: roads
    start: S
    goal: G
    args: ["{start}", "{goal}"]
    move_names: lower
domains:
  roads: {type: graph, edges: [[S, G]]}
)yaml",
                                                      "specs/demo.yaml");
  const IddfsTraceKind kind;
  const TestSpec& test = assignment.tests[0];
  kind.validate(assignment, test);
  TestOutcome outcome = kind.evaluate(
      assignment, test, exited("(1 u)\n(CHECK)\n(1 r)\n(CHECK)\n(PATH-TO-GOAL (r))\n"));
  for (const auto& aspect : outcome.aspects)
    EXPECT_TRUE(aspect.passed) << aspect.aspect << ": " << aspect.feedback;
  EXPECT_THAT(outcome.expected, HasSubstr("(1 U)\n(CHECK)\n(1 R)\n(CHECK)\n(PATH-TO-GOAL (R))"));
  outcome = kind.evaluate(assignment, test, exited("(1 UP)\n(CHECK)\n(PATH-TO-GOAL (RIGHT))\n"));
  EXPECT_FALSE(outcome.aspects[0].passed);
  EXPECT_THAT(outcome.aspects[0].feedback, HasSubstr("expected `(1 U)`"));
  EXPECT_THAT(outcome.aspects[1].feedback,
              HasSubstr("'RIGHT' in the printed path is not a move (U, D, L, R)"));
  for (const std::size_t index : {1, 2}) {
    try {
      kind.validate(assignment, assignment.tests[index]);
      FAIL() << assignment.tests[index].id << " validated";
    } catch (const SpecError& error) {
      EXPECT_THAT(error.what(), HasSubstr("move_names"));
      EXPECT_EQ(error.where().line, index == 1 ? 20u : 27u);
    }
  }
}

// A board the reference refuses, written into the input file as the test gives it: the program
// must say so, print no (PATH-TO-GOAL ...) line, and not crash.
TEST(IddfsTraceKindTest, ARejectTestGivesARefusedBoardAsWritten) {
  const auto spec = [](const std::string& keys) {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog, exit_status: ignored}
notation: {state: lisp}
rubric: [{id: refuse, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    reject: true
    grades: {rejection: refuse}
)yaml" + keys,
                                 "specs/demo.yaml");
  };
  const Assignment repeated = spec(
      "    dimensions: \"(2 2)\"\n    start: \"((1 1) (* 0))\"\n"
      "    goal: \"((* 2) (1 0))\"\n");
  const TestSpec& test = repeated.tests[0];
  const IddfsTraceKind kind;
  kind.validate(repeated, test);
  GradingContext context;
  context.program_command = {"ids"};
  EXPECT_EQ(kind.invocation(repeated, test, context).written_files.at(0).content,
            "(2 2)\n((1 1) (* 0))\n((* 2) (1 0))\n");
  EXPECT_TRUE(kind.evaluate(repeated, test, exited("invalid board\n", 1)).aspects.at(0).passed);
  const TestOutcome solved = kind.evaluate(repeated, test, exited("(1 UP)\n(PATH-TO-GOAL (UP))\n"));
  EXPECT_FALSE(solved.aspects.at(0).passed);
  EXPECT_THAT(
      solved.feedback,
      HasSubstr("given the invalid input ((1 1) (* 0)): the input is "
                "invalid, but the program printed a solution: `(PATH-TO-GOAL (UP))` (line 2)"));
  const TestOutcome crashed = kind.evaluate(
      repeated, test, exited("", 1, "Traceback (most recent call last):\n  KeyError: 3\n"));
  EXPECT_EQ(crashed.verdict, Verdict::runtime_error);
  EXPECT_TRUE(kind.mutant_outcomes(repeated, test).empty());

  const auto error = [&](const std::string& keys) {
    const Assignment assignment = spec(keys);
    try {
      kind.validate(assignment, assignment.tests[0]);
    } catch (const SpecError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(error("    dimensions: \"(2 2)\"\n    start: \"((1 2) (* 0))\"\n"
                    "    goal: \"((* 2) (1 0))\"\n"),
              HasSubstr("demo.yaml:12:12: the reference reads this as a valid input"));
  EXPECT_THAT(error("    dimensions: \"(2 2)\"\n    start: \"((1 2) (* 0))\"\n"
                    "    goal: \"((* 2) (1 0))\"\n    input_text: \"{start:python_rows}\"\n"
                    "    max_depth: 3\n"),
              HasSubstr("valid input"));
  EXPECT_THAT(error("    dimensions: \"(2 2)\"\n    start: \"((1 2) (* 0 3))\"\n"
                    "    goal: \"((* 2) (1 0))\"\n    max_depth: 3\n"),
              HasSubstr("a `reject` test has no `max_depth`"));
}

// A graph's start that is no node: the program is run with it as the test writes it.
TEST(IddfsTraceKindTest, ARejectTestOnAGraphGivesAStartTheGraphLacks) {
  const auto spec = [](const std::string& start) {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: prog, exit_status: ignored}
domains:
  roads: {type: graph, edges: [[S, A], [A, G]]}
rubric: [{id: refuse, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    domain: roads
    reject: true
    goal: G
    args: ["{start}", "{goal}"]
    grades: {rejection: refuse}
)yaml" + start,
                                 "specs/demo.yaml");
  };
  const Assignment atlantis = spec("    start: Atlantis\n");
  const IddfsTraceKind kind;
  kind.validate(atlantis, atlantis.tests[0]);
  GradingContext context;
  context.program_command = {"ids"};
  EXPECT_THAT(kind.invocation(atlantis, atlantis.tests[0], context).argv,
              ElementsAre("ids", "Atlantis", "G"));
  EXPECT_THAT(kind.evaluate(atlantis, atlantis.tests[0], exited("")).feedback,
              HasSubstr("given the invalid input Atlantis: the input is invalid, but the program "
                        "printed nothing about it"));
  const Assignment known = spec("    start: S\n");
  try {
    kind.validate(known, known.tests[0]);
    ADD_FAILURE() << "a start the graph has was taken as refused";
  } catch (const SpecError& e) {
    EXPECT_THAT(e.what(), HasSubstr("reads this as a valid input"));
  }
}

}  // namespace iddfs_trace_kind_test
}  // namespace
}  // namespace sg
