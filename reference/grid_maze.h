// GridMaze: a 4-connected grid maze read from a text map, as maze assignments and the Berkeley
// Pacman layouts write them:
//   '#' or '%'   a wall
//   'S' or 'P'   the start (exactly one)
//   'G' or '.'   a goal (at least one)
//   '1'..'9'     an open cell that costs that much to enter (per-cell costs); other open cells
//                cost 1 (a space, or any other character)
// Rows may have different lengths; a missing cell is a wall, and so is everything outside.
//
// In textbook terms: a state is a cell, written "(r, c)" (row from the top, column from the left,
// both from 0) or, in Berkeley's coordinates, "(x, y)" (x the column, y the row counted from the
// bottom); actions(s) are the moves to open neighbours, in the assignment's order and under its
// names (Berkeley: North, South, East, West); a step costs what the cell entered costs; the goal
// test is "a goal cell"; h is the Manhattan distance to the nearest goal (or zero, or Euclidean).
// This file has no I/O and knows nothing of grading.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/problem.h"

namespace sg::ref {

/// A parsed map.
struct Maze {
  int rows = 0;
  int cols = 0;                    ///< The longest row's length.
  std::vector<std::string> lines;  ///< The map's rows as given.
  std::pair<int, int> start;       ///< (row, column).
  std::vector<std::pair<int, int>> goals;

  /// True if (row, col) is inside the map and not a wall.
  bool open(int row, int col) const;
  /// The cost of entering (row, col) (1, or its digit).
  double cost(int row, int col) const;
};

/// Parses a map. Throws std::invalid_argument naming the line and column of the problem: no start,
/// two starts, no goal, an empty map.
Maze parse_maze(std::string_view text);

/// How a maze's cells are written as states.
enum class MazeCoordinates {
  row_col,  ///< "(r, c)": row from the top, column from the left.
  xy,       ///< "(x, y)": Berkeley's, x = column, y = row counted from the bottom.
};

/// The direction of a move.
enum class MazeDirection { north, south, east, west };

/// A move as the assignment names it, e.g. {north, "North"} or {north, "up"}.
struct MazeMove {
  MazeDirection direction;
  std::string name;
};

/// Reads a move name: north/up/n, south/down/s, east/right/e, west/left/w (any case).
std::optional<MazeDirection> parse_maze_direction(std::string_view name);

/// The heuristic of a maze problem.
enum class MazeHeuristic { zero, manhattan, euclidean };

class GridProblem : public Problem {
 public:
  /// Berkeley's moves and order: North, South, East, West.
  static std::vector<MazeMove> berkeley_moves();

  GridProblem(std::shared_ptr<const Maze> maze, MazeCoordinates coordinates,
              std::vector<MazeMove> moves, MazeHeuristic heuristic);

  State initial_state() const override;
  std::vector<Step> successors(const State& state) const override;
  bool is_goal(const State& state) const override;
  double h(const State& state) const override;
  bool is_state(const State& state) const override;

  /// The state text of (row, col).
  State state_of(int row, int col) const;
  /// The (row, col) of a state text, or nullopt if it is not one of this maze's cells.
  std::optional<std::pair<int, int>> cell_of(const State& state) const;

  const Maze& maze() const { return *maze_; }
  MazeCoordinates coordinates() const { return coordinates_; }

 private:
  std::shared_ptr<const Maze> maze_;
  MazeCoordinates coordinates_;
  std::vector<MazeMove> moves_;
  MazeHeuristic heuristic_;
};

}  // namespace sg::ref
