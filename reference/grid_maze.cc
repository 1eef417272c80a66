#include "reference/grid_maze.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sg::ref {

namespace {

bool is_wall(char c) { return c == '#' || c == '%'; }

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "(3, 4)" or "(3,4)" -> {3, 4}.
std::optional<std::pair<int, int>> parse_pair(const std::string& text) {
  if (text.size() < 5 || text.front() != '(' || text.back() != ')') return std::nullopt;
  const std::size_t comma = text.find(',');
  if (comma == std::string::npos) return std::nullopt;
  try {
    std::size_t used_a = 0;
    std::size_t used_b = 0;
    const std::string a = text.substr(1, comma - 1);
    const std::string b = text.substr(comma + 1, text.size() - comma - 2);
    const int first = std::stoi(a, &used_a);
    const int second = std::stoi(b, &used_b);
    if (a.find_first_not_of(" 0123456789-") != std::string::npos ||
        b.find_first_not_of(" 0123456789-") != std::string::npos)
      return std::nullopt;
    return std::pair{first, second};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

bool Maze::open(int row, int col) const {
  if (row < 0 || row >= rows || col < 0) return false;
  const std::string& line = lines[static_cast<std::size_t>(row)];
  if (col >= static_cast<int>(line.size())) return false;
  return !is_wall(line[static_cast<std::size_t>(col)]);
}

double Maze::cost(int row, int col) const {
  const char c = lines[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  return c >= '1' && c <= '9' ? static_cast<double>(c - '0') : 1.0;
}

Maze parse_maze(std::string_view text) {
  Maze maze;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    maze.lines.push_back(line);
    start = end + 1;
  }
  while (!maze.lines.empty() && maze.lines.back().find_first_not_of(' ') == std::string::npos)
    maze.lines.pop_back();
  if (maze.lines.empty()) throw std::invalid_argument("the maze is empty");
  maze.rows = static_cast<int>(maze.lines.size());
  bool has_start = false;
  for (int r = 0; r < maze.rows; ++r) {
    const std::string& line = maze.lines[static_cast<std::size_t>(r)];
    maze.cols = std::max(maze.cols, static_cast<int>(line.size()));
    for (int c = 0; c < static_cast<int>(line.size()); ++c) {
      const char cell = line[static_cast<std::size_t>(c)];
      if (cell == 'S' || cell == 'P') {
        if (has_start)
          throw std::invalid_argument("line " + std::to_string(r + 1) + ", column " +
                                      std::to_string(c + 1) +
                                      ": a second start (the maze has one S or P)");
        maze.start = {r, c};
        has_start = true;
      } else if (cell == 'G' || cell == '.') {
        maze.goals.push_back({r, c});
      }
    }
  }
  if (!has_start) throw std::invalid_argument("the maze has no start (S or P)");
  if (maze.goals.empty()) throw std::invalid_argument("the maze has no goal (G or .)");
  return maze;
}

std::optional<MazeDirection> parse_maze_direction(std::string_view name) {
  const std::string word = lower(name);
  if (word == "north" || word == "up" || word == "n") return MazeDirection::north;
  if (word == "south" || word == "down" || word == "s") return MazeDirection::south;
  if (word == "east" || word == "right" || word == "e") return MazeDirection::east;
  if (word == "west" || word == "left" || word == "w") return MazeDirection::west;
  return std::nullopt;
}

std::vector<MazeMove> GridProblem::berkeley_moves() {
  return {{MazeDirection::north, "North"},
          {MazeDirection::south, "South"},
          {MazeDirection::east, "East"},
          {MazeDirection::west, "West"}};
}

GridProblem::GridProblem(std::shared_ptr<const Maze> maze, MazeCoordinates coordinates,
                         std::vector<MazeMove> moves, MazeHeuristic heuristic)
    : maze_(std::move(maze)),
      coordinates_(coordinates),
      moves_(std::move(moves)),
      heuristic_(heuristic) {
  if (moves_.empty()) throw std::invalid_argument("a maze needs at least one move");
}

State GridProblem::state_of(int row, int col) const {
  const bool xy = coordinates_ == MazeCoordinates::xy;
  // Appended piece by piece: `"(" + std::to_string(...)` trips gcc 12's -Wrestrict when optimised.
  State state = "(";
  state.append(std::to_string(xy ? col : row));
  state.append(", ");
  state.append(std::to_string(xy ? maze_->rows - 1 - row : col));
  state.append(")");
  return state;
}

std::optional<std::pair<int, int>> GridProblem::cell_of(const State& state) const {
  const auto pair = parse_pair(state);
  if (!pair) return std::nullopt;
  const auto [first, second] = *pair;
  const std::pair<int, int> cell = coordinates_ == MazeCoordinates::xy
                                       ? std::pair{maze_->rows - 1 - second, first}
                                       : std::pair{first, second};
  if (!maze_->open(cell.first, cell.second)) return std::nullopt;
  if (state != state_of(cell.first, cell.second)) return std::nullopt;  // not canonical
  return cell;
}

State GridProblem::initial_state() const {
  return state_of(maze_->start.first, maze_->start.second);
}

std::vector<Step> GridProblem::successors(const State& state) const {
  const auto cell = cell_of(state);
  if (!cell) return {};
  std::vector<Step> steps;
  for (const MazeMove& move : moves_) {
    int row = cell->first;
    int col = cell->second;
    switch (move.direction) {
      case MazeDirection::north:
        --row;
        break;
      case MazeDirection::south:
        ++row;
        break;
      case MazeDirection::east:
        ++col;
        break;
      case MazeDirection::west:
        --col;
        break;
    }
    if (maze_->open(row, col))
      steps.push_back({move.name, state_of(row, col), maze_->cost(row, col)});
  }
  return steps;
}

bool GridProblem::is_goal(const State& state) const {
  const auto cell = cell_of(state);
  return cell && std::find(maze_->goals.begin(), maze_->goals.end(), *cell) != maze_->goals.end();
}

double GridProblem::h(const State& state) const {
  if (heuristic_ == MazeHeuristic::zero) return 0.0;
  const auto cell = cell_of(state);
  if (!cell) return 0.0;
  double best = std::numeric_limits<double>::infinity();
  for (const auto& [row, col] : maze_->goals) {
    const double dr = std::abs(row - cell->first);
    const double dc = std::abs(col - cell->second);
    best = std::min(
        best, heuristic_ == MazeHeuristic::manhattan ? dr + dc : std::sqrt(dr * dr + dc * dc));
  }
  return best;
}

bool GridProblem::is_state(const State& state) const { return cell_of(state).has_value(); }

}  // namespace sg::ref
