#include "reference/local_search.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "reference/python_oracle_test_util.h"
#include "reference/python_random.h"

namespace sg::ref {
namespace {

using ::testing::ElementsAre;

TEST(StaticQueens, TheHandoutsExamples) {
  const StaticQueens three(3, 1, 1);
  EXPECT_THAT(three.neighbours({1, 1, 2}),
              ElementsAre(LocalState{0, 1, 2}, LocalState{1, 1, 1}, LocalState{2, 1, 2}));
  EXPECT_TRUE(three.neighbours({1, 0, 2}).empty());  // the static square holds no queen
  EXPECT_EQ(three.value({1, 2, 2}), 3);
  EXPECT_EQ(three.value({0, 2, 0}), 2);
  const StaticQueens corner(3, 0, 0);
  EXPECT_EQ(choose_next(corner, {0, 2, 0}, {}), (LocalState{0, 2, 0}));  // it beats its neighbours
  EXPECT_FALSE(corner.is_state({1, 2, 0}));
  EXPECT_EQ(corner.why_not_state({1, 2, 0}),
            "the static square (0, 0) holds no queen: column 0's queen is on row 1");
  EXPECT_EQ(corner.why_not_state({0, 3, 0}), "column 1's queen is on row 3, off the 3 x 3 board");
  EXPECT_EQ(corner.why_not_state({0, 1}), "it has 2 columns, not 3");
  EXPECT_EQ(corner.why_not_state({0, 2, 0}), "");
  EXPECT_THROW(StaticQueens(3, 3, 0), std::invalid_argument);
}

TEST(HillClimb, StopsAtASolutionOrAtTwoEqualValues) {
  const StaticQueens four(4, 0, 1);
  const HillClimbRun solved = hill_climb(four, {1, 3, 0, 2}, {});
  EXPECT_EQ(solved.path.size(), 1u);  // already a solution: nothing to climb
  const HillClimbRun run = hill_climb(four, {1, 1, 1, 1}, {});
  ASSERT_GE(run.path.size(), 2u);
  for (std::size_t i = 1; i < run.path.size(); ++i) {
    EXPECT_LE(run.values[i], run.values[i - 1]);
    EXPECT_EQ(run.values[i], four.value(run.path[i]));
  }
  EXPECT_TRUE(run.values.back() == 0 || run.values.back() == run.values[run.values.size() - 2]);
}

// CS540's functions as its handout words them, in Python, and the same draws for random states:
// succ, f, choose_next and n_queens on boards of 4 to 8 with static squares anywhere.
const std::string kHandout = test_util::kStaticQueensPython + R"py(
def choose_next(curr, sx, sy):
    if curr[sx] != sy:
        return None
    options = succ(curr, sx, sy) + [list(curr)]
    best = min(f(s) for s in options)
    return sorted(s for s in options if f(s) == best)[0]
def n_queens(state, sx, sy):
    path = [list(state)]
    while f(path[-1]) != 0:
        nxt = choose_next(path[-1], sx, sy)
        path.append(nxt)
        if f(nxt) == f(path[-2]):
            break
    return path
out = []
for state, sx, sy in json.loads(sys.argv[1]):
    out.append([succ(state, sx, sy), f(state), choose_next(state, sx, sy), n_queens(state, sx, sy)])
print(json.dumps(out))
)py";

TEST(StaticQueens, AgreesWithTheHandoutsFunctionsInPythonOnRandomBoards) {
  PythonRandom draws(540);
  nlohmann::json cases = nlohmann::json::array();
  for (int i = 0; i < 200; ++i) {
    const int n = static_cast<int>(draws.randint(4, 8));
    const int sx = static_cast<int>(draws.randrange(n)), sy = static_cast<int>(draws.randrange(n));
    LocalState state;
    for (int column = 0; column < n; ++column)
      state.push_back(column == sx ? sy : static_cast<int>(draws.randrange(n)));
    cases.push_back({state, sx, sy});
  }
  std::string text;
  const nlohmann::json expected = test_util::run_python_json(kHandout, cases, &text);
  ASSERT_TRUE(expected.is_array() && expected.size() == cases.size()) << text.substr(0, 500);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].dump());
    const LocalState state = cases[i][0].get<LocalState>();
    const StaticQueens space(static_cast<int>(state.size()), cases[i][1].get<int>(),
                             cases[i][2].get<int>());
    EXPECT_EQ(nlohmann::json(space.neighbours(state)), expected[i][0]);
    EXPECT_EQ(space.value(state), expected[i][1].get<double>());
    EXPECT_EQ(nlohmann::json(*choose_next(space, state, {})), expected[i][2]);
    EXPECT_EQ(nlohmann::json(hill_climb(space, state, {}).path), expected[i][3]);
  }
}

