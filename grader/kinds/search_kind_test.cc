#include "kinds/search_kind.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_kind_test {

using test_util::aspect;

Observation driver_output(const std::string& value) { return test_util::driver_returned({value}); }

using ::testing::HasSubstr;

// A spec with a small graph, the algorithms, an adapter and one test; `test_keys` and `adapter`
// vary per test.
Assignment spec_with(const std::string& test_keys,
                     const std::string& adapter = "{type: function, returns: path_and_cost}") {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: routes}
domains:
  tri:
    type: graph
    directed: true
    edges: [[S, A, 1], [S, G, 5], [A, G, 1], [S, B, 1], [B, G, 1]]
    heuristic: {S: 2, A: 1, B: 1}
  bad_h:
    type: graph
    directed: true
    edges: [[S, A, 1], [S, B, 1], [A, C, 1], [B, C, 2], [C, G, 3]]
    heuristic: {A: 4, B: 1}
algorithms:
  lazy_astar: {strategy: astar, duplicates: lazy}
adapter: )yaml" + adapter + R"yaml(
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search
    grades: {path: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(SearchKind(), assignment, assignment.tests.back());
}

const std::string kUcs =
    "    domain: tri\n    start: S\n    goal: G\n    algorithm: ucs\n    call: ucs(graph, start, "
    "goal)\n";

TEST(SearchKind, ValidatesEveryPartAndNamesTheKey) {
  EXPECT_EQ(validation_error(spec_with(kUcs + "    judge: {path: true, optimal: true}\n")),
            "no error");
  EXPECT_THAT(
      validation_error(spec_with("    domain: trii\n    start: S\n    goal: G\n"
                                 "    algorithm: ucs\n    call: ucs(graph, start, goal)\n")),
      HasSubstr("no domain 'trii' in the spec's `domains` (did you mean 'tri'?)"));
  EXPECT_THAT(
      validation_error(spec_with("    domain: tri\n    start: S\n    goal: G\n"
                                 "    algorithm: usc\n    call: ucs(graph, start, goal)\n")),
      HasSubstr("no algorithm 'usc'"));
  EXPECT_THAT(validation_error(spec_with(kUcs + "    judge: {path: true, expansions: exact}\n")),
              HasSubstr("the function adapter gives nothing to judge `expansions` on"));
  EXPECT_THAT(validation_error(spec_with(kUcs + "    judge: {optimal: true}\n")),
              HasSubstr("grades `path`, which its `judge` does not judge"));
  EXPECT_THAT(
      validation_error(spec_with("    domain: tri\n    start: S\n    goal: Z\n"
                                 "    algorithm: ucs\n    call: ucs(graph, start, goal)\n")),
      HasSubstr("the goal 'Z' is not a node of the graph 'tri'"));
  EXPECT_THAT(validation_error(spec_with("    domain: tri\n    start: S\n    goal: G\n"
                                         "    algorithm: ucs\n    call: ucs(grap, start)\n")),
              HasSubstr("call: unknown argument 'grap' (did you mean 'graph'?)"));
  EXPECT_THAT(validation_error(spec_with(
                  "    domain: bad_h\n    start: S\n    goal: G\n"
                  "    algorithm: lazy_astar\n    call: astar(graph, start, goal, heuristic)\n"
                  "    judge: {path: true, optimal: true}\n")),
              HasSubstr("the algorithm's own path costs 6, but the cheapest costs 5"));
  EXPECT_THAT(validation_error(
                  spec_with("    domain: tri\n    start: S\n    goal: G\n    algorithm: bfs\n"
                            "    call: bfs(problem)\n    judge: {path: true, expansions: ties}\n",
                            "{type: problem_object}")),
              HasSubstr("expansions: ties is for uniform-cost, greedy and A*"));
}

TEST(SearchKind, JudgesAReturnedPathAndCost) {
  const Assignment assignment =
      spec_with(kUcs + "    judge: {path: true, optimal: true, cost: true}\n");
  const SearchKind kind;
  const TestSpec& test = assignment.tests.back();
  TestOutcome outcome =
      kind.evaluate(assignment, test, driver_output(R"({"$tuple": [["S", "A", "G"], 2]})"));
  EXPECT_EQ(outcome.verdict, Verdict::accepted);
  for (const auto& item : outcome.aspects) EXPECT_TRUE(item.passed) << item.aspect << item.feedback;
  EXPECT_EQ(outcome.call, "ucs(<graph tri>, 'S', 'G')");

  outcome = kind.evaluate(assignment, test, driver_output(R"([["S", "G"], 4])"));
  EXPECT_TRUE(aspect(outcome, "path").passed);
  EXPECT_THAT(aspect(outcome, "optimal").feedback,
              HasSubstr("the path costs 5, but the cheapest path costs 2"));
  EXPECT_THAT(aspect(outcome, "cost").feedback,
              HasSubstr("reported cost is 4, but the path's steps add up to 5"));

  outcome = kind.evaluate(assignment, test, driver_output(R"([["S", "X", "G"], 2])"));
  EXPECT_THAT(aspect(outcome, "path").feedback, HasSubstr("step 1: 'X' is not one step from S"));

  outcome = kind.evaluate(assignment, test, driver_output("[null, null]"));
  EXPECT_THAT(aspect(outcome, "path").feedback,
              HasSubstr("no path was given, but the goal can be reached"));

  outcome = kind.evaluate(assignment, test, driver_output(R"("S")"));
  EXPECT_THAT(aspect(outcome, "path").feedback, HasSubstr("expected a (path, cost) pair"));
}

TEST(SearchKind, JudgesAProblemObjectsExpansions) {
  const Assignment assignment = spec_with(
      "    domain: tri\n    start: S\n    goal: G\n    algorithm: lazy_astar\n"
      "    call: aStarSearch(problem, heuristic)\n"
      "    judge: {path: true, optimal: true, expansions: ties}\n",
      "{type: problem_object}");
  const SearchKind kind;
  const TestSpec& test = assignment.tests.back();
  const Invocation invocation = kind.invocation(assignment, test, GradingContext{});
  const auto request = nlohmann::json::parse(*invocation.stdin_data);
  ASSERT_EQ(request["steps"].size(), 3u);
  EXPECT_EQ(request["steps"][0]["value"]["$fn"], "search_problem");
  EXPECT_EQ(request["steps"][0]["value"]["successors"]["S"].size(), 3u);
  EXPECT_EQ(request["steps"][1]["args"][1]["$fn"], "table_heuristic");

  Observation observation = driver_output(R"(["A", "G"])");
  // Steps 1 (the call) and 2 (the recorded expansions): rewrite the stream for three steps.
  observation.stdout_stream.data =
      R"({"sg": "hello", "protocol": 1, "python": "3.11.2"})"
      "\n"
      R"({"sg": "import", "ok": true, "seconds": 0.01, "stdout": "", "stderr": ""})"
      "\n"
      R"({"sg": "step", "index": 0, "ok": true, "value": null, "stdout": "", "seconds": 0})"
      "\n"
      R"({"sg": "step", "index": 1, "ok": true, "value": ["A", "G"], "stdout": "", "seconds": 0})"
      "\n"
      R"({"sg": "step", "index": 2, "ok": true, "value": ["S", "B", "A"], "stdout": "", "seconds": 0})"
      "\n"
      R"({"sg": "done"})"
      "\n";
  TestOutcome outcome = kind.evaluate(assignment, test, observation);
  for (const auto& item : outcome.aspects) EXPECT_TRUE(item.passed) << item.aspect << item.feedback;
}

}  // namespace search_kind_test
}  // namespace
}  // namespace sg

