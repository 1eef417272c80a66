// Simulated annealing (AIMA figure 4.5) on a local-search space, drawing as AIMA's Python code
// does through CPython's `random` (reference/python_random.h), so that a run whose seed a spec
// prescribes is exact: at each time t = 0, 1, ... the temperature T = schedule(t); at T = 0 the
// run ends; else a neighbour is drawn with random.choice, and taken when it is better, or
// otherwise when exp(delta / T) > random.uniform(0, 1) (the uniform drawn only then), delta the
// change of value signed so that a better move is positive. This file has no I/O.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "reference/local_search.h"
#include "reference/python_random.h"

namespace sg::ref {

/// The temperature at each time step, as a spec names it.
struct AnnealingSchedule {
  enum class Kind {
    exponential,  ///< AIMA's exp_schedule: k * exp(-lambda * t) while t < limit, then 0.
    geometric,    ///< initial * alpha^t while at least `minimum`, then 0.
  };
  Kind kind = Kind::exponential;
  double k = 20.0, lambda = 0.005;                       ///< exponential (AIMA's defaults)
  std::size_t limit = 100;                               ///< exponential: the first time step at 0
  double initial = 100.0, alpha = 0.95, minimum = 0.01;  ///< geometric

  /// The temperature at time `t` (0 ends the run).
  double temperature(std::size_t t) const;
};

/// One time step: the temperature, the neighbour drawn, its value, the uniform drawn (when the
/// move was not better) and whether the move was taken.
struct AnnealStep {
  double temperature = 0.0;
  LocalState proposed;
  double proposed_value = 0.0;
  std::optional<double> draw;
  bool accepted = false;
};

/// A run: the current state after each step (the start first) and its value, and the steps.
struct AnnealRun {
  std::vector<LocalState> path;
  std::vector<double> values;
  std::vector<AnnealStep> steps;
};

/// Anneals from `start` under `schedule`, improving `objective`, drawing from `random`; ends at
/// temperature 0, at a state with no neighbours, or after `max_steps`. Throws
/// std::invalid_argument when `start` is not a state of the space.
AnnealRun simulated_annealing(const LocalSpace& space, const LocalState& start,
                              const AnnealingSchedule& schedule, Objective objective,
                              PythonRandom& random, std::size_t max_steps = 1000000);

}  // namespace sg::ref
