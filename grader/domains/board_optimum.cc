#include "domains/board_optimum.h"

#include <algorithm>
#include <stdexcept>

#include "domains/pattern_database_store.h"
#include "reference/astar.h"
#include "reference/ida_star.h"

namespace sg {
namespace {

// IDA* with linear conflicts solves 4 x 4 boards of up to about 50 moves in seconds; a harder one
// gets the pattern databases.
constexpr std::uint64_t kLinearConflictNodes = 100'000'000;

bool ida_star_takes(const ref::TilePuzzle& puzzle) {
  if (puzzle.topology() != ref::Topology::bounded) return false;
  std::vector<int> tiles = puzzle.goal();
  std::sort(tiles.begin(), tiles.end());
  return std::adjacent_find(tiles.begin(), tiles.end()) == tiles.end();  // distinct, one blank
}

}  // namespace

std::optional<std::vector<ref::BlankMove>> shortest_board_path(const ref::TilePuzzle& puzzle,
                                                               const ref::Tiles& start) {
  if (!ida_star_takes(puzzle))
    throw std::invalid_argument("a shortest path by IDA*: a bounded board with one blank");
  if (!ref::is_solvable(puzzle, start)) return std::nullopt;
  const bool four_by_four = puzzle.rows() == 4 && puzzle.cols() == 4;
  ref::IdaStarOptions quick;
  if (four_by_four) quick.node_limit = kLinearConflictNodes;
  auto found = ref::ida_star(puzzle, start, quick);
  if (found && found->limit_reached) {
    const auto database =
        default_pattern_database_store().get(puzzle, groups_for_four_by_four(puzzle));
    found = ref::ida_star(puzzle, start, {ref::IdaHeuristic::pattern_database, database.get()});
  }
  if (!found) return std::nullopt;
  return found->moves;
}

std::optional<std::size_t> shortest_board_length(const ref::TilePuzzle& puzzle,
                                                 const ref::Tiles& start) {
  if (puzzle.size() <= 9 || !ida_star_takes(puzzle)) {
    const auto length = ref::optimal_solution_length(puzzle, start);
    if (!length) return std::nullopt;
    return static_cast<std::size_t>(*length);
  }
  const auto path = shortest_board_path(puzzle, start);
  if (!path) return std::nullopt;
  return path->size();
}

}  // namespace sg