namespace sg {
namespace {
namespace search_kind_test {

TEST(SearchKind, NamesTheLikelyMistakeWhenTheAnswerIsAMutants) {
  const Assignment assignment =
      spec_with(kUcs + "    judge: {path: true, optimal: true, cost: true}\n");
  const SearchKind kind;
  const TestSpec& test = assignment.tests.back();
  // S-G (cost 5) is what uniform-cost search returns when it tests the goal at generation (G is
  // generated with S's successors) and when it orders by depth.
  TestOutcome outcome = kind.evaluate(assignment, test, driver_output(R"([["S", "G"], 5])"));
  EXPECT_FALSE(aspect(outcome, "optimal").passed);
  EXPECT_THAT(outcome.feedback,
              HasSubstr("Likely mistake: your path matches uniform-cost search that tests the "
                        "goal when a node is generated, not when it is expanded"));
  EXPECT_THAT(outcome.feedback, HasSubstr("orders the frontier by depth"));

  // A wrong answer no mutant gives: no guess.
  outcome = kind.evaluate(assignment, test, driver_output(R"([["S", "A", "G"], 7])"));
  EXPECT_FALSE(aspect(outcome, "cost").passed);
  EXPECT_THAT(outcome.feedback, ::testing::Not(HasSubstr("Likely mistake")));
}

TEST(SearchKind, JudgesEachMutantAsAStudent) {
  const Assignment assignment =
      spec_with(kUcs + "    judge: {path: true, optimal: true, cost: true}\n");
  const auto mutants = SearchKind().mutant_outcomes(assignment, assignment.tests.back());
  std::map<std::string, bool> optimal;
  for (const auto& mutant : mutants)
    optimal[mutant.mutant] = aspect(mutant.outcome, "optimal").passed;
  ASSERT_TRUE(optimal.count("goal_test_at_generation"));
  EXPECT_FALSE(optimal["goal_test_at_generation"]);
  EXPECT_FALSE(optimal["ucs_by_depth"]);
  EXPECT_TRUE(optimal["successors_reversed"]);      // the same cheapest cost either way
  EXPECT_FALSE(optimal.count("closes_too_early"));  // not an A* that reopens
}

// The textbook's figures are named policies (issue 60): an unknown one, or a strategy the
// figure is not, is named with what is known.
TEST(SearchKind, AFigureIsANamedPolicyOfTheBook) {
  const std::string aima = "{type: problem_object, api: aima, returns: path}";
  EXPECT_EQ(validation_error(spec_with("    domain: tri\n    start: S\n    goal: G\n"
                                       "    algorithm: {figure: aima4e-3.7, strategy: ucs}\n"
                                       "    call: uniform_cost_search(problem)\n"
                                       "    judge: {path: true, expansions: ties}\n",
                                       aima)),
            "no error");
  EXPECT_THAT(validation_error(spec_with("    domain: tri\n    start: S\n    goal: G\n"
                                         "    algorithm: {figure: aima4e-3.8}\n"
                                         "    call: uniform_cost_search(problem)\n",
                                         aima)),
              HasSubstr("figure must be one of aima3e-3.11, aima3e-3.14"));
  EXPECT_THAT(validation_error(spec_with("    domain: tri\n    start: S\n    goal: G\n"
                                         "    algorithm: {figure: aima4e-3.9, strategy: ucs}\n"
                                         "    call: uniform_cost_search(problem)\n",
                                         aima)),
              HasSubstr("figure aima4e-3.9 is AIMA 4th edition, breadth-first search"));
}

// A search that returns the book's Node is read along its parents; the book's `failure` node
// is "no path" (issue 60).
TEST(SearchKind, ReadsTheBooksNodeAndItsFailure) {
  const Assignment assignment = spec_with(
      "    domain: tri\n    start: S\n    goal: G\n"
      "    algorithm: {figure: aima4e-3.7, strategy: ucs}\n"
      "    call: uniform_cost_search(problem)\n"
      "    judge: {path: true, optimal: true, expansions: ties}\n",
      "{type: problem_object, api: aima, returns: path}");
  const SearchKind kind;
  const TestSpec& test = assignment.tests.back();
  const auto transcript = [](const std::string& returned) {
    Observation observation;
    observation.termination = Termination::exited;
    observation.stdout_stream.data =
        R"({"sg": "hello", "protocol": 1, "python": "3.11.2"})"
        "\n"
        R"({"sg": "import", "ok": true, "seconds": 0.01, "stdout": "", "stderr": ""})"
        "\n"
        R"({"sg": "step", "index": 0, "ok": true, "value": null, "stdout": "", "seconds": 0})"
        "\n"
        R"({"sg": "step", "index": 1, "ok": true, "value": )" +
        returned +
        R"(, "stdout": "", "seconds": 0})"
        "\n"
        R"({"sg": "step", "index": 2, "ok": true, "value": ["S", "A", "B"], "stdout": "", "seconds": 0})"
        "\n"
        R"({"sg": "done"})"
        "\n";
    return observation;
  };
  TestOutcome outcome = kind.evaluate(
      assignment, test,
      transcript(R"({"$node": {"states": ["S", "A", "G"], "actions": [null, null], )"
                 R"("path_cost": 2, "via": "parent", "special": null, "repr": "<G>"}})"));
  for (const auto& item : outcome.aspects) EXPECT_TRUE(item.passed) << item.aspect << item.feedback;
  EXPECT_THAT(fmt::format("{}", fmt::join(outcome.notes, "\n")),
              HasSubstr("the search returned a node (<G>); its path read along its parents: 3 "
                        "states"));

  outcome = kind.evaluate(
      assignment, test,
      transcript(R"({"$node": {"states": ["failure"], "actions": [], "path_cost": null, )"
                 R"("via": "parent", "special": "failure", "repr": "<failure>"}})"));
  EXPECT_FALSE(aspect(outcome, "path").passed);
  EXPECT_THAT(aspect(outcome, "path").feedback, HasSubstr("no path was given"));
}

TEST(SearchKind, ATestThatJudgesOptimalityNeedsAnAdmissibleHeuristic) {
  // tri's table is admissible; with h(A) = 3 it overestimates A's cheapest cost to G (1).
  Assignment assignment = spec_with(
      "    domain: tri\n    start: S\n    goal: G\n    algorithm: astar\n"
      "    call: astar(graph, start, goal, heuristic)\n    judge: {path: true, optimal: true}\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  assignment.domains["tri"].value["heuristic"]["A"] = 3;  // h*(A) = 1
  EXPECT_THAT(validation_error(assignment),
              HasSubstr("the heuristic of domain 'tri' is not admissible: h(A) = 3, but the "
                        "cheapest path from A to a goal costs 1"));
}

TEST(SearchKind, ExpectedOutputIsTheReferencesPath) {
  const Assignment assignment = spec_with(kUcs);
  EXPECT_EQ(SearchKind().expected_output(assignment, assignment.tests.back()),
            "path (2 steps, cost 2): S, A, G");
}

// A route planner asked for a town its map lacks: the program adapter's `reject` test runs it
// with the start as written and judges the refusal.
TEST(SearchKind, ARejectTestRunsTheProgramWithAStartTheGraphLacks) {
  const auto spec = [](const std::string& start, const std::string& extra = "") {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: route, exit_status: ignored}
domains:
  roads: {type: graph, edges: [[Arad, Sibiu, 140], [Sibiu, Fagaras, 99]]}
adapter:
  type: program
  args: ["{input}", "{algorithm}", "{start}", "{goal}"]
  input: roads.txt
  input_text: "{graph}"
  output: {path: "^Path: (?<path>.*)$", no_path: "^No path"}
rubric: [{id: refuse, points: 1}]
tests:
  - id: t
    kind: search
    domain: roads
    goal: Fagaras
    algorithm: ucs
    reject: true
    grades: {rejection: refuse}
)yaml" + start + extra,
                                 "specs/demo.yaml");
  };
  const SearchKind kind;
  const Assignment atlantis = spec("    start: Atlantis\n");
  const TestSpec& test = atlantis.tests.back();
  kind.validate(atlantis, test);
  GradingContext context;
  context.program_command = {"route"};
  const Invocation invocation = kind.invocation(atlantis, test, context);
  EXPECT_THAT(invocation.argv,
              ::testing::ElementsAre("route", "roads.txt", "ucs", "Atlantis", "Fagaras"));
  EXPECT_THAT(invocation.written_files.at(0).content, HasSubstr("Sibiu Fagaras 99"));
  EXPECT_TRUE(kind.evaluate(atlantis, test, test_util::exited("unknown city: Atlantis\n", 2))
                  .aspects.at(0)
                  .passed);
  EXPECT_TRUE(kind.evaluate(atlantis, test, test_util::exited("No path\n")).aspects.at(0).passed)
      << "saying there is no path is saying something about it";
  const TestOutcome solved =
      kind.evaluate(atlantis, test, test_util::exited("Path: Atlantis Sibiu Fagaras\n"));
  EXPECT_THAT(
      solved.feedback,
      HasSubstr("given the invalid input Atlantis: the input is invalid, "
                "but the program printed a solution: `Path: Atlantis Sibiu Fagaras` (line 1)"));
  const TestOutcome crashed = kind.evaluate(
      atlantis, test, test_util::exited("", 1, "Traceback (most recent call last):\nKeyError\n"));
  EXPECT_EQ(crashed.verdict, Verdict::runtime_error);
  EXPECT_TRUE(kind.mutant_outcomes(atlantis, test).empty());

