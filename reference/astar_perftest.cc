// Speed of A* with the course's frontier semantics on the Torus 8-Puzzle seed's instances.
// The 16-move instance is the seed's "Max queue length: 27944" one, which a list-based Python
// implementation of the same semantics takes over a minute to solve.
#include <benchmark/benchmark.h>

#include "reference/astar.h"

namespace sg::ref {
namespace {

const TilePuzzle& torus3x3() {
  static const TilePuzzle puzzle(3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0});
  return puzzle;
}

void solve(benchmark::State& state, const Tiles& start, std::size_t expected_max_frontier) {
  for (auto _ : state) {
    AStarResult r = astar(torus3x3(), start, Heuristic::misplaced_tiles);
    if (!r.found || r.max_frontier != expected_max_frontier) {
      state.SkipWithError("unexpected A* result");
      break;
    }
    benchmark::DoNotOptimize(r);
  }
}

void BM_AStarSeed16Moves(benchmark::State& state) {
  solve(state, {8, 7, 6, 5, 4, 3, 2, 1, 0}, 27944);
}
BENCHMARK(BM_AStarSeed16Moves)->Unit(benchmark::kMillisecond);

void BM_AStarSeed8Moves(benchmark::State& state) { solve(state, {4, 3, 8, 5, 1, 6, 7, 2, 0}, 46); }
BENCHMARK(BM_AStarSeed8Moves)->Unit(benchmark::kMicrosecond);

void BM_OptimalSolutionLength16Moves(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(optimal_solution_length(torus3x3(), {8, 7, 6, 5, 4, 3, 2, 1, 0}));
  }
}
BENCHMARK(BM_OptimalSolutionLength16Moves)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sg::ref
