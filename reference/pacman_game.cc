#include "reference/pacman_game.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sg::ref {
namespace {

constexpr int kScaredTime = 40;  // moves of its own a ghost stays scared after a capsule
constexpr int kFoodScore = 10;
constexpr int kWinScore = 500;
constexpr int kLoseScore = 500;
constexpr int kEatGhostScore = 200;
constexpr int kTimePenalty = 1;

struct Direction {
  const char* name;
  int dx;
  int dy;
};
// The order of Berkeley's Actions._directionsAsList as the project's own Python iterates it: West,
// Stop, East, North, South (its Python 2 dictionary's order, which its Python 3 release writes
// out). An agent that breaks ties by the first or last legal action plays as it does there only
// in this order (docs/performance.md, "Pacman games against Berkeley's pacman.py").
constexpr std::array<Direction, 5> kDirections{
    {{"West", -1, 0}, {"Stop", 0, 0}, {"East", 1, 0}, {"North", 0, 1}, {"South", 0, -1}}};

const Direction& direction(const std::string& name) {
  for (const Direction& d : kDirections)
    if (name == d.name) return d;
  throw std::invalid_argument("not a direction: '" + name + "'");
}

std::string reverse_of(const std::string& name) {
  if (name == "North") return "South";
  if (name == "South") return "North";
  if (name == "East") return "West";
  if (name == "West") return "East";
  return name;
}

// Positions in half squares: scared ghosts move half a square per move.
struct Ghost {
  int x2 = 0;
  int y2 = 0;
  std::string facing = "Stop";
  int scared = 0;
};

struct Position {
  int x = 0;  // Pacman, whole squares
  int y = 0;
  std::vector<Ghost> ghosts;
  std::vector<Cell> food;      // sorted
  std::vector<Cell> capsules;  // sorted
  long score = 0;
  bool win = false;
  bool lose = false;
};

std::string half(int twice) {
  return twice % 2 == 0 ? std::to_string(twice / 2) : std::to_string(twice / 2) + ".5";
}

int parse_half(const std::string& text) {
  const auto point = text.find('.');
  if (point == std::string::npos) return 2 * std::stoi(text);
  if (text.substr(point) != ".5") throw std::invalid_argument("not a half square: " + text);
  return 2 * std::stoi(text.substr(0, point)) + 1;
}

std::string cells_text(const std::vector<Cell>& cells) {
  std::string text = "{";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) text += ',';
    text += '(' + std::to_string(cells[i].first) + ',' + std::to_string(cells[i].second) + ')';
  }
  return text + "}";
}

std::string text_of(const Position& position) {
  std::string text = "P(" + std::to_string(position.x) + ',' + std::to_string(position.y) + ')';
  for (const Ghost& ghost : position.ghosts) {
    text += " G(" + half(ghost.x2) + ',' + half(ghost.y2) + ',' + ghost.facing;
    if (ghost.scared > 0) text += ",scared=" + std::to_string(ghost.scared);
    text += ')';
  }
  text += " food" + cells_text(position.food);
  if (!position.capsules.empty()) text += " capsules" + cells_text(position.capsules);
  text += " score=" + std::to_string(position.score);
  if (position.win) text += " win";
  if (position.lose) text += " lose";
  return text;
}