// First-choice and stochastic hill climbing as AIMA describes them, drawing as the reference
// documents: first choice shuffles the neighbours and takes the first better one; stochastic
// takes random.choice of the better ones; both stop where none is better.
const std::string kRandomClimbs = test_util::kStaticQueensPython + R"py(
def climb(state, sx, sy, first_choice):
    path = [state]
    while True:
        nb = succ(path[-1], sx, sy)
        if first_choice:
            random.shuffle(nb)
            better = [s for s in nb if f(s) < f(path[-1])][:1]
        else:
            better = [s for s in nb if f(s) < f(path[-1])]
            better = [random.choice(better)] if better else []
        if not better:
            return path
        path.append(better[0])
out = []
for state, sx, sy, seed in json.loads(sys.argv[1]):
    random.seed(seed)
    first = climb(state, sx, sy, True)
    out.append([first, climb(state, sx, sy, False)])
print(json.dumps(out))
)py";

TEST(HillClimb, FirstChoiceAndStochasticDrawAsTheirPythonDoes) {
  PythonRandom draws(4);
  nlohmann::json cases = nlohmann::json::array();
  for (int i = 0; i < 60; ++i) {
    const int n = static_cast<int>(draws.randint(4, 8));
    const StaticQueens space(n, static_cast<int>(draws.randrange(n)),
                             static_cast<int>(draws.randrange(n)));
    cases.push_back({space.random_state(draws), space.static_x(), space.static_y(), i});
  }
  std::string text;
  const nlohmann::json expected = test_util::run_python_json(kRandomClimbs, cases, &text);
  ASSERT_TRUE(expected.is_array() && expected.size() == cases.size()) << text.substr(0, 500);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].dump());
    const LocalState start = cases[i][0].get<LocalState>();
    const StaticQueens space(static_cast<int>(start.size()), cases[i][1].get<int>(),
                             cases[i][2].get<int>());
    PythonRandom random(cases[i][3].get<int>());
    HillClimbOptions options;
    options.stop = ClimbStop::no_better;
    options.current_competes = false;
    options.target.reset();
    options.random = &random;
    options.choice = ClimbChoice::first_choice;
    EXPECT_EQ(nlohmann::json(hill_climb(space, start, options).path), expected[i][0]);
    options.choice = ClimbChoice::stochastic;
    EXPECT_EQ(nlohmann::json(hill_climb(space, start, options).path), expected[i][1]);
  }
}

TEST(HillClimb, SidewaysMovesAreTakenUpToTheirLimit) {
  // [0, 0, 0, 0, 0] with the static queen at (0, 0): every successor ties at f=5, and the first
  // generated of [0, 0, 0, 0, 1]'s is [0, 0, 0, 0, 0] again.
  const StaticQueens five(5, 0, 0);
  HillClimbOptions options;
  options.stop = ClimbStop::no_better;
  options.current_competes = false;
  options.tie = ClimbTie::first_generated;
  EXPECT_EQ(hill_climb(five, {0, 0, 0, 0, 0}, options).path.size(), 1u);
  options.sideways = 3;
  const HillClimbRun run = hill_climb(five, {0, 0, 0, 0, 0}, options);
  EXPECT_EQ(nlohmann::json(run.path),
            nlohmann::json::parse("[[0,0,0,0,0],[0,0,0,0,1],[0,0,0,0,0],[0,0,0,0,1]]"));
  EXPECT_EQ(run.values, (std::vector<double>{5, 5, 5, 5}));
}

TEST(HillClimb, ARandomTieIsDrawnAmongTheTiedOnlyAndNeedsDraws) {
  const StaticQueens three(3, 0, 0);
  HillClimbOptions options;
  options.tie = ClimbTie::random;
  EXPECT_THROW(choose_next(three, {0, 1, 0}, options), std::invalid_argument);
  for (int seed = 0; seed < 20; ++seed) {
    PythonRandom random(seed);
    options.random = &random;
    const auto next = choose_next(three, {0, 0, 0}, options);
    ASSERT_TRUE(next.has_value());
    EXPECT_EQ(three.value(*next), three.value(*choose_next(three, {0, 0, 0}, {})));
  }
}

TEST(RandomRestarts, StopAtTheFirstClimbThatReachesTheTarget) {
  const StaticQueens five(5, 1, 2);
  PythonRandom random(1);
  const auto climbs = random_restarts(
      five, [&](PythonRandom& draws) { return five.random_state(draws); }, {}, 50, random);
  ASSERT_FALSE(climbs.empty());
  EXPECT_EQ(climbs.back().values.back(), 0);
  for (std::size_t i = 0; i + 1 < climbs.size(); ++i) EXPECT_NE(climbs[i].values.back(), 0);
}

}  // namespace
}  // namespace sg::ref
