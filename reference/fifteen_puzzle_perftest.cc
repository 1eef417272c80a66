// The reference's speed at the state of the art (docs/performance.md, "The reference"):
//   - Korf's 100 15-puzzles solved optimally by IDA* with the 6-6-3 pattern databases (built
//     once, their build timed apart), every length checked: target <= 10 s;
//   - plain IDA* with the Manhattan distance: target >= 100 M nodes generated a second;
//   - whole state spaces (8-puzzle, torus 8-puzzle, two-blank 3x3): well under a second each.
// Run: build/release/reference/fifteen_puzzle_perftest (a Release build).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <optional>

#include "reference/ida_star.h"
#include "reference/korf_instances.h"
#include "reference/state_space.h"

namespace sg::ref {
namespace {

const std::vector<KorfInstance>& korf() {
  static const std::vector<KorfInstance> instances =
      read_korf_instances(std::filesystem::path(SG_SOURCE_DIR) / "../shared/data/korf100.txt");
  return instances;
}

// The 6-6-3 databases, built by the first benchmark that needs them.
std::optional<PatternDatabase>& databases() {
  static std::optional<PatternDatabase> built;
  return built;
}
const PatternDatabase& fifteen_puzzle_databases() {
  if (!databases()) databases().emplace(korf_puzzle(), fifteen_puzzle_groups());
  return *databases();
}

void BM_PatternDatabaseBuild(benchmark::State& state) {
  for (auto _ : state) {
    databases().reset();
    state.counters["MiB"] =
        static_cast<double>(fifteen_puzzle_databases().table_bytes()) / (1 << 20);
  }
}
BENCHMARK(BM_PatternDatabaseBuild)->Unit(benchmark::kSecond)->Iterations(1);

void BM_Korf100PatternDatabases(benchmark::State& state) {
  const IdaStarOptions options{IdaHeuristic::pattern_database, &fifteen_puzzle_databases()};
  for (auto _ : state) {
    std::uint64_t generated = 0;
    for (const KorfInstance& instance : korf()) {
      const auto found = ida_star(korf_puzzle(), instance.tiles, options);
      if (!found || static_cast<int>(found->moves.size()) != instance.length) {
        state.SkipWithError(
            ("wrong length on instance " + std::to_string(instance.number)).c_str());
        return;
      }
      generated += found->generated;
    }
    state.counters["generated"] = static_cast<double>(generated);
    state.counters["nodes/s"] =
        benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
  }
}
BENCHMARK(BM_Korf100PatternDatabases)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

// Plain Manhattan IDA* on the first instances, each stopped after 200 M nodes: the rate.
void BM_IdaStarManhattanNodesPerSecond(benchmark::State& state) {
  IdaStarOptions options{IdaHeuristic::manhattan};
  options.node_limit = 200'000'000;
  for (auto _ : state) {
    std::uint64_t generated = 0;
    for (int i = 0; i < 3; ++i) {
      const auto found =
          ida_star(korf_puzzle(), korf()[static_cast<std::size_t>(i)].tiles, options);
      if (found) generated += found->generated;
    }
    state.counters["nodes/s"] =
        benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
  }
}
BENCHMARK(BM_IdaStarManhattanNodesPerSecond)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();

void enumerate(benchmark::State& state, const BoardSpace& space, std::uint64_t expected) {
  for (auto _ : state) {
    const StateSpace enumerated(space);
    if (enumerated.size() != expected) state.SkipWithError("unexpected number of boards");
    benchmark::DoNotOptimize(enumerated.diameter());
  }
}
void BM_StateSpaceEightPuzzle(benchmark::State& state) {
  enumerate(state, {3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}}, 181440);
}
BENCHMARK(BM_StateSpaceEightPuzzle)->Unit(benchmark::kMillisecond);
void BM_StateSpaceTorusEightPuzzle(benchmark::State& state) {
  enumerate(state, {3, 3, Topology::torus, {1, 2, 3, 4, 5, 6, 7, 8, 0}}, 362880);
}
BENCHMARK(BM_StateSpaceTorusEightPuzzle)->Unit(benchmark::kMillisecond);
void BM_StateSpaceTwoBlanks(benchmark::State& state) {
  enumerate(state, {3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 0, 0}}, 181440);
}
BENCHMARK(BM_StateSpaceTwoBlanks)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sg::ref
