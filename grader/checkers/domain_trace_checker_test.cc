#include "checkers/domain_trace_checker.h"

#include <gtest/gtest.h>

#include <memory>

#include "reference/graph_problem.h"
#include "reference/queue_length.h"
#include "reference/search.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace domain_trace_checker_test {

// S-A-G costs 2, S-G costs 5, S-B-G costs 2 as well; h is admissible.
ref::GraphProblem small_graph() {
  auto graph = std::make_shared<ref::Graph>();
  graph->edges = {{"S", "A", 1, ""},
                  {"S", "B", 1, ""},
                  {"S", "G", 5, ""},
                  {"A", "G", 1, ""},
                  {"B", "G", 1, ""}};
  graph->heuristic = {{"S", 2}, {"A", 1}, {"B", 1}};
  return ref::GraphProblem(graph, "S", {"G"}, ref::GraphSuccessorOrder::alphabetical);
}

StateNotation names(const ref::Problem& problem) {
  return {[&problem](std::string_view text) -> std::optional<ref::State> {
            std::string state(text);
            if (state.size() > 1 && state.front() == '\'')
              state = state.substr(1, state.size() - 2);
            if (problem.is_state(state)) return state;
            return std::nullopt;
          },
          [](const ref::State& state) { return state; }};
}

DomainListingExpected listing(const ref::GraphProblem& problem) {
  return {"S",
          problem.successors("S"),
          LineTemplate("{state} cost={cost} h={h}", listing_fields()),
          "in alphabetical order",
          {}};
}

TEST(DomainListingCheckTest, TheReferenceListingPassesEveryAspect) {
  const auto problem = small_graph();
  const auto expected = listing(problem);
  const std::string text = expected_listing_text(problem, expected, names(problem));
  EXPECT_EQ(text, "A cost=1 h=1\nB cost=1 h=1\nG cost=5 h=0\n");
  const auto check = check_domain_listing(problem, expected, names(problem), text);
  EXPECT_TRUE(check.successors.passed) << check.successors.feedback;
  EXPECT_TRUE(check.order.passed) << check.order.feedback;
  EXPECT_TRUE(check.format.passed) << check.format.feedback;
}

TEST(DomainListingCheckTest, NamesAMissingSuccessorAWrongFigureAndTheOrder) {
  const auto problem = small_graph();
  const auto expected = listing(problem);
  const auto check =
      check_domain_listing(problem, expected, names(problem), "B cost=1.0 h=1\nA cost=1 h=2\n");
  EXPECT_FALSE(check.successors.passed);
  EXPECT_EQ(check.successors.feedback,
            "1 successor of S is not printed: G\nline 2: A: h is 2, should be 1");
  EXPECT_FALSE(check.order.passed);
  EXPECT_EQ(check.order.feedback,
            "line 2: A is printed after B (line 1), but successors must be printed in "
            "alphabetical order");
  EXPECT_TRUE(check.format.passed) << "1.0 reads as 1, as Python's floats print";
}

// What only the domain knows it says through its hints: the move that makes a missing
// successor, and the slip every wrong h is explained by.
TEST(DomainListingCheckTest, TheDomainsHintsNameAMissingStepAndTheSlipBehindEveryWrongH) {
  const auto problem = small_graph();
  auto expected = listing(problem);
  expected.hints.describe_step = [](const ref::State& parent, const ref::Step& step) {
    return "the road from " + parent + " to " + step.state;
  };
  expected.hints.heuristic_slips.push_back({"h_is_seven", "prints 7 for h",
                                            [](const ref::State&) { return 7.0; },
                                            "every wrong h is 7: h must not be 7"});
  auto check =
      check_domain_listing(problem, expected, names(problem), "A cost=1 h=7\nB cost=1 h=7\n");
  EXPECT_EQ(check.successors.feedback,
            "1 successor of S is not printed: G (the road from S to G)\n"
            "line 1: A: h is 7, should be 1\n"
            "line 2: B: h is 7, should be 1\n"
            "hint: every wrong h is 7: h must not be 7");
  check = check_domain_listing(problem, expected, names(problem),
                               "A cost=1 h=7\nB cost=1 h=3\nG cost=5 h=0\n");
  EXPECT_EQ(check.successors.feedback.find("hint:"), std::string::npos)
      << "h=3 is not the slip's, so the slip does not explain every wrong h";
}

