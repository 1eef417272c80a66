#include "reference/local_search.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "reference/python_random.h"

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

LocalState StaticQueens::random_state(PythonRandom& random) const {
  LocalState state(static_cast<std::size_t>(n_));
  for (int column = 0; column < n_; ++column)
    state[static_cast<std::size_t>(column)] =
        column == static_x_ ? static_y_ : static_cast<int>(random.randint(0, n_ - 1));
  return state;
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

// The draws the options name; throws when they give none.
PythonRandom& draws_of(const HillClimbOptions& options) {
  if (options.random == nullptr)
    throw std::invalid_argument(
        "first-choice, stochastic and random-tie hill climbing draw: "
        "give them a PythonRandom");
  return *options.random;
}

}  // namespace

std::optional<LocalState> choose_next(const LocalSpace& space, const LocalState& current,
                                      const HillClimbOptions& options) {
  if (options.choice != ClimbChoice::steepest) {
    PythonRandom& random = draws_of(options);
    const double now = space.value(current);
    std::vector<LocalState> neighbours = space.neighbours(current);
    if (options.choice == ClimbChoice::first_choice) {
      random.shuffle(neighbours);
      for (LocalState& neighbour : neighbours)
        if (better(space.value(neighbour), now, options.objective)) return std::move(neighbour);
      return std::nullopt;
    }
    std::vector<LocalState> uphill;
    for (LocalState& neighbour : neighbours)
      if (better(space.value(neighbour), now, options.objective))
        uphill.push_back(std::move(neighbour));
    if (uphill.empty()) return std::nullopt;
    return random.choice(uphill);
  }
  std::vector<LocalState> candidates = space.neighbours(current);
  if (options.current_competes) candidates.push_back(current);
  if (candidates.empty()) return std::nullopt;
  const LocalState* best = nullptr;
  double best_value = 0.0;
  std::vector<const LocalState*> tied;  // ClimbTie::random: every best one, in order
  for (const LocalState& candidate : candidates) {
    const double value = space.value(candidate);
    if (best == nullptr || better(value, best_value, options.objective)) {
      best = &candidate;
      best_value = value;
      tied = {&candidate};
    } else if (value == best_value) {
      tied.push_back(&candidate);
      if (options.tie == ClimbTie::lowest_state && candidate < *best) best = &candidate;
    }
  }
  if (options.tie == ClimbTie::random) return *draws_of(options).choice(tied);
  return *best;
}

HillClimbRun hill_climb(const LocalSpace& space, const LocalState& start,
                        const HillClimbOptions& options) {
  if (!space.is_state(start))
    throw std::invalid_argument("hill climbing must start from a state of the space");
  HillClimbRun run;
  run.path.push_back(start);
  run.values.push_back(space.value(start));
  std::size_t sideways = 0;  // sideways moves in a row
  while (!(options.target && run.values.back() == *options.target)) {
    if (run.path.size() > options.max_steps) {
      run.capped = true;
      break;
    }
    const std::optional<LocalState> next = choose_next(space, run.path.back(), options);
    if (!next) break;
    const double value = space.value(*next);
    const bool equal = value == run.values.back();
    if (options.stop == ClimbStop::no_better) {
      if (better(value, run.values.back(), options.objective))
        sideways = 0;
      else if (equal && sideways < options.sideways)
        ++sideways;
      else
        break;
    }
    run.path.push_back(*next);
    run.values.push_back(value);
    if (options.stop == ClimbStop::equal_values && equal) break;
  }
  return run;
}

std::vector<HillClimbRun> random_restarts(
    const LocalSpace& space, const std::function<LocalState(PythonRandom&)>& draw_start,
    const HillClimbOptions& options, std::size_t k, PythonRandom& random) {
  std::vector<HillClimbRun> climbs;
  for (std::size_t restart = 0; restart < k; ++restart) {
    climbs.push_back(hill_climb(space, draw_start(random), options));
    if (options.target && climbs.back().values.back() == *options.target) break;
  }
  return climbs;
}

}  // namespace sg::ref
