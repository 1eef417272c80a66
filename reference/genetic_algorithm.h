// The genetic algorithm (AIMA figure 4.8), drawing as AIMA's Python code does through CPython's
// `random` (reference/python_random.h), so that a run whose seed a spec prescribes is exact.
// Each generation makes as many children as the population has, one at a time: two parents
// drawn by fitness-proportionate selection (each a random.uniform(0, total) placed among the
// running totals of the fitnesses, bisect_right), one crossover point c = randrange(0, n) (the
// child is x[:c] + y[c:]), and a mutation with probability pmut (random.uniform(0, 1) < pmut:
// then a position randrange(0, n) takes the gene gene_pool[randrange(0, len(gene_pool))]).
// After each generation the run ends when the fittest individual reaches the threshold. This
// file has no I/O.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "reference/local_search.h"  // LocalState: an individual's genes
#include "reference/python_random.h"

namespace sg::ref {

/// The genetic algorithm's parameters, AIMA's names and defaults.
struct GeneticOptions {
  std::vector<int> gene_pool = {0, 1};
  /// Ends the run when the fittest reaches it. As AIMA's code reads it, 0 (falsy) is no
  /// threshold.
  std::optional<double> threshold;
  std::size_t generations = 1000;  ///< ngen
  double mutation = 0.1;           ///< pmut
};

/// A run: each generation's population (the first: the initial one) and the fittest
/// individual (the first of the highest fitness in the last population).
struct GeneticRun {
  std::vector<std::vector<LocalState>> generations;
  LocalState fittest;
  double fitness = 0.0;
};

/// Evolves `population` under `fitness` (to maximise; never negative), drawing from `random`.
/// Throws std::invalid_argument for an empty population or gene pool, individuals of differing
/// lengths, or a generation whose fitnesses sum to 0 (selection has nothing to weigh; AIMA's
/// code raises IndexError there).
GeneticRun genetic_algorithm(std::vector<LocalState> population,
                             const std::function<double(const LocalState&)>& fitness,
                             const GeneticOptions& options, PythonRandom& random);

}  // namespace sg::ref
