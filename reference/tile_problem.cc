#include "reference/tile_problem.h"

#include <algorithm>
#include <charconv>

namespace sg::ref {

// Both run once per state a search generates (a board's text is its State): one pass each, no
// streams (parsing with istringstream was a fifth of an 8-puzzle A*'s time).
State tiles_state(const Tiles& tiles) {
  // Written through a pointer into room for the longest spelling (11 characters an int, 2 a
  // separator), then cut to length: one allocation, no per-character calls.
  std::string text(2 + tiles.size() * 13, '\0');
  char* at = text.data();
  char* const end = at + text.size();
  *at++ = '[';
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i > 0) {
      *at++ = ',';
      *at++ = ' ';
    }
    at = std::to_chars(at, end, tiles[i]).ptr;
  }
  *at++ = ']';
  text.resize(static_cast<std::size_t>(at - text.data()));
  return text;
}

std::optional<Tiles> parse_tiles_state(const State& state) {
  // Canonical spelling only, as tiles_state writes it: "[1, 2, 0]", no leading zeros, no "-0".
  const std::size_t n = state.size();
  if (n < 2 || state.front() != '[' || state.back() != ']') return std::nullopt;
  Tiles tiles;
  if (n == 2) return tiles;
  // One allocation: the cells are one more than the separators.
  tiles.reserve(static_cast<std::size_t>(std::count(state.begin(), state.end(), ',')) + 1);
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
      order_(std::move(order)),
      goal_text_(tiles_state(puzzle_.goal())) {}

std::vector<Step> TileProblem::successors(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  if (!tiles || !puzzle_.is_board(*tiles)) return {};
  const std::vector<Successor> next =
      order_.empty() ? puzzle_.successors_ascending(*tiles) : puzzle_.successors(*tiles, order_);
  std::vector<Step> steps;
  steps.reserve(next.size());
  for (const Successor& successor : next)
    steps.push_back({to_string(successor.move), tiles_state(successor.state), 1.0});
  return steps;
}

bool TileProblem::is_goal(const State& state) const {
  // A board has one canonical text (parse_tiles_state reads no other), so comparing texts is
  // comparing boards, without reading the state.
  return state == goal_text_;
}

double TileProblem::h(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  return tiles ? evaluate(puzzle_, *tiles, heuristic_) : 0.0;
}

bool TileProblem::is_state(const State& state) const {
  const auto tiles = parse_tiles_state(state);
  return tiles && puzzle_.is_board(*tiles);
}

}  // namespace sg::ref