// "(1,2),(3,4)" inside braces.
std::vector<Cell> parse_cells(const std::string& inside) {
  std::vector<Cell> cells;
  std::size_t at = 0;
  while (at < inside.size()) {
    const auto open = inside.find('(', at);
    const auto comma = inside.find(',', open);
    const auto close = inside.find(')', comma);
    if (open == std::string::npos || comma == std::string::npos || close == std::string::npos)
      throw std::invalid_argument("not a list of squares: {" + inside + "}");
    cells.emplace_back(std::stoi(inside.substr(open + 1, comma - open - 1)),
                       std::stoi(inside.substr(comma + 1, close - comma - 1)));
    at = close + 1;
  }
  return cells;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

Position parse_position(const State& state) {
  Position position;
  try {
    for (const std::string& token : split(state, ' ')) {
      if (token.rfind("P(", 0) == 0) {
        const auto parts = split(token.substr(2, token.size() - 3), ',');
        position.x = std::stoi(parts.at(0));
        position.y = std::stoi(parts.at(1));
      } else if (token.rfind("G(", 0) == 0) {
        const auto parts = split(token.substr(2, token.size() - 3), ',');
        Ghost ghost;
        ghost.x2 = parse_half(parts.at(0));
        ghost.y2 = parse_half(parts.at(1));
        ghost.facing = direction(parts.at(2)).name;
        if (parts.size() > 3) ghost.scared = std::stoi(parts[3].substr(parts[3].find('=') + 1));
        position.ghosts.push_back(ghost);
      } else if (token.rfind("food{", 0) == 0) {
        position.food = parse_cells(token.substr(5, token.size() - 6));
      } else if (token.rfind("capsules{", 0) == 0) {
        position.capsules = parse_cells(token.substr(9, token.size() - 10));
      } else if (token.rfind("score=", 0) == 0) {
        position.score = std::stol(token.substr(6));
      } else if (token == "win") {
        position.win = true;
      } else if (token == "lose") {
        position.lose = true;
      } else {
        throw std::invalid_argument("unknown part '" + token + "'");
      }
    }
  } catch (const std::logic_error& error) {
    throw std::invalid_argument("not a Pacman state: '" + state + "' (" + error.what() + ")");
  }
  return position;
}

// Berkeley's canKill: within 0.7 (Manhattan), i.e. at most half a square apart.
bool touches(const Position& position, const Ghost& ghost) {
  return std::abs(ghost.x2 - 2 * position.x) + std::abs(ghost.y2 - 2 * position.y) <= 1;
}

void collide(Position& position, Ghost& ghost, const Cell& start) {
  if (ghost.scared > 0) {
    position.score += kEatGhostScore;
    ghost = Ghost{2 * start.first, 2 * start.second, "Stop", 0};
  } else if (!position.win) {
    position.score -= kLoseScore;
    position.lose = true;
  }
}

}  // namespace

PacmanGame::PacmanGame(PacmanLayout layout, int ghosts) : layout_(std::move(layout)) {
  const int available = static_cast<int>(layout_.ghosts.size());
  if (ghosts > available)
    throw std::invalid_argument("the layout has " + std::to_string(available) + " ghost(s), not " +
                                std::to_string(ghosts));
  ghost_count_ = ghosts < 0 ? available : ghosts;
  Position start;
  start.x = layout_.pacman.first;
  start.y = layout_.pacman.second;
  for (int i = 0; i < ghost_count_; ++i)
    start.ghosts.push_back(Ghost{2 * layout_.ghosts[static_cast<std::size_t>(i)].first,
                                 2 * layout_.ghosts[static_cast<std::size_t>(i)].second, "Stop",
                                 0});
  start.food = layout_.food;
  start.capsules = layout_.capsules;
  start_ = text_of(start);
}

