// Speed of the IDA* optimality oracle on Korf's 15-puzzle instances with optimal length <= 50
// (../shared/data/korf100.txt): the issue's target is "4x4 instances of up to 50 moves in
// seconds". One benchmark per instance, named by its number and published length; a wrong
// length is reported as an error.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "reference/ida_star.h"

namespace sg::ref {
namespace {

const TilePuzzle& fifteen() {
  static const TilePuzzle puzzle(4, 4, Topology::bounded,
                                 {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  return puzzle;
}

void solve(benchmark::State& state, const Tiles& start, int length) {
  for (auto _ : state) {
    const auto found = ida_star(fifteen(), start);
    if (!found || static_cast<int>(found->moves.size()) != length) {
      state.SkipWithError("IDA* disagrees with the published optimal length");
      break;
    }
    state.counters["expanded"] = static_cast<double>(found->expanded);
  }
}

int register_korf_instances() {
  std::ifstream file(std::string(SG_SOURCE_DIR) + "/../shared/data/korf100.txt");
  std::string line;
  int number = 0;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    ++number;
    std::istringstream in(line);
    Tiles tiles(16);
    for (int& tile : tiles) in >> tile;
    int length = 0;
    in >> length;
    if (length > 50) continue;
    benchmark::RegisterBenchmark(
        ("BM_IdaStarKorf/" + std::to_string(number) + "/moves:" + std::to_string(length)).c_str(),
        [tiles, length](benchmark::State& state) { solve(state, tiles, length); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  return number;
}

const int kRegistered = register_korf_instances();

}  // namespace
}  // namespace sg::ref
