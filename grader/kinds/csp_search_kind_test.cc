#include "kinds/csp_search_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace csp_search_kind_test {

using test_util::aspect;
using test_util::driver_returned;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(
      R"yaml(spec_version: 1
assignment: {id: csp}
submission: {language: python, module: csp}
rubric: [{id: search, points: 1}]
tests:
  - id: t
    kind: csp_search
)yaml" + test_keys +
          (test_keys.find("grades:") == std::string::npos ? "    grades: {assignments: search}\n"
                                                          : ""),
      "specs/csp.yaml");
}

// Australia with the book's defaults: SA, WA, NT, Q, NSW, V, T coloured in that order.
const char* const kAustraliaSteps =
    R"([["SA", "red"], ["WA", "green"], ["NT", "blue"], ["Q", "green"], ["NSW", "blue"], ["V", "green"], ["T", "red"]])";
const char* const kAustraliaSolution =
    R"({"SA": "red", "WA": "green", "NT": "blue", "Q": "green", "NSW": "blue", "V": "green", "T": "red"})";

TEST(CspSearchKind, TheBooksBacktrackingIsJudgedByWhatItAssigned) {
  const Assignment assignment = spec_with(
      "    csp: {map: australia}\n    call: {function: backtracking_search}\n"
      "    grades: {solution: search, assignments: search}\n");
  const CspSearchKind kind;
  kind.validate(assignment, assignment.tests.back());
  const TestSpec& test = assignment.tests.back();
  const TestOutcome right = kind.evaluate(
      assignment, test, driver_returned({"null", "null", kAustraliaSolution, kAustraliaSteps}));
  EXPECT_TRUE(aspect(right, "solution").passed) << aspect(right, "solution").feedback;
  EXPECT_TRUE(aspect(right, "assignments").passed) << aspect(right, "assignments").feedback;
  EXPECT_EQ(right.call, "backtracking_search(csp)");
  // WA before SA: the first difference is named, with both orders.
  const TestOutcome swapped = kind.evaluate(
      assignment, test,
      driver_returned(
          {"null", "null", kAustraliaSolution,
           R"([["WA", "green"], ["SA", "red"], ["NT", "blue"], ["Q", "green"], ["NSW", "blue"], ["V", "green"], ["T", "red"]])"}));
  EXPECT_TRUE(aspect(swapped, "solution").passed);
  EXPECT_FALSE(aspect(swapped, "assignments").passed);
  EXPECT_THAT(aspect(swapped, "assignments").feedback,
              HasSubstr("assignment 1: your search assigned 'WA' = 'green'; the reference "
                        "(backtracking with variables first_unassigned"));
  EXPECT_THAT(aspect(swapped, "assignments").feedback, HasSubstr("assigns 'SA' = 'red'"));
  // Two neighbours alike: the broken constraint is named; None where a solution exists.
  const TestOutcome clash = kind.evaluate(
      assignment, test,
      driver_returned(
          {"null", "null",
           R"({"SA": "red", "WA": "red", "NT": "blue", "Q": "green", "NSW": "blue", "V": "green", "T": "red"})",
           kAustraliaSteps}));
  EXPECT_FALSE(aspect(clash, "solution").passed);
  EXPECT_THAT(aspect(clash, "solution").feedback, HasSubstr("WA = red"));
  const TestOutcome none =
      kind.evaluate(assignment, test, driver_returned({"null", "null", "null", "[]"}));
  EXPECT_THAT(aspect(none, "solution").feedback, HasSubstr("returned None"));
  EXPECT_THAT(aspect(none, "assignments").feedback, HasSubstr("made 0 assignment(s)"));
}

