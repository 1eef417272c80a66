// The rules-file world against a built-in domain, as an oracle: the 8-puzzle written as a
// course writes it (fixtures/rules-worlds/eight_puzzle.py, AIMA's names), asked through the
// sandboxed oracle, is the reference's own bounded 8-puzzle: the same 181,440 states, the same
// h and h* on every one, and the same path and expansion order for every search policy.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "domains/rules_world.h"
#include "engine/rules_oracle.h"
#include "reference/admissibility.h"
#include "reference/search.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace rules_world_oracle_test {

// "(1, 2, 0, ...)" (a tuple, as repr writes it) as the built-in board's text "[1, 2, 0, ...]".
ref::State board_text(const ref::State& tuple) {
  return "[" + tuple.substr(1, tuple.size() - 2) + "]";
}

std::vector<ref::State> boards(const std::vector<ref::State>& tuples) {
  std::vector<ref::State> out;
  for (const auto& state : tuples) out.push_back(board_text(state));
  return out;
}

TEST(RulesWorldOracle, TheEightPuzzleAsARulesFileIsTheBuiltInEightPuzzle) {
  std::ifstream file(SG_SOURCE_DIR "/fixtures/rules-worlds/eight_puzzle.py");
  std::stringstream source;
  source << file.rdbuf();
  RulesQuery query;
  query.file = "eight_puzzle.py";
  query.source = source.str();
  query.world = "EightPuzzle";
  query.args = nlohmann::json::parse("[[4, 1, 3, 0, 2, 6, 7, 5, 8]]");
  query.limits.cpu_seconds = 120;
  query.limits.wall_seconds = 240;
  query.limits.memory_bytes = 2048ull << 20;
  query.limits.output_bytes = 512ull << 20;
  const auto oracle =
      make_sandbox_rules_oracle("/usr/bin/python3", SG_SOURCE_DIR "/grader/drivers");
  const RulesProblem world(oracle->explore(query));
  const ref::TileProblem builtin(
      ref::TilePuzzle(3, 3, ref::Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}),
      {4, 1, 3, 0, 2, 6, 7, 5, 8}, ref::Heuristic::misplaced_tiles);
  ASSERT_EQ(world.size(), 181440u);
  ASSERT_EQ(board_text(world.initial_state()), builtin.initial_state());

  const ref::CostToGoal rules_space = ref::cost_to_goal(world, 200000);
  const ref::CostToGoal builtin_space = ref::cost_to_goal(builtin, 200000);
  ASSERT_EQ(boards(rules_space.states), builtin_space.states);  // the same breadth-first order
  for (std::size_t i = 0; i < rules_space.states.size(); ++i) {
    ASSERT_EQ(rules_space.cheapest[i], builtin_space.cheapest[i]) << rules_space.states[i];
    ASSERT_EQ(world.h(rules_space.states[i]), builtin.h(builtin_space.states[i]))
        << rules_space.states[i];
  }

  for (const ref::Strategy strategy :
       {ref::Strategy::breadth_first, ref::Strategy::depth_first, ref::Strategy::uniform_cost,
        ref::Strategy::greedy_best_first, ref::Strategy::astar}) {
    for (const ref::Duplicates duplicates : {ref::Duplicates::checked, ref::Duplicates::lazy}) {
      ref::SearchPolicy policy;
      policy.strategy = strategy;
      policy.duplicates = duplicates;
      const ref::SearchRun rules = ref::search(world, policy);
      const ref::SearchRun reference = ref::search(builtin, policy);
      SCOPED_TRACE(std::string(ref::to_string(strategy)));
      EXPECT_EQ(boards(rules.path), reference.path);
      EXPECT_EQ(boards(rules.expanded), reference.expanded);
      EXPECT_EQ(rules.generated, reference.generated);
      EXPECT_EQ(rules.max_frontier, reference.max_frontier);
    }
  }
}

}  // namespace rules_world_oracle_test
}  // namespace
}  // namespace sg