TEST(DomainListingCheckTest, TheStateItselfIsNoSuccessorAndItsRepeatIsNamedAsOne) {
  const auto problem = small_graph();
  const auto check = check_domain_listing(problem, listing(problem), names(problem),
                                          "A cost=1 h=1\nB cost=1 h=1\nG cost=5 h=0\n"
                                          "S cost=0 h=2\nS cost=0 h=2\n");
  EXPECT_EQ(check.successors.feedback,
            "line 4: S is the state itself, not a successor\n"
            "line 5: S is printed again (first on line 4)");
  EXPECT_TRUE(check.order.passed) << check.order.feedback;
}

// A state printed otherwise than the domain writes it (quoted, a numpy array) is still read:
// only the format fails, showing the line as it should read.
TEST(DomainListingCheckTest, AStateWrittenOtherwiseIsReadButFailsTheFormat) {
  const auto problem = small_graph();
  const auto check = check_domain_listing(problem, listing(problem), names(problem),
                                          "'A' cost=1 h=1\nB cost=1 h=1\nG cost=5 h=0\n");
  EXPECT_TRUE(check.successors.passed) << check.successors.feedback;
  EXPECT_FALSE(check.format.passed);
  EXPECT_EQ(check.format.feedback, "line 1: `'A' cost=1 h=1` should read `A cost=1 h=1`");
}

TEST(DomainListingCheckTest, PrintWithCommasReadsAsTheTemplate) {
  const auto problem = small_graph();
  const auto check = check_domain_listing(problem, listing(problem), names(problem),
                                          "A cost= 1 h= 1\nB cost = 1 h =1\nG cost=5 h=0\n");
  for (const auto* aspect : {&check.successors, &check.order, &check.format})
    EXPECT_TRUE(aspect->passed) << aspect->aspect << ": " << aspect->feedback;
}

TEST(DomainListingCheckTest, ALineOutsideTheTemplateFailsFormatAndIsNotRead) {
  const auto problem = small_graph();
  const auto check =
      check_domain_listing(problem, listing(problem), names(problem),
                           "expanding S\nA cost=1 h=1\nB cost=1 h=1\nG cost=5 h=0\n");
  EXPECT_TRUE(check.successors.passed);
  EXPECT_FALSE(check.format.passed);
  EXPECT_EQ(check.format.feedback,
            "line 1: `expanding S` does not read as `{state} cost={cost} h={h}`");
}

DomainPathExpected path_expected(const ref::GraphProblem& problem, QueueCountJudgement judged) {
  ref::SearchPolicy astar;
  astar.strategy = ref::Strategy::astar;
  const ref::SearchRun run = ref::search(problem, astar);
  const ref::QueueLengthRange range = ref::max_frontier_range(problem, astar);
  DomainPathExpected expected{run.path,
                              run.cost,
                              false,
                              LineTemplate("{state} h={h} g={g}", path_fields()),
                              LineTemplate("Max queue length: {max_frontier}", last_line_fields()),
                              MaxQueueLine::required,
                              judged,
                              run.max_frontier,
                              range.low,
                              range.high,
                              "A*",
                              "",
                              {}};
  return expected;
}