  EXPECT_THAT(validation_error(spec("    start: Arad\n")),
              HasSubstr("demo.yaml:21:12: the reference reads this as a valid input"));
  EXPECT_THAT(validation_error(spec("    start: Atlantis\n", "    judge: {path: true}\n")),
              HasSubstr("a `reject` test has no `judge`"));
}

// A program that reports every search in one run: each test reads its own section, found by the
// adapter's header pattern; the other sections' paths are not its.
TEST(SearchKind, AProgramsSectionIsReadAlone) {
  const auto spec = [](const std::string& output, const std::string& test) {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: route}
domains:
  roads: {type: graph, edges: [[Arad, Sibiu, 140], [Sibiu, Fagaras, 99], [Arad, Fagaras, 300]]}
adapter:
  type: program
  args: ["{start}", "{goal}"]
  output: )yaml" + output + R"yaml(
rubric: [{id: ucs, points: 1}]
tests:
  - id: t
    kind: search
    domain: roads
    start: Arad
    goal: Fagaras
    algorithm: ucs
    judge: {path: true, optimal: true}
    grades: {path: ucs, optimal: ucs}
)yaml" + test,
                                 "specs/demo.yaml");
  };
  const std::string sections =
      R"({section: "^== (?<section>.+) ==$", path: "^Path: (?<path>.*)$", no_path: "^No path"})";
  const Assignment ucs = spec(sections, "    section: ucs\n");
  const TestSpec& test = ucs.tests.back();
  const SearchKind kind;
  kind.validate(ucs, test);
  const std::string both = "== BFS ==\nPath: Arad Fagaras\n== UCS ==\nPath: Arad Sibiu Fagaras\n";
  const TestOutcome read = kind.evaluate(ucs, test, test_util::exited(both));
  EXPECT_TRUE(test_util::aspect(read, "optimal").passed) << read.feedback;
  EXPECT_THAT(read.observed, HasSubstr("section `UCS` (lines 3 to 5)"));
  EXPECT_FALSE(
      test_util::aspect(kind.evaluate(ucs, test,
                                      test_util::exited("== UCS ==\nPath: Arad Fagaras\n== BFS "
                                                        "==\nPath: Arad Sibiu Fagaras\n")),
                        "optimal")
          .passed)
      << "the BFS section's cheaper path is not the UCS section's";
  EXPECT_THAT(
      test_util::aspect(kind.evaluate(ucs, test, test_util::exited("== BFS ==\nNo path\n")), "path")
          .feedback,
      HasSubstr("the output has no section `ucs` (a line matching `^== (?<section>.+) ==$`); "
                "its sections: BFS"));

  EXPECT_THAT(validation_error(spec(R"({path: "^Path: (?<path>.*)$"})", "    section: UCS\n")),
              HasSubstr("section: the adapter's `output` needs `section`"));
  EXPECT_THAT(validation_error(spec(R"({section: "^== (?<name>.+) ==$"})", "")),
              HasSubstr("the section pattern needs a group named `section`"));
  EXPECT_THAT(validation_error(spec(sections, "    section: [UCS]\n")),
              HasSubstr("section: the name of the output's section"));
}

