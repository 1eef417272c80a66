#include "reference/korf_instances.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace sg::ref {

std::vector<KorfInstance> read_korf_instances(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::vector<KorfInstance> instances;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    KorfInstance instance;
    instance.number = static_cast<int>(instances.size()) + 1;
    instance.tiles.resize(16);
    for (int& tile : instance.tiles) words >> tile;
    words >> instance.length;
    if (!words || instance.length <= 0) {
      throw std::runtime_error(file.string() + ":" + std::to_string(line_number) +
                               ": expected 16 tiles and a length");
    }
    instances.push_back(std::move(instance));
  }
  return instances;
}

const TilePuzzle& korf_puzzle() {
  static const TilePuzzle puzzle(4, 4, Topology::bounded,
                                 {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  return puzzle;
}

}  // namespace sg::ref