TEST(DomainPathCheckTest, TheReferenceTracePassesAndAnotherCheapestPathIsAccepted) {
  const auto problem = small_graph();
  const auto expected = path_expected(problem, QueueCountJudgement::range);
  const std::string text = expected_path_text(problem, expected, names(problem));
  EXPECT_EQ(text, "S h=2 g=0\nA h=1 g=1\nG h=0 g=2\nMax queue length: " +
                      std::to_string(expected.reference_max_frontier) + "\n");
  auto check = check_domain_path(problem, expected, names(problem), text);
  for (const auto* aspect : {&check.path, &check.heuristic, &check.format, &check.max_queue})
    EXPECT_TRUE(aspect->passed) << aspect->aspect << ": " << aspect->feedback;
  check = check_domain_path(problem, expected, names(problem),
                            "S h=2 g=0\nB h=1 g=1\nG h=0 g=2\nMax queue length: 3\n");
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  ASSERT_EQ(check.notes.size(), 1u);
}

// A right path printed in another layout keeps the path and, where the line still reads as
// the template with ':' for '=', its figures: only the format fails, showing the line as it
// should read. A line whose figures cannot be read at all keeps its state (read from the start
// of the line), and the heuristic aspect fails with the format.
TEST(DomainPathCheckTest, ARightPathOutOfFormatKeepsThePathAndWhatItsFiguresSay) {
  const auto problem = small_graph();
  const auto expected = path_expected(problem, QueueCountJudgement::range);
  const std::string count = std::to_string(expected.reference_max_frontier);
  auto check =
      check_domain_path(problem, expected, names(problem),
                        "S h: 2 g: 0\nA h: 1 g: 1\nG h: 0 g: 2\nMax queue length: " + count + "\n");
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_TRUE(check.heuristic.passed) << check.heuristic.feedback;
  EXPECT_FALSE(check.format.passed);
  EXPECT_EQ(check.format.feedback,
            "line 1: `S h: 2 g: 0` should read `S h=2 g=0` (and 2 more lines like it)");
  EXPECT_TRUE(check.max_queue.passed) << check.max_queue.feedback;

  check = check_domain_path(
      problem, expected, names(problem),
      "S (h 2, g 0)\nA (h 1, g 1)\nG (h 0, g 2)\nMax queue length: " + count + "\n");
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_FALSE(check.format.passed);
  EXPECT_EQ(check.format.feedback,
            "line 1: `S (h 2, g 0)` should read `S h=2 g=0` (and 2 more lines like it)");
  EXPECT_FALSE(check.heuristic.passed);
  EXPECT_EQ(check.heuristic.feedback,
            "line 1: its figures do not read as `{state} h={h} g={g}` (and 2 more lines like it)");
}

// Spaces around the template's fixed text are the student's to choose, and a debugging line
// (one that starts with '[' too) is passed over: named by the format, never read as the path.
TEST(DomainPathCheckTest, AnySpacingReadsAndADebugLineIsPassedOver) {
  const auto problem = small_graph();
  const auto expected = path_expected(problem, QueueCountJudgement::range);
  const std::string count = std::to_string(expected.reference_max_frontier);
  auto check =
      check_domain_path(problem, expected, names(problem),
                        "S h= 2 g= 0\nA h =1 g = 1\nG h=0 g=2\nMax queue length:" + count + "\n");
  for (const auto* aspect : {&check.path, &check.heuristic, &check.format, &check.max_queue})
    EXPECT_TRUE(aspect->passed) << aspect->aspect << ": " << aspect->feedback;

  check = check_domain_path(problem, expected, names(problem),
                            "[{'state': 'S', 'h': 2}, {'state': 'A', 'h': 1}]\nS h=2 g=0\nA h=1 "
                            "g=1\nG h=0 g=2\nMax queue length: " +
                                count + "\n");
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_TRUE(check.heuristic.passed) << check.heuristic.feedback;
  EXPECT_FALSE(check.format.passed);
  EXPECT_EQ(check.format.feedback,
            "line 1: `[{'state': 'S', 'h': 2}, {'state': 'A', 'h': 1}]` does not read as "
            "`{state} h={h} g={g}`");

  DomainPathExpected exact = expected;
  exact.line = LineTemplate("{state} h={h} g={g}", path_fields(), LineLayout::exact);
  check = check_domain_path(problem, exact, names(problem),
                            "S h= 2 g=0\nA h=1 g=1\nG h=0 g=2\nMax queue length: " + count + "\n");
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
  EXPECT_TRUE(check.heuristic.passed) << check.heuristic.feedback;
  EXPECT_FALSE(check.format.passed) << "the spec asks for the exact layout";
  EXPECT_EQ(check.format.feedback, "line 1: `S h= 2 g=0` should read `S h=2 g=0`");
}

