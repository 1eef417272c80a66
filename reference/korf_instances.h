// Korf's 100 random 15-puzzle instances (../shared/data/korf100.txt: 16 tiles row-major with the
// blank 0, then the optimal solution length; goal 0 1 ... 15), for the optimality tests and the
// benchmarks of IDA*. Test and benchmark support: reads a file, so it is not part of the library.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "reference/tile_puzzle.h"

namespace sg::ref {

struct KorfInstance {
  int number = 0;  ///< 1-based, in the file's order.
  Tiles tiles;
  int length = 0;  ///< The published optimal length.
};

/// The instances in the file, in order. Throws std::runtime_error when the file cannot be read or
/// a line is not 16 tiles and a length.
std::vector<KorfInstance> read_korf_instances(const std::filesystem::path& file);

/// The 15-puzzle of Korf's instances: 4 x 4, bounded, goal 0 1 ... 15.
const TilePuzzle& korf_puzzle();

}  // namespace sg::ref