// A 4 x 4 board of the spec's `domains`: `optimal` is judged against its shortest solution
// (domains/board_optimum.h), out of uniform-cost search's reach on the 15-puzzle's space.
TEST(SearchKind, JudgesOptimalityOnABoardOfTheSpecsDomains) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: tiles}
domains:
  fifteen:
    type: sliding_tile
    rows: 4
    cols: 4
    goal: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]
    heuristic: manhattan
adapter: {type: function}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: search
    domain: fifteen
    start: [1, 10, 2, 3, 5, 11, 6, 4, 9, 8, 0, 7, 13, 14, 15, 12]
    algorithm: astar
    call: "solve(start)"
    judge: {path: true, optimal: true}
    grades: {path: a, optimal: a}
)yaml",
                                                      "specs/demo.yaml");
  const SearchKind kind;
  const TestSpec& test = assignment.tests.back();
  kind.validate(assignment, test);
  const TestOutcome outcome = kind.evaluate(assignment, test, driver_output("[]"));
  EXPECT_FALSE(aspect(outcome, "optimal").passed);
  EXPECT_THAT(aspect(outcome, "optimal").feedback, HasSubstr("the reference finds"));
  EXPECT_THAT(outcome.expected, HasSubstr("path (14 steps, cost 14)"));
}

