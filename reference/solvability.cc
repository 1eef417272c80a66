#include "reference/solvability.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace sg::ref {
namespace {

// The non-blank values in row-major order.
Tiles tiles_in_order(const Tiles& board) {
  Tiles tiles;
  for (const int value : board)
    if (value != 0) tiles.push_back(value);
  return tiles;
}

}  // namespace

std::optional<bool> solvable_without_search(int rows, int cols, Topology topology,
                                            const Tiles& goal, const Tiles& state) {
  const auto cells = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  if (goal.size() != cells || state.size() != cells) return false;
  Tiles a = goal, b = state;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (a != b) return false;
  if (topology == Topology::torus) return std::nullopt;
  if (rows == 1 || cols == 1) return tiles_in_order(goal) == tiles_in_order(state);
  const long blanks = std::count(goal.begin(), goal.end(), 0);
  const Tiles tiles = tiles_in_order(goal);
  Tiles sorted = tiles;
  std::sort(sorted.begin(), sorted.end());
  const bool repeated = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
  if (blanks != 1 || repeated) return true;

  // One blank, distinct tiles: the parity of the permutation taking the goal's tile order to the
  // state's, plus the blank's row distance when a vertical move shifts a tile by an odd number of
  // places (an even number of columns).
  std::map<int, int> goal_index;
  for (std::size_t i = 0; i < tiles.size(); ++i) goal_index[tiles[i]] = static_cast<int>(i);
  std::vector<int> order;
  for (const int value : tiles_in_order(state)) order.push_back(goal_index[value]);
  int inversions = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = i + 1; j < order.size(); ++j) inversions += order[i] > order[j];
  int parity = inversions;
  if (cols % 2 == 0) {
    const auto goal_blank = std::find(goal.begin(), goal.end(), 0) - goal.begin();
    const auto state_blank = std::find(state.begin(), state.end(), 0) - state.begin();
    parity += static_cast<int>(std::abs(goal_blank / cols - state_blank / cols));
  }
  return parity % 2 == 0;
}

}  // namespace sg::ref
