#include "reference/python_random.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <numeric>
#include <string>

#include "reference/python_oracle_test_util.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace python_random_test {

// The draws both sides make for one seed, in order (the same calls on each side).
const char* const kDraws = R"py(
import json, random, sys
seeds = json.loads(sys.argv[1])
out = []
for seed in seeds:
    r = random.Random(seed)
    d = [r.random(), r.random()]
    d += [r.getrandbits(k) for k in (1, 7, 31, 32, 33, 53, 64)]
    d += [r.randrange(10), r.randrange(3, 17), r.randrange(20, 2, -3), r.randrange(0, 100, 7)]
    d += [r.randint(0, 7), r.randint(-5, 5), r.randint(0, 2**40)]
    d += [r.choice(list(range(9))), r.uniform(-2.5, 5.0)]
    items = list(range(10)); r.shuffle(items); d += items
    d += r.sample(list(range(30)), 7) + r.sample(list(range(1000)), 8) + r.sample(list(range(6)), 6)
    # N-Queens restarts as CS540 prescribes them: seed(1), then randint(0, n - 1) per column
    # but the static one, for several boards.
    random.seed(seed)
    for n in (4, 8):
        d += [random.randint(0, n - 1) for column in range(n) if column != 1]
    out.append(d)
print(json.dumps(out))
)py";

nlohmann::json cpython_draws(const nlohmann::json& seeds) {
  return test_util::run_python_json(kDraws, seeds);
}

nlohmann::json our_draws(std::int64_t seed) {
  PythonRandom r(seed);
  nlohmann::json d = nlohmann::json::array();
  d.push_back(r.random());
  d.push_back(r.random());
  for (const int k : {1, 7, 31, 32, 33, 53, 64}) d.push_back(r.getrandbits(k));
  d.push_back(r.randrange(10));
  d.push_back(r.randrange(3, 17));
  d.push_back(r.randrange(20, 2, -3));
  d.push_back(r.randrange(0, 100, 7));
  d.push_back(r.randint(0, 7));
  d.push_back(r.randint(-5, 5));
  d.push_back(r.randint(0, std::int64_t{1} << 40));
  std::vector<int> nine(9);
  std::iota(nine.begin(), nine.end(), 0);
  d.push_back(r.choice(nine));
  d.push_back(r.uniform(-2.5, 5.0));
  std::vector<int> items(10);
  std::iota(items.begin(), items.end(), 0);
  r.shuffle(items);
  for (const int item : items) d.push_back(item);
  for (const auto& [n, k] : {std::pair<int, int>{30, 7}, {1000, 8}, {6, 6}}) {
    std::vector<int> population(static_cast<std::size_t>(n));
    std::iota(population.begin(), population.end(), 0);
    for (const int item : r.sample(population, static_cast<std::size_t>(k))) d.push_back(item);
  }
  PythonRandom global(seed);
  for (const int n : {4, 8})
    for (int column = 0; column < n; ++column)
      if (column != 1) d.push_back(global.randint(0, n - 1));
  return d;
}

TEST(PythonRandom, DrawsWhatTheInstalledPython3DrawsForEverySeedTried) {
  std::vector<std::int64_t> seeds = {0,
                                     1,
                                     2,
                                     3,
                                     42,
                                     1234,
                                     99999,
                                     -1,
                                     -7,
                                     4294967295LL,
                                     4294967296LL,
                                     4294967301LL,
                                     (std::int64_t{1} << 40) + 17,
                                     std::int64_t{9007199254740993}};
  for (std::int64_t seed = 5; seed < 200; seed += 13) seeds.push_back(seed);
  const nlohmann::json expected = cpython_draws(seeds);
  ASSERT_TRUE(expected.is_array()) << "python3 did not answer";
  ASSERT_EQ(expected.size(), seeds.size());
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    SCOPED_TRACE("seed " + std::to_string(seeds[i]));
    const nlohmann::json ours = our_draws(seeds[i]);
    ASSERT_EQ(ours.size(), expected[i].size());
    for (std::size_t j = 0; j < ours.size(); ++j)
      EXPECT_EQ(ours[j], expected[i][j]) << "draw " << j;
  }
}

TEST(PythonRandom, RefusesWhatPythonRefuses) {
  PythonRandom r(1);
  EXPECT_THROW(r.randrange(0), std::invalid_argument);
  EXPECT_THROW(r.randrange(5, 5), std::invalid_argument);
  EXPECT_THROW(r.randrange(0, 10, 0), std::invalid_argument);
  EXPECT_THROW(r.choice(std::vector<int>{}), std::invalid_argument);
  EXPECT_THROW(r.sample(std::vector<int>{1, 2}, 3), std::invalid_argument);
  EXPECT_EQ(r.randbelow(0), 0);
}

}  // namespace python_random_test
}  // namespace
}  // namespace sg::ref