// A program that prints its path a step per line (`lines: each`): every matching line gives its
// step, in order; a board's moves are the blank's.
TEST(SearchKind, AProgramsPathPrintedAStepPerLine) {
  const auto spec = [](const std::string& path) {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: solve}
domains:
  small: {type: sliding_tile, rows: 2, cols: 2, goal: [0, 1, 2, 3]}
adapter:
  type: program
  args: ["{start}"]
  output: {path: )yaml" + path + R"yaml(}
rubric: [{id: a, points: 1}]
tests:
  - {id: t, kind: search, domain: small, start: [1, 3, 2, 0], algorithm: bfs, grades: {path: a}}
)yaml",
                                 "specs/demo.yaml");
  };
  const Assignment moves =
      spec(R"p({pattern: "^:action :(?<path>[a-z]+)", form: actions, lines: each})p");
  const SearchKind kind;
  kind.validate(moves, moves.tests.back());
  const std::string printed = "Boards Generated: 3\n:action :up\nnoise\n:action :left\n";
  const TestOutcome read = kind.evaluate(moves, moves.tests.back(), test_util::exited(printed));
  EXPECT_TRUE(aspect(read, "path").passed) << aspect(read, "path").feedback;
  EXPECT_FALSE(
      aspect(kind.evaluate(moves, moves.tests.back(), test_util::exited(":action :up\n")), "path")
          .passed);
  EXPECT_THAT(validation_error(spec(R"p({pattern: "(?<path>.*)", lines: all})p")),
              HasSubstr("output.path.lines: one (the whole path on one line) or each"));
}

}  // namespace search_kind_test
}  // namespace
}  // namespace sg
