#include "reference/local_search.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

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
const char* const kHandout = R"py(
import json, sys
def succ(state, sx, sy):
    if state[sx] != sy:
        return []
    out = []
    for col in range(len(state)):
        if col == sx:
            continue
        for step in (-1, 1):
            row = state[col] + step
            if 0 <= row < len(state):
                s = list(state); s[col] = row; out.append(s)
    return sorted(out)
def f(state):
    n = len(state); count = 0
    for a in range(n):
        for b in range(n):
            if a != b and (state[a] == state[b] or abs(state[a] - state[b]) == abs(a - b)):
                count += 1
                break
    return count
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
  const std::string command =
      "/usr/bin/python3 -c '" + std::string(kHandout) + "' '" + cases.dump() + "'";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string text;
  char buffer[4096];
  while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, pipe))
    text.append(buffer, got);
  ::pclose(pipe);
  const nlohmann::json expected = nlohmann::json::parse(text, nullptr, false);
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

}  // namespace
}  // namespace sg::ref
