#include "reference/min_conflicts.h"

namespace sg::ref {

namespace {

// AIMA's min_conflicts_value: argmin_random_tie over the domain, that is, the first value of
// least conflicts in a shuffled copy of the domain.
std::size_t least_conflicts_value(const Csp& csp, std::size_t variable,
                                  const CspAssignment& assignment, PythonRandom& random) {
  std::vector<std::size_t> values = csp.domain(variable);
  random.shuffle(values);
  std::size_t best = values.front();
  std::size_t fewest = csp.conflicts(variable, best, assignment);
  for (std::size_t i = 1; i < values.size(); ++i) {
    const std::size_t conflicts = csp.conflicts(variable, values[i], assignment);
    if (conflicts < fewest) {
      fewest = conflicts;
      best = values[i];
    }
  }
  return best;
}

}  // namespace

std::vector<std::size_t> conflicted_variables(const Csp& csp, const CspAssignment& assignment) {
  std::vector<std::size_t> conflicted;
  for (std::size_t v = 0; v < csp.size(); ++v)
    if (assignment[v] && csp.conflicts(v, *assignment[v], assignment) > 0) conflicted.push_back(v);
  return conflicted;
}

MinConflictsRun min_conflicts(const Csp& csp, PythonRandom& random, std::size_t max_steps,
                              RepairChoice repair) {
  std::vector<std::size_t> every(csp.size());
  for (std::size_t v = 0; v < every.size(); ++v) every[v] = v;
  MinConflictsRun run;
  run.assignment.assign(csp.size(), std::nullopt);
  const auto assign = [&](std::size_t variable, std::size_t value) {
    run.assignment[variable] = value;
    run.assignments.emplace_back(variable, value);
  };
  for (std::size_t v = 0; v < csp.size(); ++v) {
    if (csp.domain(v).empty()) return run;  // min() of an empty sequence: nothing to assign
    assign(v, least_conflicts_value(csp, v, run.assignment, random));
  }
  for (std::size_t step = 0; step < max_steps; ++step) {
    const std::vector<std::size_t> conflicted = conflicted_variables(csp, run.assignment);
    if (conflicted.empty()) {
      run.solved = true;
      return run;
    }
    const std::size_t variable =
        random.choice(repair == RepairChoice::conflicted ? conflicted : every);
    assign(variable, least_conflicts_value(csp, variable, run.assignment, random));
    ++run.steps;
  }
  return run;
}

}  // namespace sg::ref