TEST(CspSearchKind, NQueensIsHandedOverInTheBooksIntegersAndAcceptedPoliciesPass) {
  // 4-queens, first unassigned, rows in order (worked by hand: Q2 then Q1 run out of rows under
  // Q0 = 0, and Q0 = 1 succeeds), as the driver would report them, pass; under MRV with the
  // book's random ties they are accepted only because `accept` lists the variables' order.
  const Assignment plain = spec_with(
      "    csp: {nqueens: 4}\n    call: {function: backtracking_search}\n"
      "    judge: {assignments: true}\n");
  const CspSearchKind kind;
  const std::string expected = kind.expected_output(plain, plain.tests.back());
  EXPECT_THAT(expected, HasSubstr("returns: 0 = 1, 1 = 3, 2 = 0, 3 = 2"));
  const Assignment accepting = spec_with(
      "    csp: {nqueens: 4}\n    call: {function: backtracking_search, kwargs: "
      "{select_unassigned_variable: mrv}}\n    policies: {variables: aima_mrv}\n"
      "    accept: [{variables: first_unassigned}]\n    seed: 3\n"
      "    judge: {assignments: true}\n");
  kind.validate(accepting, accepting.tests.back());
  const std::string steps = R"([[0, 0], [1, 2], [1, 3], [2, 1], [0, 1], [1, 3], [2, 0], [3, 2]])";
  const TestOutcome in_order =
      kind.evaluate(plain, plain.tests.back(), driver_returned({"null", "null", "null", steps}));
  ASSERT_TRUE(aspect(in_order, "assignments").passed) << aspect(in_order, "assignments").feedback;
  const TestOutcome accepted = kind.evaluate(accepting, accepting.tests.back(),
                                             driver_returned({"null", "null", "null", steps}));
  EXPECT_TRUE(aspect(accepted, "assignments").passed);
  EXPECT_THAT(aspect(accepted, "assignments").feedback, HasSubstr("a policy the test accepts"));
}

TEST(CspSearchKind, MutantsDropAPolicyTheTestNames) {
  const Assignment assignment = spec_with(
      "    csp: {nqueens: 6}\n    call: {function: backtracking_search, kwargs: "
      "{inference: forward_checking}}\n    policies: {inference: forward_checking}\n");
  std::vector<std::string> ids;
  for (const MutantOutcome& mutant :
       CspSearchKind().mutant_outcomes(assignment, assignment.tests.back()))
    ids.push_back(mutant.mutant);
  EXPECT_THAT(ids, UnorderedElementsAre("no_inference"));
  // Min-conflicts repairing any variable draws other steps: its assignments are caught.
  const Assignment repairing = spec_with(
      "    csp: {nqueens: 8}\n    algorithm: min_conflicts\n    call: {function: min_conflicts}\n"
      "    seed: 3\n");
  const auto mutants = CspSearchKind().mutant_outcomes(repairing, repairing.tests.back());
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(mutants.front().mutant, "any_variable");
  EXPECT_FALSE(aspect(mutants.front().outcome, "assignments").passed);
}

TEST(CspSearchKind, ASpecsMistakesAreNamedWhereTheyAre) {
  const CspSearchKind kind;
  const auto error = [&](const std::string& keys) {
    const Assignment assignment = spec_with(keys);
    return test_util::validation_error(kind, assignment, assignment.tests.back());
  };
  EXPECT_THAT(error("    csp: {map: australia}\n    call: {function: bt}\n"
                    "    policies: {variables: fastest}\n"),
              HasSubstr("variables: one of first_unassigned, mrv, mrv_degree, aima_mrv"));
  EXPECT_THAT(error("    csp: {map: australia}\n    call: {function: bt, kwargs: {x: [1]}}\n"),
              HasSubstr("kwargs.x: a function of the submission's module"));
  EXPECT_THAT(error("    csp: {map: australia}\n    call: {function: mc}\n"
                    "    algorithm: min_conflicts\n    policies: {variables: mrv}\n"),
              HasSubstr("policies: backtracking's"));
  EXPECT_THAT(error("    csp: {map: australia}\n    call: {function: bt}\n    max_steps: 5\n"),
              HasSubstr("max_steps: min-conflicts' limit"));
  EXPECT_THAT(error("    csp: {map: mars}\n    call: {function: bt}\n"),
              HasSubstr("map: australia"));
}

}  // namespace csp_search_kind_test
}  // namespace
}  // namespace sg
