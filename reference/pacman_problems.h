// PacmanProblem: the search problems of the Berkeley Pacman search project on a layout
// (pacman_layout.h), as that project's searchAgents.py defines them: Pacman alone (no ghosts),
// actions North, South, East, West in that order into squares that are not walls, each costing 1.
//
//   position   reach a square (PositionSearchProblem; default goal (1, 1)); a state "(x, y)"
//   corners    visit the four inner corners (1, 1), (1, top), (right, 1), (right, top)
//              (CornersProblem); a state "(x, y) corners {(1,1),(6,1)}", the corners visited,
//              the start counting if it is one
//   food       eat every food (FoodSearchProblem); a state "(x, y) food {(2,3)}", the food left
//   any_food   reach any square that starts with food (AnyFoodSearchProblem); a state "(x, y)"
//
// h: the Manhattan distance to the goal square, to the farthest corner not visited, to the
// farthest food left, or to the nearest food (each admissible). Coordinates are Berkeley's, y
// from the bottom. No I/O, no grading.
#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/pacman_layout.h"
#include "reference/problem.h"

namespace sg::ref {

enum class PacmanGoal { position, corners, food, any_food };

/// "position", "corners", "food", "any_food".
std::optional<PacmanGoal> parse_pacman_goal(std::string_view name);

class PacmanProblem : public Problem {
 public:
  /// `goal_square` is the position problem's goal. Throws std::invalid_argument for a goal
  /// square that is a wall, or a food or any_food problem on a layout without food.
  PacmanProblem(PacmanLayout layout, PacmanGoal goal, Cell goal_square = {1, 1});

  State initial_state() const override;
  std::vector<Step> successors(const State& state) const override;
  bool is_goal(const State& state) const override;
  double h(const State& state) const override;

  const PacmanLayout& layout() const { return layout_; }
  PacmanGoal goal() const { return goal_; }
  /// The four corners, in Berkeley's order: (1, 1), (1, top), (right, 1), (right, top).
  const std::vector<Cell>& corners() const { return corners_; }
  /// Pacman's square in a state of this problem. Throws std::invalid_argument for text that is
  /// not one.
  static Cell position_of(const State& state);

 private:
  struct Parsed {
    Cell at;
    std::vector<Cell> cells;  // corners visited, or food left; sorted
  };
  Parsed parse(const State& state) const;
  State text_of(const Parsed& parsed) const;

  PacmanLayout layout_;
  PacmanGoal goal_;
  Cell goal_square_;
  std::vector<Cell> corners_;
};

}  // namespace sg::ref
