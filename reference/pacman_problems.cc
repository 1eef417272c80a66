#include "reference/pacman_problems.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace sg::ref {
namespace {

struct Move {
  const char* name;
  int dx;
  int dy;
};
// searchAgents.py's order: [NORTH, SOUTH, EAST, WEST].
constexpr std::array<Move, 4> kMoves{
    {{"North", 0, 1}, {"South", 0, -1}, {"East", 1, 0}, {"West", -1, 0}}};

std::string cell_text(const Cell& cell) {
  std::string text = "(";
  text.append(std::to_string(cell.first)).append(", ").append(std::to_string(cell.second));
  return text.append(")");
}

std::string problem_cells_text(const std::vector<Cell>& cells) {
  std::string text = "{";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) text += ',';
    text.append("(")
        .append(std::to_string(cells[i].first))
        .append(",")
        .append(std::to_string(cells[i].second))
        .append(")");
  }
  return text.append("}");
}

int manhattan(const Cell& a, const Cell& b) {
  return std::abs(a.first - b.first) + std::abs(a.second - b.second);
}

bool contains(const std::vector<Cell>& cells, const Cell& cell) {
  return std::binary_search(cells.begin(), cells.end(), cell);
}

// "(x, y)" or "(x,y)" at the start of `text`; `end` is set past it.
Cell parse_cell(std::string_view text, std::size_t& end) {
  const auto open = text.find('(');
  const auto comma = text.find(',', open);
  const auto close = text.find(')', comma);
  if (open == std::string_view::npos || comma == std::string_view::npos ||
      close == std::string_view::npos)
    throw std::invalid_argument("not a square (x, y): '" + std::string(text) + "'");
  end = close + 1;
  return {std::stoi(std::string(text.substr(open + 1, comma - open - 1))),
          std::stoi(std::string(text.substr(comma + 1, close - comma - 1)))};
}

}  // namespace

std::optional<PacmanGoal> parse_pacman_goal(std::string_view name) {
  if (name == "position") return PacmanGoal::position;
  if (name == "corners") return PacmanGoal::corners;
  if (name == "food") return PacmanGoal::food;
  if (name == "any_food") return PacmanGoal::any_food;
  return std::nullopt;
}

PacmanProblem::PacmanProblem(PacmanLayout layout, PacmanGoal goal, Cell goal_square)
    : layout_(std::move(layout)), goal_(goal), goal_square_(goal_square) {
  const int top = layout_.height - 2;
  const int right = layout_.width - 2;
  corners_ = {{1, 1}, {1, top}, {right, 1}, {right, top}};
  if (goal_ == PacmanGoal::position && layout_.wall(goal_square_.first, goal_square_.second))
    throw std::invalid_argument("the goal square " + cell_text(goal_square_) + " is a wall");
  if ((goal_ == PacmanGoal::food || goal_ == PacmanGoal::any_food) && layout_.food.empty())
    throw std::invalid_argument("the layout has no food ('.') to eat");
}

Cell PacmanProblem::position_of(const State& state) {
  std::size_t end = 0;
  try {
    return parse_cell(state, end);
  } catch (const std::logic_error&) {
    throw std::invalid_argument("not a Pacman search state: '" + state + "'");
  }
}

PacmanProblem::Parsed PacmanProblem::parse(const State& state) const {
  Parsed parsed;
  std::size_t end = 0;
  try {
    parsed.at = parse_cell(state, end);
    const auto brace = state.find('{', end);
    if (brace != std::string::npos) {
      std::string_view rest(state);
      rest = rest.substr(brace + 1, state.find('}', brace) - brace - 1);
      while (!rest.empty() && rest.find('(') != std::string_view::npos) {
        std::size_t after = 0;
        parsed.cells.push_back(parse_cell(rest, after));
        rest = rest.substr(after);
      }
    }
  } catch (const std::logic_error&) {
    throw std::invalid_argument("not a Pacman search state: '" + state + "'");
  }
  return parsed;
}

State PacmanProblem::text_of(const Parsed& parsed) const {
  switch (goal_) {
    case PacmanGoal::corners:
      return cell_text(parsed.at) + " corners " + problem_cells_text(parsed.cells);
    case PacmanGoal::food:
      return cell_text(parsed.at) + " food " + problem_cells_text(parsed.cells);
    default:
      return cell_text(parsed.at);
  }
}

State PacmanProblem::initial_state() const {
  Parsed start{layout_.pacman, {}};
  if (goal_ == PacmanGoal::corners &&
      std::find(corners_.begin(), corners_.end(), start.at) != corners_.end())
    start.cells.push_back(start.at);
  if (goal_ == PacmanGoal::food) {
    for (const Cell& food : layout_.food)
      if (food != start.at) start.cells.push_back(food);
  }
  return text_of(start);
}

std::vector<Step> PacmanProblem::successors(const State& state) const {
  const Parsed parsed = parse(state);
  std::vector<Step> steps;
  for (const Move& move : kMoves) {
    Parsed next = parsed;
    next.at = {parsed.at.first + move.dx, parsed.at.second + move.dy};
    if (layout_.wall(next.at.first, next.at.second)) continue;
    if (goal_ == PacmanGoal::corners &&
        std::find(corners_.begin(), corners_.end(), next.at) != corners_.end() &&
        !contains(next.cells, next.at)) {
      next.cells.push_back(next.at);
      std::sort(next.cells.begin(), next.cells.end());
    }
    if (goal_ == PacmanGoal::food) {
      const auto eaten = std::lower_bound(next.cells.begin(), next.cells.end(), next.at);
      if (eaten != next.cells.end() && *eaten == next.at) next.cells.erase(eaten);
    }
    steps.push_back({move.name, text_of(next), 1.0});
  }
  return steps;
}

bool PacmanProblem::is_goal(const State& state) const {
  const Parsed parsed = parse(state);
  switch (goal_) {
    case PacmanGoal::position:
      return parsed.at == goal_square_;
    case PacmanGoal::corners: {
      for (const Cell& corner : corners_)
        if (!contains(parsed.cells, corner)) return false;
      return true;
    }
    case PacmanGoal::food:
      return parsed.cells.empty();
    case PacmanGoal::any_food:
      return contains(layout_.food, parsed.at);
  }
  return false;
}

double PacmanProblem::h(const State& state) const {
  const Parsed parsed = parse(state);
  int best = 0;
  switch (goal_) {
    case PacmanGoal::position:
      return manhattan(parsed.at, goal_square_);
    case PacmanGoal::corners:
      for (const Cell& corner : corners_)
        if (!contains(parsed.cells, corner)) best = std::max(best, manhattan(parsed.at, corner));
      return best;
    case PacmanGoal::food:
      for (const Cell& food : parsed.cells) best = std::max(best, manhattan(parsed.at, food));
      return best;
    case PacmanGoal::any_food: {
      best = -1;
      for (const Cell& food : layout_.food)
        if (best < 0 || manhattan(parsed.at, food) < best) best = manhattan(parsed.at, food);
      return std::max(best, 0);
    }
  }
  return 0;
}

}  // namespace sg::ref
