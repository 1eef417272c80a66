#include "reference/local_beam.h"

#include <gtest/gtest.h>

#include "reference/deepening.h"
#include "reference/python_random.h"
#include "reference/tile_local_space.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace local_beam_test {

const TilePuzzle& eight_puzzle() {
  static const TilePuzzle puzzle(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  return puzzle;
}

// The eight-puzzle seed's local beam (deepening.h: this search over a TileProblem's states, with
// paths) and the same search on the tile space (a second world written for local search) make
// the same beams from the same start, for every width.
TEST(LocalBeamOnASpace, TheSeedsBeamIsLocalBeamOnTheTileSpace) {
  const TileLocalSpace space(eight_puzzle());
  PythonRandom random(4);
  int reached = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Tiles start = eight_puzzle().goal();
    const auto walk = random.randint(4, 30);
    for (int move = 0; move < walk; ++move) start = random.choice(space.neighbours(start));
    for (const std::size_t k : {1u, 2u, 3u, 10u}) {
      SCOPED_TRACE(tiles_state(start) + " k=" + std::to_string(k));
      const BeamRun seed =
          local_beam(TileProblem(eight_puzzle(), start, Heuristic::manhattan), k, 1000);
      LocalBeamOptions options;
      options.k = k;
      const LocalBeamRun run = local_beam(space, {start}, options);
      ASSERT_EQ(run.beams.size(), seed.beams.size());
      for (std::size_t step = 0; step < seed.beams.size(); ++step) {
        std::vector<LocalState> beam;
        for (const State& state : seed.beams[step]) beam.push_back(*parse_tiles_state(state));
        EXPECT_EQ(run.beams[step], beam) << "step " << step;
      }
      EXPECT_EQ(run.reached.has_value(), seed.found);
      EXPECT_EQ(run.generated, seed.generated);
      reached += seed.found ? 1 : 0;
    }
  }
  EXPECT_GT(reached, 0);    // some searches reach the goal
  EXPECT_LT(reached, 240);  // and some stop short
}

TEST(LocalBeamOnASpace, KeepsTheKBestOfEveryNeighbourOfTheBeam) {
  const StaticQueens six(6, 0, 0);
  LocalBeamOptions options;
  options.k = 3;
  options.stop_without_improvement = false;
  options.max_steps = 5;
  const LocalBeamRun run = local_beam(six, {{0, 0, 0, 0, 0, 0}, {0, 5, 5, 5, 5, 5}}, options);
  for (std::size_t step = 1; step < run.beams.size(); ++step) {
    EXPECT_LE(run.beams[step].size(), 3u);
    double worst_kept = 0;
    for (const LocalState& state : run.beams[step])
      worst_kept = std::max(worst_kept, six.value(state));
    for (const LocalState& parent : run.beams[step - 1])
      for (const LocalState& next : six.neighbours(parent)) {
        const bool kept = std::find(run.beams[step].begin(), run.beams[step].end(), next) !=
                          run.beams[step].end();
        const bool in_last = std::find(run.beams[step - 1].begin(), run.beams[step - 1].end(),
                                       next) != run.beams[step - 1].end();
        if (!kept && !in_last) {
          EXPECT_GE(six.value(next), worst_kept);
        }
      }
  }
  // Each kept state is a neighbour of the state its parent index names.
  ASSERT_EQ(run.parents.size(), run.beams.size() - 1);
  for (std::size_t step = 0; step < run.parents.size(); ++step) {
    ASSERT_EQ(run.parents[step].size(), run.beams[step + 1].size());
    for (std::size_t j = 0; j < run.parents[step].size(); ++j) {
      const LocalState& parent = run.beams[step].at(run.parents[step][j]);
      const std::vector<LocalState> next = six.neighbours(parent);
      EXPECT_NE(std::find(next.begin(), next.end(), run.beams[step + 1][j]), next.end());
    }
  }
  EXPECT_THROW(local_beam(six, {}, options), std::invalid_argument);
}

}  // namespace local_beam_test
}  // namespace
}  // namespace sg::ref