std::vector<GameMove> PacmanGame::moves(const State& state, int agent) const {
  const Position position = parse_position(state);
  std::vector<GameMove> result;
  if (position.win || position.lose || agent < 0 || agent > ghost_count_) return result;
  if (agent == 0) {
    for (const Direction& d : kDirections) {
      Position next = position;
      next.x += d.dx;
      next.y += d.dy;
      if (layout_.wall(next.x, next.y)) continue;
      const Cell here{next.x, next.y};
      const auto food = std::lower_bound(next.food.begin(), next.food.end(), here);
      if (food != next.food.end() && *food == here) {
        next.food.erase(food);
        next.score += kFoodScore;
        if (next.food.empty() && !next.lose) {
          next.score += kWinScore;
          next.win = true;
        }
      }
      const auto capsule = std::lower_bound(next.capsules.begin(), next.capsules.end(), here);
      if (capsule != next.capsules.end() && *capsule == here) {
        next.capsules.erase(capsule);
        for (Ghost& ghost : next.ghosts) ghost.scared = kScaredTime;
      }
      next.score -= kTimePenalty;
      for (std::size_t i = 0; i < next.ghosts.size(); ++i)
        if (touches(next, next.ghosts[i])) collide(next, next.ghosts[i], layout_.ghosts[i]);
      result.push_back({d.name, text_of(next), 0.0});
    }
    return result;
  }
  const auto index = static_cast<std::size_t>(agent - 1);
  const Ghost& ghost = position.ghosts[index];
  std::vector<std::string> legal;
  if (ghost.x2 % 2 != 0 || ghost.y2 % 2 != 0) {
    legal.push_back(ghost.facing);  // between squares: it goes on
  } else {
    for (const Direction& d : kDirections)
      if (std::string(d.name) != "Stop" && !layout_.wall(ghost.x2 / 2 + d.dx, ghost.y2 / 2 + d.dy))
        legal.push_back(d.name);
    const auto reverse = std::find(legal.begin(), legal.end(), reverse_of(ghost.facing));
    if (reverse != legal.end() && legal.size() > 1) legal.erase(reverse);
  }
  for (const std::string& action : legal) {
    Position next = position;
    Ghost& moved = next.ghosts[index];
    const Direction& d = direction(action);
    const int step = moved.scared > 0 ? 1 : 2;  // half squares
    moved.x2 += d.dx * step;
    moved.y2 += d.dy * step;
    moved.facing = action;
    if (moved.scared == 1) {  // Berkeley's nearestPoint: a half square rounds up
      moved.x2 += moved.x2 % 2;
      moved.y2 += moved.y2 % 2;
    }
    moved.scared = std::max(0, moved.scared - 1);
    if (touches(next, moved)) collide(next, moved, layout_.ghosts[index]);
    result.push_back({action, text_of(next), 0.0});
  }
  return result;
}

std::vector<double> PacmanGame::directional_ghost(const State& state, int agent, double attack,
                                                  double flee) const {
  const std::vector<GameMove> legal = moves(state, agent);
  if (legal.empty() || agent < 1) return {};
  const Position position = parse_position(state);
  const Ghost& ghost = position.ghosts[static_cast<std::size_t>(agent - 1)];
  const bool scared = ghost.scared > 0;
  const double speed = scared ? 0.5 : 1.0;
  std::vector<double> distance;
  for (const GameMove& move : legal) {
    const Direction& d = direction(move.action);
    distance.push_back(std::abs(ghost.x2 / 2.0 + d.dx * speed - position.x) +
                       std::abs(ghost.y2 / 2.0 + d.dy * speed - position.y));
  }
  const double best = scared ? *std::max_element(distance.begin(), distance.end())
                             : *std::min_element(distance.begin(), distance.end());
  const double best_share = scared ? flee : attack;
  const auto best_count = static_cast<double>(std::count(distance.begin(), distance.end(), best));
  const double rest = (1 - best_share) / static_cast<double>(legal.size());
  std::vector<double> weight(legal.size());
  for (std::size_t i = 0; i < legal.size(); ++i)
    weight[i] = (distance[i] == best ? best_share / best_count : 0.0) + rest;
  // Summed in the order Berkeley's Counter holds them: the best moves first.
  double total = 0.0;
  for (const bool best_first : {true, false})
    for (std::size_t i = 0; i < legal.size(); ++i)
      if ((distance[i] == best) == best_first) total += weight[i];
  for (double& w : weight) w /= total;
  return weight;
}

bool PacmanGame::is_terminal(const State& state) const {
  const Position position = parse_position(state);
  return position.win || position.lose;
}

double PacmanGame::evaluate(const State& state) const {
  return static_cast<double>(parse_position(state).score);
}

int PacmanGame::outcome(const State& state) const {
  const Position position = parse_position(state);
  return position.win ? 1 : position.lose ? -1 : 0;
}

}  // namespace sg::ref
