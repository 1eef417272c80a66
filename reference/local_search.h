// Local search (AIMA chapter 4): a space of complete states, each with its neighbours and a
// value, and hill climbing with the policies courses name: which way is better (minimise or
// maximise), whether the current state competes with its neighbours, how ties are broken, and
// when the climb stops. UW-Madison CS540's "Hill Climbing" (N-Queens with a static queen) is the
// first space: its succ, f, choose_next and n_queens are StaticQueens::neighbours, value,
// choose_next and hill_climb here. This file has no I/O.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sg::ref {

class PythonRandom;

/// A complete state: for N-Queens, state[column] = the row of that column's queen (0-based).
using LocalState = std::vector<int>;

/// A local-search space.
class LocalSpace {
 public:
  virtual ~LocalSpace() = default;
  /// The neighbours of `state`, in the space's order; empty where it has none.
  virtual std::vector<LocalState> neighbours(const LocalState& state) const = 0;
  /// The state's value (an objective the search minimises or maximises).
  virtual double value(const LocalState& state) const = 0;
  /// Whether `state` belongs to the space (the right size, on the board, the space's own rules).
  virtual bool is_state(const LocalState& state) const = 0;
  /// Why `state` is not a state of the space, in the space's terms ("column 3's queen is on row
  /// 8, off the 8 x 8 board"); empty when it is one.
  virtual std::string why_not_state(const LocalState& state) const = 0;
  /// The state as its world's Python code prints it: a list ("[0, 2, 4]") by default.
  virtual std::string text(const LocalState& state) const;
};

/// N-Queens on an n x n board where the square (static_x, static_y) (column, row) always holds
/// a queen (CS540). Neighbours: every state that moves ONE non-static queen one row up or down,
/// staying on the board (queens may share rows and diagonals), in ascending order as Python's
/// sorted() lists them; none when state[static_x] != static_y. Value: the number of queens
/// attacked by at least one other queen (same row or diagonal), each counted once.
class StaticQueens : public LocalSpace {
 public:
  /// Throws std::invalid_argument unless 0 <= static_x, static_y < n and n >= 1.
  StaticQueens(int n, int static_x, int static_y);

  std::vector<LocalState> neighbours(const LocalState& state) const override;
  double value(const LocalState& state) const override;
  /// n queens, each on the board, the static square holding one.
  bool is_state(const LocalState& state) const override;
  std::string why_not_state(const LocalState& state) const override;

  /// A random state as CS540's n_queens_restart draws one: randint(0, n - 1) for each column
  /// but the static one, in column order.
  LocalState random_state(PythonRandom& random) const;

  int size() const { return n_; }
  int static_x() const { return static_x_; }
  int static_y() const { return static_y_; }

 private:
  int n_, static_x_, static_y_;
};

/// Whether lower or higher values are better.
enum class Objective { minimise, maximise };

/// Which of several equally good candidates hill climbing takes.
enum class ClimbTie {
  lowest_state,     ///< The lowest in sorted order (CS540's choose_next).
  first_generated,  ///< The first in the space's order (the current state last).
  random,           ///< random.choice among them, in the space's order (the current state last).
};

/// How hill climbing picks the next state (AIMA 4.1.1).
enum class ClimbChoice {
  steepest,      ///< The best candidate (ties by ClimbTie).
  first_choice,  ///< random.shuffle the neighbours, then the first better than the current state.
  stochastic,    ///< random.choice among the neighbours better than the current state.
};

/// When the climb stops (besides reaching `target`).
enum class ClimbStop {
  no_better,     ///< The chosen state is no better than the current one (AIMA's HILL-CLIMBING).
  equal_values,  ///< Two consecutive states have the same value (CS540's n_queens).
};

/// Hill climbing's named policies, defaults as CS540's n_queens.
struct HillClimbOptions {
  Objective objective = Objective::minimise;
  bool current_competes = true;  ///< The current state is a candidate too (choose_next).
  ClimbTie tie = ClimbTie::lowest_state;
  ClimbStop stop = ClimbStop::equal_values;
  std::optional<double> target = 0.0;  ///< Stop at the first state of this value; none: never.
  std::size_t max_steps = 100000;      ///< A step cap (a climb that never settles).
  ClimbChoice choice = ClimbChoice::steepest;
  /// Under no_better: moves to a state of equal value allowed in a row (AIMA's sideways moves;
  /// 0: none). A better move resets the count.
  std::size_t sideways = 0;
  /// The draws for first_choice, stochastic and a random tie (required by them; not owned).
  PythonRandom* random = nullptr;
};

/// A climb: the states in order (the start first) and their values.
struct HillClimbRun {
  std::vector<LocalState> path;
  std::vector<double> values;
  bool capped = false;  ///< Stopped by max_steps.
};

/// The state hill climbing moves to from `current` (CS540's choose_next): the best of the
/// neighbours (and of `current` where it competes), ties broken by `options.tie`; nullopt where
/// the space gives `current` no neighbours and it does not compete.
std::optional<LocalState> choose_next(const LocalSpace& space, const LocalState& current,
                                      const HillClimbOptions& options);

/// Climbs from `start` (CS540's n_queens): chooses the next state until the target value, the
/// stop rule, or the step cap. Under equal_values the last two states have the same value (both
/// kept); under no_better the climb ends at the last state that improved (or moved sideways,
/// within options.sideways). Throws std::invalid_argument when `start` is not a state of the
/// space, or when the options draw and give no generator.
HillClimbRun hill_climb(const LocalSpace& space, const LocalState& start,
                        const HillClimbOptions& options);

/// Random-restart hill climbing: up to `k` climbs, each from `draw_start(random)`, stopping after
/// the first that ends at options.target. The climbs in order. Throws as hill_climb does.
std::vector<HillClimbRun> random_restarts(
    const LocalSpace& space, const std::function<LocalState(PythonRandom&)>& draw_start,
    const HillClimbOptions& options, std::size_t k, PythonRandom& random);

}  // namespace sg::ref
