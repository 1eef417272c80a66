#include "reference/simulated_annealing.h"

#include <cmath>
#include <stdexcept>

namespace sg::ref {

double AnnealingSchedule::temperature(std::size_t t) const {
  if (kind == Kind::exponential)
    return t < limit ? k * std::exp(-lambda * static_cast<double>(t)) : 0.0;
  const double value = initial * std::pow(alpha, static_cast<double>(t));
  return value >= minimum ? value : 0.0;
}

AnnealRun simulated_annealing(const LocalSpace& space, const LocalState& start,
                              const AnnealingSchedule& schedule, Objective objective,
                              PythonRandom& random, std::size_t max_steps) {
  if (!space.is_state(start))
    throw std::invalid_argument("simulated annealing must start from a state of the space");
  AnnealRun run;
  run.path.push_back(start);
  run.values.push_back(space.value(start));
  for (std::size_t t = 0; t < max_steps; ++t) {
    const double temperature = schedule.temperature(t);
    if (temperature == 0.0) break;
    const std::vector<LocalState> neighbours = space.neighbours(run.path.back());
    if (neighbours.empty()) break;
    AnnealStep step;
    step.temperature = temperature;
    step.proposed = random.choice(neighbours);
    step.proposed_value = space.value(step.proposed);
    const double change = step.proposed_value - run.values.back();
    const double delta = objective == Objective::maximise ? change : -change;
    if (delta > 0) {
      step.accepted = true;
    } else {
      step.draw = random.uniform(0.0, 1.0);
      step.accepted = std::exp(delta / temperature) > *step.draw;
    }
    if (step.accepted) {
      run.path.push_back(step.proposed);
      run.values.push_back(step.proposed_value);
    } else {
      run.path.push_back(run.path.back());
      run.values.push_back(run.values.back());
    }
    run.steps.push_back(std::move(step));
  }
  return run;
}

}  // namespace sg::ref
