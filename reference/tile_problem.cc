#include "reference/tile_problem.h"

#include <sstream>

namespace sg::ref {

State tiles_state(const Tiles& tiles) {
  std::string text = "[";
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(tiles[i]);
  }
  return text + "]";
}

std::optional<Tiles> parse_tiles_state(const State& state) {
  if (state.size() < 2 || state.front() != '[' || state.back() != ']') return std::nullopt;
  Tiles tiles;
  std::istringstream in(state.substr(1, state.size() - 2));
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      std::size_t used = 0;
      tiles.push_back(std::stoi(item, &used));
      if (item.find_first_not_of(' ', used) != std::string::npos) return std::nullopt;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  if (tiles_state(tiles) != state) return std::nullopt;  // canonical spelling only
  return tiles;
}

TileProblem::TileProblem(TilePuzzle puzzle, Tiles start, Heuristic heuristic,
                         std::vector<BlankMove> order)
    : puzzle_(std::move(puzzle)),
      start_(std::move(start)),
      heuristic_(heuristic),
      order_(std::move(order)) {}

std::vector<Step> TileProblem::successors(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  if (!tiles || !puzzle_.validate(*tiles).empty()) return {};
  const std::vector<Successor> next =
      order_.empty() ? puzzle_.successors_ascending(*tiles) : puzzle_.successors(*tiles, order_);
  std::vector<Step> steps;
  for (const Successor& successor : next)
    steps.push_back({to_string(successor.move), tiles_state(successor.state), 1.0});
  return steps;
}

bool TileProblem::is_goal(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  return tiles && puzzle_.is_goal(*tiles);
}

double TileProblem::h(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  return tiles ? evaluate(puzzle_, *tiles, heuristic_) : 0.0;
}

bool TileProblem::is_state(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  return tiles && puzzle_.validate(*tiles).empty();
}

}  // namespace sg::ref