TEST(DomainPathCheckTest, ADearerPathAWrongGAndAnImpossibleCountFailTheirAspectsOnly) {
  const auto problem = small_graph();
  const auto check =
      check_domain_path(problem, path_expected(problem, QueueCountJudgement::range), names(problem),
                        "S h=2 g=0\nG h=0 g=0\nMax queue length: -1\n");
  EXPECT_FALSE(check.path.passed);
  EXPECT_EQ(check.path.feedback, "the path costs 5; the cheapest costs 2");
  EXPECT_FALSE(check.heuristic.passed);
  EXPECT_EQ(check.heuristic.feedback, "line 2: G: g is 0, should be 5");
  EXPECT_TRUE(check.format.passed);
  EXPECT_FALSE(check.max_queue.passed);
  EXPECT_NE(check.max_queue.feedback.find(
                "Max queue length -1 cannot be a frontier's largest length: the start alone puts "
                "one entry on the frontier (a correct A* on this state reaches"),
            std::string::npos)
      << check.max_queue.feedback;
}

// A domain that counts moves says a path's length in them, and why the algorithm's must be
// the shortest.
TEST(DomainPathCheckTest, ALongerPathIsCountedInTheDomainsStepsWithTheAlgorithmsRule) {
  const auto problem = small_graph();
  auto expected = path_expected(problem, QueueCountJudgement::range);
  expected.hints.step_word = "move";
  expected.optimality = "A* with an admissible heuristic must find a shortest path";
  const auto check = check_domain_path(problem, expected, names(problem),
                                       "S h=2 g=0\nG h=0 g=5\nMax queue length: 3\n");
  EXPECT_EQ(check.path.feedback,
            "your path takes 5 moves, but the shortest takes 2: A* with an admissible heuristic "
            "must find a shortest path");
}

// A path numbered from 1 is misnumbered on every line: the path's fault, not its figures'.
TEST(DomainPathCheckTest, AnOffByOneNumberingFailsThePath) {
  const auto problem = small_graph();
  auto expected = path_expected(problem, QueueCountJudgement::feedback);
  expected.line = LineTemplate("{state} h={h} moves: {depth}", path_fields());
  auto check = check_domain_path(problem, expected, names(problem),
                                 "S h=2 moves: 1\nA h=1 moves: 2\nG h=0 moves: 3\n");
  EXPECT_EQ(check.path.feedback,
            "line 1: moves should be 0 (the number of steps from the start), not 1");
  EXPECT_TRUE(check.heuristic.passed) << check.heuristic.feedback;
  check = check_domain_path(problem, expected, names(problem),
                            "S h=2 moves: 0\nA h=1 moves: 1\nG h=0 moves: 2\n");
  EXPECT_TRUE(check.path.passed) << check.path.feedback;
}

TEST(DomainPathCheckTest, AMissingRequiredLastLineAndAnIllegalStepAreNamed) {
  const auto problem = small_graph();
  const auto check = check_domain_path(problem, path_expected(problem, QueueCountJudgement::exact),
                                       names(problem), "S h=2 g=0\nX h=0 g=1\n");
  EXPECT_EQ(check.path.feedback, "line 2: X is not a state of this problem");
  EXPECT_EQ(check.format.feedback, "the last line must be `Max queue length: {max_frontier}`");
  EXPECT_FALSE(check.max_queue.passed);
}

}  // namespace domain_trace_checker_test
}  // namespace
}  // namespace sg
