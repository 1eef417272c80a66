#include "reference/tile_problem.h"

#include <charconv>

namespace sg::ref {

// Both run once per state a search generates (a board's text is its State): one pass each, no
// streams (parsing with istringstream was a fifth of an 8-puzzle A*'s time).
State tiles_state(const Tiles& tiles) {
  std::string text;
  text.reserve(2 + tiles.size() * 4);
  text += '[';
  char digits[16];
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i > 0) text += ", ";
    const auto end = std::to_chars(digits, digits + sizeof digits, tiles[i]).ptr;
    text.append(digits, end);
  }
  text += ']';
  return text;
}

std::optional<Tiles> parse_tiles_state(const State& state) {
  // Canonical spelling only, as tiles_state writes it: "[1, 2, 0]", no leading zeros, no "-0".
  const std::size_t n = state.size();
  if (n < 2 || state.front() != '[' || state.back() != ']') return std::nullopt;
  Tiles tiles;
  if (n == 2) return tiles;
  std::size_t at = 1;
  for (;;) {
    const std::size_t begin = at;
    if (state[at] == '-') ++at;
    const std::size_t first_digit = at;
    while (at < n && state[at] >= '0' && state[at] <= '9') ++at;
    const std::size_t digits = at - first_digit;
    if (digits == 0 || digits > 9) return std::nullopt;
    if (state[first_digit] == '0' && (digits > 1 || first_digit > begin)) return std::nullopt;
    int value = 0;
    std::from_chars(state.data() + begin, state.data() + at, value);
    tiles.push_back(value);
    if (at == n - 1) return tiles;  // the closing ']'
    if (at + 2 >= n || state[at] != ',' || state[at + 1] != ' ') return std::nullopt;
    at += 2;
  }
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
