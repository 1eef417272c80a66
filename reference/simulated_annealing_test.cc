#include "reference/simulated_annealing.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/python_oracle_test_util.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace simulated_annealing_test {

// AIMA's simulated annealing with its exp_schedule, written in Python on CS540's N-Queens with a
// static queen (f minimised): the states after each step.
const std::string kAnnealing = test_util::kStaticQueensPython + R"py(
def schedule(t, k=20, lam=0.05, limit=150):
    return k * math.exp(-lam * t) if t < limit else 0
def anneal(state, sx, sy):
    current = state
    path = [current]
    t = 0
    while True:
        T = schedule(t)
        if T == 0:
            return path
        neighbors = succ(current, sx, sy)
        if not neighbors:
            return path
        nxt = random.choice(neighbors)
        delta = f(current) - f(nxt)
        if delta > 0 or math.exp(delta / T) > random.uniform(0.0, 1.0):
            current = nxt
        path.append(current)
        t += 1
out = []
for state, sx, sy, seed in json.loads(sys.argv[1]):
    random.seed(seed)
    out.append(anneal(state, sx, sy))
print(json.dumps(out))
)py";

AnnealingSchedule test_schedule() {
  AnnealingSchedule schedule;
  schedule.lambda = 0.05;
  schedule.limit = 150;
  return schedule;
}

TEST(SimulatedAnnealing, DrawsAsAimasCodeDoesInPython) {
  PythonRandom draws(45);
  nlohmann::json cases = nlohmann::json::array();
  for (int i = 0; i < 40; ++i) {
    const int n = static_cast<int>(draws.randint(4, 8));
    const StaticQueens space(n, static_cast<int>(draws.randrange(n)),
                             static_cast<int>(draws.randrange(n)));
    cases.push_back({space.random_state(draws), space.static_x(), space.static_y(), 100 + i});
  }
  std::string text;
  const nlohmann::json expected = test_util::run_python_json(kAnnealing, cases, &text);
  ASSERT_TRUE(expected.is_array() && expected.size() == cases.size()) << text.substr(0, 500);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].dump());
    const LocalState start = cases[i][0].get<LocalState>();
    const StaticQueens space(static_cast<int>(start.size()), cases[i][1].get<int>(),
                             cases[i][2].get<int>());
    PythonRandom random(cases[i][3].get<int>());
    const AnnealRun run =
        simulated_annealing(space, start, test_schedule(), Objective::minimise, random);
    EXPECT_EQ(nlohmann::json(run.path), expected[i]);
  }
}

TEST(SimulatedAnnealing, EveryStepIsANeighbourTakenByTheAcceptanceRule) {
  const StaticQueens eight(8, 0, 0);
  PythonRandom random(7);
  const AnnealRun run = simulated_annealing(eight, {0, 7, 3, 4, 7, 1, 2, 2}, test_schedule(),
                                            Objective::minimise, random);
  ASSERT_EQ(run.steps.size(), 150u);  // the schedule reaches 0 at t = 150
  ASSERT_EQ(run.path.size(), run.steps.size() + 1);
  for (std::size_t t = 0; t < run.steps.size(); ++t) {
    const AnnealStep& step = run.steps[t];
    const auto near = eight.neighbours(run.path[t]);
    EXPECT_NE(std::find(near.begin(), near.end(), step.proposed), near.end());
    const double delta = run.values[t] - step.proposed_value;
    EXPECT_EQ(step.draw.has_value(), delta <= 0);  // a uniform only for a move that is no better
    if (step.draw) {
      EXPECT_EQ(step.accepted, std::exp(delta / step.temperature) > *step.draw);
    }
    EXPECT_EQ(run.path[t + 1], step.accepted ? step.proposed : run.path[t]);
  }
}

TEST(AnnealingSchedule, ExponentialAndGeometricReachZero) {
  const AnnealingSchedule aima;  // k = 20, lambda = 0.005, limit = 100
  EXPECT_DOUBLE_EQ(aima.temperature(0), 20.0);
  EXPECT_DOUBLE_EQ(aima.temperature(10), 20.0 * std::exp(-0.05));
  EXPECT_EQ(aima.temperature(100), 0.0);
  AnnealingSchedule geometric;
  geometric.kind = AnnealingSchedule::Kind::geometric;
  geometric.initial = 1.0;
  geometric.alpha = 0.5;
  geometric.minimum = 0.1;
  EXPECT_DOUBLE_EQ(geometric.temperature(3), 0.125);
  EXPECT_EQ(geometric.temperature(4), 0.0);  // 0.0625 is below the minimum
}

}  // namespace simulated_annealing_test
}  // namespace
}  // namespace sg::ref
