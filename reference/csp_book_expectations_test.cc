// What AIMA's own tests of its CSP code (aima-python's tests/test_csp.py) assert, where the
// reference can say it exactly: backtracking solves Australia under every policy, min-conflicts
// solves it and gives up where no solution exists, and AC-3 finds the inconsistency of the book's
// two-variable example and keeps the arc-consistent values of the consistent one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/csp_problems.h"
#include "reference/csp_search.h"
#include "reference/min_conflicts.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace csp_book_expectations_test {

using ::testing::ElementsAre;

TEST(BookCspTests, BacktrackingColoursAustraliaUnderEveryPolicy) {
  const Csp csp = australia_csp();
  for (const auto variables : {VariableOrder::first_unassigned, VariableOrder::mrv,
                               VariableOrder::mrv_degree, VariableOrder::aima_mrv})
    for (const auto values : {ValueOrder::domain, ValueOrder::lcv, ValueOrder::aima_lcv})
      for (const auto inference : {Inference::none, Inference::forward_checking, Inference::mac})
        for (const auto restore : {DomainRestore::snapshot, DomainRestore::append}) {
          BacktrackingPolicy policy{variables, values, inference, restore};
          const BacktrackingRun run = backtracking_search(csp, policy);
          ASSERT_TRUE(run.solved);
          EXPECT_FALSE(csp.violated(run.solution).has_value());
        }
}

TEST(BookCspTests, MinConflictsColoursAustraliaAndGivesUpWhereNoSolutionExists) {
  for (const std::int64_t seed : {0, 1, 2}) {
    PythonRandom random(seed);
    const MinConflictsRun run = min_conflicts(australia_csp(), random);
    ASSERT_TRUE(run.solved);
    EXPECT_FALSE(australia_csp().violated(run.assignment).has_value());
  }
  // Two colours for Australia, and two or three queens: no solution, so None after 1000 steps.
  PythonRandom random(0);
  EXPECT_FALSE(min_conflicts(australia_csp({"R", "G"}), random, 1000).solved);
  EXPECT_FALSE(min_conflicts(nqueens_csp(2), random, 1000).solved);
  EXPECT_FALSE(min_conflicts(nqueens_csp(3), random, 1000).solved);
  // Backtracking says the same, without a step limit.
  EXPECT_FALSE(backtracking_search(australia_csp({"R", "G"}), {}).solved);
  EXPECT_FALSE(backtracking_search(nqueens_csp(3), {}).solved);
}

// The book's AC-3 example: A and B over 0 .. 4, an even A and A + B = 4 (and, for the
// inconsistent one, an odd B too).
Csp two_variables(bool odd_b) {
  Csp csp;
  const std::vector<std::string> values = {"0", "1", "2", "3", "4"};
  const std::size_t a = csp.add_variable("A", values), b = csp.add_variable("B", values);
  csp.add_relation(
      a, b,
      [odd_b](std::size_t x, std::size_t y) {
        return x % 2 == 0 && x + y == 4 && (!odd_b || y % 2 != 0);
      },
      odd_b ? "A even, A + B = 4, B odd" : "A even, A + B = 4");
  return csp;
}

TEST(BookCspTests, Ac3FindsTheInconsistencyAndKeepsTheSupportedValues) {
  EXPECT_FALSE(ac3(two_variables(true)).consistent);
  const Csp csp = two_variables(false);
  const Ac3Run run = ac3(csp);
  ASSERT_TRUE(run.consistent);
  // The book removes A's 1 and 3 and B's 1 and 3.
  const auto named = [&](std::size_t variable) {
    std::vector<std::string> names;
    for (const std::size_t value : run.domains[variable]) names.push_back(csp.values()[value]);
    return names;
  };
  EXPECT_THAT(named(0), ElementsAre("0", "2", "4"));
  EXPECT_THAT(named(1), ElementsAre("0", "2", "4"));
}

}  // namespace csp_book_expectations_test
}  // namespace
}  // namespace sg::ref
