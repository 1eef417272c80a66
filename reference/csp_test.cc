#include "reference/csp.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/csp_problems.h"
#include "reference/csp_search.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace csp_test {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string named(const Csp& csp, const std::pair<std::size_t, std::size_t>& step) {
  return csp.name(step.first) + "=" + csp.values()[step.second];
}

// AIMA's backtracking_search(australia) with its defaults: no backtrack is needed.
TEST(Csp, AustraliaAsTheBookColoursIt) {
  const Csp csp = australia_csp();
  const BacktrackingRun run = backtracking_search(csp, {});
  ASSERT_TRUE(run.solved);
  std::vector<std::string> order;
  for (const auto& step : run.assignments) order.push_back(named(csp, step));
  EXPECT_THAT(order, ElementsAre("SA=red", "WA=green", "NT=blue", "Q=green", "NSW=blue", "V=green",
                                 "T=red"));
  EXPECT_EQ(run.backtracks, 0u);
  EXPECT_FALSE(csp.violated(run.solution));
  for (const auto variables : {VariableOrder::mrv, VariableOrder::mrv_degree})
    for (const auto values : {ValueOrder::domain, ValueOrder::lcv})
      for (const auto inference : {Inference::none, Inference::forward_checking, Inference::mac}) {
        const BacktrackingRun other = backtracking_search(csp, {variables, values, inference});
        ASSERT_TRUE(other.solved);
        EXPECT_FALSE(csp.violated(other.solution));
      }
  // MRV with the degree heuristic starts at SA, the region with the most neighbors.
  const BacktrackingRun degree = backtracking_search(csp, {VariableOrder::mrv_degree});
  EXPECT_EQ(csp.name(degree.assignments.front().first), "SA");
}

TEST(Csp, ACrossingOfTwoColoursIsNamed) {
  const Csp csp = australia_csp();
  CspAssignment assignment(csp.size());
  assignment[*csp.find("WA")] = *csp.find_value("red");
  assignment[*csp.find("NT")] = *csp.find_value("red");
  EXPECT_THAT(csp.violated(assignment).value_or(""), HasSubstr("NT = red and WA = red: NT != WA"));
}

TEST(Csp, NQueensHasItsKnownNumberOfSolutions) {
  EXPECT_EQ(count_solutions(nqueens_csp(4), 100), 2u);
  EXPECT_EQ(count_solutions(nqueens_csp(8), 100), 92u);
  const Csp eight = nqueens_csp(8);
  const BacktrackingRun plain = backtracking_search(eight, {});
  const BacktrackingRun checked = backtracking_search(
      eight, {VariableOrder::mrv, ValueOrder::domain, Inference::forward_checking});
  ASSERT_TRUE(plain.solved && checked.solved);
  EXPECT_FALSE(eight.violated(plain.solution));
  EXPECT_LT(checked.assignments.size(), plain.assignments.size());
  EXPECT_GT(plain.backtracks, 0u);
}

// A Sudoku that AC-3 alone solves, and one that needs the search, each with one solution.
TEST(Csp, SudokuByAc3AndByBacktracking) {
  const std::string solved =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  std::string easy = solved;
  for (std::size_t i = 0; i < easy.size(); i += 4) easy[i] = '0';  // a quarter of the cells
  const Csp csp = sudoku_csp(easy);
  const Ac3Run closure = ac3(csp);
  ASSERT_TRUE(closure.consistent);
  EXPECT_TRUE(every_domain_single(closure.domains));
  EXPECT_EQ(count_solutions(csp, 2), 1u);
  const BacktrackingRun run = backtracking_search(
      csp, {VariableOrder::mrv, ValueOrder::domain, Inference::forward_checking});
  ASSERT_TRUE(run.solved);
  EXPECT_EQ(sudoku_text(csp, run.solution), solved);
  // Two fives in a row: AC-3 finds the wipe-out.
  EXPECT_FALSE(ac3(sudoku_csp("55" + std::string(79, '0'))).consistent);
  EXPECT_THROW(sudoku_csp("123"), std::invalid_argument);
  EXPECT_THROW(sudoku_csp(std::string(80, '0') + "x"), std::invalid_argument);
  EXPECT_EQ(count_solutions(sudoku_csp("1000000000000000"), 1000), 72u);  // 4 x 4 with one given
}

}  // namespace csp_test
}  // namespace
}  // namespace sg::ref
