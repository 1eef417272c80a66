#include "reference/local_search.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace sg::ref {

std::string LocalSpace::text(const LocalState& state) const {
  std::string text = "[";
  for (std::size_t i = 0; i < state.size(); ++i)
    text += (i == 0 ? "" : ", ") + std::to_string(state[i]);
  return text + "]";
}

StaticQueens::StaticQueens(int n, int static_x, int static_y)
    : n_(n), static_x_(static_x), static_y_(static_y) {
  if (n < 1 || static_x < 0 || static_x >= n || static_y < 0 || static_y >= n)
    throw std::invalid_argument("the static square must be on an n x n board, n >= 1");
}

std::vector<LocalState> StaticQueens::neighbours(const LocalState& state) const {
  std::vector<LocalState> found;
  if (!is_state(state)) return found;
  for (int column = 0; column < n_; ++column) {
    if (column == static_x_) continue;
    for (const int step : {-1, 1}) {
      const int row = state[static_cast<std::size_t>(column)] + step;
      if (row < 0 || row >= n_) continue;
      LocalState next = state;
      next[static_cast<std::size_t>(column)] = row;
      found.push_back(std::move(next));
    }
  }
  std::sort(found.begin(), found.end());  // Python's sorted() on lists of ints: lexicographic
  return found;
}

double StaticQueens::value(const LocalState& state) const {
  const std::size_t n = state.size();
  int attacked = 0;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      if (a == b) continue;
      const int rows = std::abs(state[a] - state[b]);
      const int columns = static_cast<int>(a > b ? a - b : b - a);
      if (rows == 0 || rows == columns) {
        ++attacked;
        break;
      }
    }
  }
  return attacked;
}

bool StaticQueens::is_state(const LocalState& state) const { return why_not_state(state).empty(); }

std::string StaticQueens::why_not_state(const LocalState& state) const {
  const std::string board = std::to_string(n_) + " x " + std::to_string(n_) + " board";
  if (state.size() != static_cast<std::size_t>(n_))
    return "it has " + std::to_string(state.size()) + " columns, not " + std::to_string(n_);
  for (std::size_t column = 0; column < state.size(); ++column)
    if (state[column] < 0 || state[column] >= n_)
      return "column " + std::to_string(column) + "'s queen is on row " +
             std::to_string(state[column]) + ", off the " + board;
  const int held = state[static_cast<std::size_t>(static_x_)];
  if (held != static_y_)
    return "the static square (" + std::to_string(static_x_) + ", " + std::to_string(static_y_) +
           ") holds no queen: column " + std::to_string(static_x_) + "'s queen is on row " +
           std::to_string(held);
  return "";
}

namespace {

// Whether value `a` is better than `b` under the objective.
bool better(double a, double b, Objective objective) {
  return objective == Objective::minimise ? a < b : a > b;
}

}  // namespace

std::optional<LocalState> choose_next(const LocalSpace& space, const LocalState& current,
                                      const HillClimbOptions& options) {
  std::vector<LocalState> candidates = space.neighbours(current);
  if (options.current_competes) candidates.push_back(current);
  if (candidates.empty()) return std::nullopt;
  const LocalState* best = nullptr;
  double best_value = 0.0;
  for (const LocalState& candidate : candidates) {
    const double value = space.value(candidate);
    if (best == nullptr || better(value, best_value, options.objective) ||
        (value == best_value && options.tie == ClimbTie::lowest_state && candidate < *best)) {
      best = &candidate;
      best_value = value;
    }
  }
  return *best;
}

HillClimbRun hill_climb(const LocalSpace& space, const LocalState& start,
                        const HillClimbOptions& options) {
  if (!space.is_state(start))
    throw std::invalid_argument("hill climbing must start from a state of the space");
  HillClimbRun run;
  run.path.push_back(start);
  run.values.push_back(space.value(start));
  while (!(options.target && run.values.back() == *options.target)) {
    if (run.path.size() > options.max_steps) {
      run.capped = true;
      break;
    }
    const std::optional<LocalState> next = choose_next(space, run.path.back(), options);
    if (!next) break;
    const double value = space.value(*next);
    if (options.stop == ClimbStop::no_better &&
        !better(value, run.values.back(), options.objective))
      break;
    const bool equal = value == run.values.back();
    run.path.push_back(*next);
    run.values.push_back(value);
    if (options.stop == ClimbStop::equal_values && equal) break;
  }
  return run;
}

}  // namespace sg::ref
