// A tile domain's hints heard through the shared checker: a missing successor named by its
// move (a torus move wraps around), and every wrong h explained by a heuristic that counts the
// blank.
#include "domains/tile_hints.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "checkers/domain_trace_checker.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace tile_hints_test {

using ::testing::HasSubstr;

ref::TilePuzzle torus() {
  return ref::TilePuzzle(3, 3, ref::Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
}

DomainListingExpected listing(const ref::TileProblem& problem, const ref::State& parent) {
  return {parent, problem.successors(parent), LineTemplate("{state} h={h}", listing_fields()),
          "in ascending order", tile_hints(problem.puzzle(), ref::Heuristic::misplaced_tiles)};
}

StateNotation boards() {
  return {[](std::string_view text) -> std::optional<ref::State> {
            return ref::parse_tiles_state(std::string(text)) ? std::optional(std::string(text))
                                                             : std::nullopt;
          },
          [](const ref::State& state) { return state; }};
}

TEST(TileHints, AMissingTorusMoveIsNamedAsTheWrapAroundItIs) {
  const ref::TileProblem problem(torus(), {0, 2, 3, 4, 5, 6, 7, 8, 1},
                                 ref::Heuristic::misplaced_tiles, {});
  const ref::State parent = problem.initial_state();
  const DomainListingExpected expected = listing(problem, parent);
  // Only the two moves that stay on the board, as a solution without wrap-around lists them.
  std::string printed;
  for (const ref::Step& step : expected.successors)
    if (step.action == "down" || step.action == "right")
      printed +=
          step.state + " h=" + std::to_string(static_cast<int>(problem.h(step.state))) + "\n";
  const DomainListingCheck check = check_domain_listing(problem, expected, boards(), printed);
  EXPECT_FALSE(check.successors.passed);
  EXPECT_THAT(check.successors.feedback,
              HasSubstr("the blank moves up from the top row and wraps around to the bottom row"));
  EXPECT_THAT(check.successors.feedback,
              HasSubstr("the blank moves left from the first column and wraps around to the last "
                        "column"));
}

TEST(TileHints, EveryWrongHCountingTheBlankGetsTheHint) {
  const ref::TileProblem problem(torus(), {1, 2, 3, 4, 0, 5, 6, 7, 8},
                                 ref::Heuristic::misplaced_tiles, {});
  const ref::State parent = problem.initial_state();
  const DomainListingExpected expected = listing(problem, parent);
  std::string printed;
  for (const ref::Step& step : expected.successors)
    printed += step.state + " h=" +
               std::to_string(ref::evaluate_counting_blank(problem.puzzle(),
                                                           *ref::parse_tiles_state(step.state),
                                                           ref::Heuristic::misplaced_tiles)) +
               "\n";
  const DomainListingCheck check = check_domain_listing(problem, expected, boards(), printed);
  EXPECT_FALSE(check.successors.passed);
  EXPECT_THAT(check.successors.feedback,
              HasSubstr("hint: every wrong h is what the count of misplaced tiles gives when the "
                        "blank is counted as a tile: the heuristic must not count the blank, so "
                        "do not count the blank in h"));
}

}  // namespace tile_hints_test
}  // namespace
}  // namespace sg
