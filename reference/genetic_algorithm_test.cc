#include "reference/genetic_algorithm.h"

#include <gtest/gtest.h>

#include "reference/python_oracle_test_util.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace genetic_algorithm_test {

// AIMA's genetic algorithm written in Python (fitness-proportionate selection by bisect over
// running totals, one crossover point, a mutation with probability pmut), on 8-queens with the
// textbook's fitness: the pairs of queens that do not attack each other (28 for a solution).
const char* const kGenetic = R"py(
import bisect, json, random, sys
def fitness(ind):
    n = len(ind)
    return sum(1 for a in range(n) for b in range(a + 1, n)
               if ind[a] != ind[b] and abs(ind[a] - ind[b]) != b - a)
def genetic(population, gene_pool, threshold, generations, pmut):
    history = [population]
    for _ in range(generations):
        totals = []
        for w in map(fitness, population):
            totals.append(w + totals[-1] if totals else w)
        def sample():
            return population[bisect.bisect(totals, random.uniform(0, totals[-1]))]
        children = []
        for _ in range(len(population)):
            x, y = sample(), sample()
            c = random.randrange(0, len(x))
            child = x[:c] + y[c:]
            if random.uniform(0, 1) < pmut:
                c = random.randrange(0, len(child))
                child = child[:c] + [gene_pool[random.randrange(0, len(gene_pool))]] + child[c + 1:]
            children.append(child)
        population = children
        history.append(population)
        if threshold and fitness(max(population, key=fitness)) >= threshold:
            break
    return history, max(population, key=fitness)
out = []
for seed, size, generations, pmut in json.loads(sys.argv[1]):
    random.seed(seed)
    population = [[random.randrange(8) for _ in range(8)] for _ in range(size)]
    history, best = genetic(population, list(range(8)), 28, generations, pmut)
    out.append([history, best])
print(json.dumps(out))
)py";

double non_attacking_pairs(const LocalState& individual) {
  int pairs = 0;
  for (std::size_t a = 0; a < individual.size(); ++a)
    for (std::size_t b = a + 1; b < individual.size(); ++b) {
      const int rows = std::abs(individual[a] - individual[b]);
      if (rows != 0 && rows != static_cast<int>(b - a)) ++pairs;
    }
  return pairs;
}

TEST(GeneticAlgorithm, DrawsAsAimasCodeDoesInPython) {
  const nlohmann::json cases = nlohmann::json::parse(
      "[[1, 8, 30, 0.1], [2, 20, 40, 0.2], [3, 6, 60, 0.5], [4, 12, 25, 0.05]]");
  std::string text;
  const nlohmann::json expected = test_util::run_python_json(kGenetic, cases, &text);
  ASSERT_TRUE(expected.is_array() && expected.size() == cases.size()) << text.substr(0, 500);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].dump());
    PythonRandom random(cases[i][0].get<int>());
    std::vector<LocalState> population;
    for (int j = 0; j < cases[i][1].get<int>(); ++j) {
      LocalState individual;
      for (int gene = 0; gene < 8; ++gene)
        individual.push_back(static_cast<int>(random.randrange(8)));
      population.push_back(individual);
    }
    GeneticOptions options;
    options.gene_pool = {0, 1, 2, 3, 4, 5, 6, 7};
    options.threshold = 28;
    options.generations = cases[i][2].get<std::size_t>();
    options.mutation = cases[i][3].get<double>();
    const GeneticRun run = genetic_algorithm(population, non_attacking_pairs, options, random);
    EXPECT_EQ(nlohmann::json(run.generations), expected[i][0]);
    EXPECT_EQ(nlohmann::json(run.fittest), expected[i][1]);
    EXPECT_EQ(run.fitness, non_attacking_pairs(run.fittest));
  }
}

TEST(GeneticAlgorithm, RefusesWhatSelectionCannotWeigh) {
  PythonRandom random(1);
  const auto zero = [](const LocalState&) { return 0.0; };
  EXPECT_THROW(genetic_algorithm({{0, 1}, {1, 0}}, zero, {}, random), std::invalid_argument);
  EXPECT_THROW(genetic_algorithm({}, non_attacking_pairs, {}, random), std::invalid_argument);
  EXPECT_THROW(genetic_algorithm({{0, 1}, {1}}, non_attacking_pairs, {}, random),
               std::invalid_argument);
}

}  // namespace genetic_algorithm_test
}  // namespace
}  // namespace sg::ref
