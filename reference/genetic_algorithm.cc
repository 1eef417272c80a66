#include "reference/genetic_algorithm.h"

#include <algorithm>
#include <stdexcept>

namespace sg::ref {
namespace {

// Fitness-proportionate selection of one individual: bisect_right of a uniform draw among the
// running totals.
const LocalState& select_one(const std::vector<LocalState>& population,
                             const std::vector<double>& totals, PythonRandom& random) {
  const double draw = random.uniform(0.0, totals.back());
  const auto at = std::upper_bound(totals.begin(), totals.end(), draw) - totals.begin();
  if (static_cast<std::size_t>(at) >= population.size())
    throw std::invalid_argument("selection drew past the last individual (fitnesses sum to 0)");
  return population[static_cast<std::size_t>(at)];
}

// The first individual of the highest fitness (Python's max).
std::size_t fittest_of(const std::vector<double>& fitnesses) {
  return static_cast<std::size_t>(std::max_element(fitnesses.begin(), fitnesses.end()) -
                                  fitnesses.begin());
}

}  // namespace

GeneticRun genetic_algorithm(std::vector<LocalState> population,
                             const std::function<double(const LocalState&)>& fitness,
                             const GeneticOptions& options, PythonRandom& random) {
  if (population.empty()) throw std::invalid_argument("an empty population");
  if (options.gene_pool.empty()) throw std::invalid_argument("an empty gene pool");
  const std::size_t length = population.front().size();
  for (const LocalState& individual : population)
    if (individual.size() != length || length == 0)
      throw std::invalid_argument("individuals of one length, at least 1");
  const auto fitnesses_of = [&](const std::vector<LocalState>& individuals) {
    std::vector<double> values;
    for (const LocalState& individual : individuals) values.push_back(fitness(individual));
    return values;
  };
  GeneticRun run;
  run.generations.push_back(population);
  std::vector<double> fitnesses = fitnesses_of(population);
  const bool has_threshold = options.threshold && *options.threshold != 0.0;
  for (std::size_t generation = 0; generation < options.generations; ++generation) {
    std::vector<double> totals;
    for (const double value : fitnesses)
      totals.push_back(totals.empty() ? value : totals.back() + value);
    std::vector<LocalState> children;
    for (std::size_t i = 0; i < population.size(); ++i) {
      const LocalState& x = select_one(population, totals, random);
      const LocalState& y = select_one(population, totals, random);
      const auto cut =
          static_cast<std::size_t>(random.randrange(0, static_cast<std::int64_t>(length)));
      LocalState child(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(cut));
      child.insert(child.end(), y.begin() + static_cast<std::ptrdiff_t>(cut), y.end());
      if (random.uniform(0.0, 1.0) < options.mutation) {
        const auto place =
            static_cast<std::size_t>(random.randrange(0, static_cast<std::int64_t>(length)));
        child[place] = options.gene_pool[static_cast<std::size_t>(
            random.randrange(0, static_cast<std::int64_t>(options.gene_pool.size())))];
      }
      children.push_back(std::move(child));
    }
    population = std::move(children);
    fitnesses = fitnesses_of(population);
    run.generations.push_back(population);
    if (has_threshold && fitnesses[fittest_of(fitnesses)] >= *options.threshold) break;
  }
  const std::size_t best = fittest_of(fitnesses);
  run.fittest = population[best];
  run.fitness = fitnesses[best];
  return run;
}

}  // namespace sg::ref
