// ExplicitGameTree: a game written out state by state, as the game-tree tests of the Berkeley
// multi-agent project and AIMA's figures give them: each state's moves (action names, successor
// states, optional probabilities for a chance agent), a value for every state where a search
// may stop (leaves, and inner states at a depth cutoff), and win and lose states (terminal).
// Agents move in turn; the tree does not say whose turn it is. Small and exact: for the tests
// that must catch one node pruned too many. This file has no I/O and knows nothing of grading.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "reference/game.h"

namespace sg::ref {

struct GameTree {
  int agents = 2;
  State root;
  std::map<State, std::vector<GameMove>> moves;  ///< A state not listed has no move.
  std::map<State, double> values;                ///< evaluate(); leaves must have one.
  std::set<State> wins;
  std::set<State> losses;
};

/// Checks a tree: at least one agent, a root, no state that is its own descendant (a tree or a
/// DAG), probabilities in [0, 1] summing to 1 where a state states them, a value for every
/// leaf and every win or lose state. Throws std::invalid_argument naming the state.
void validate_game_tree(const GameTree& tree);

class ExplicitGame : public Game {
 public:
  /// Validates the tree (validate_game_tree).
  explicit ExplicitGame(GameTree tree);

  State initial_state() const override { return tree_.root; }
  int agents() const override { return tree_.agents; }
  std::vector<GameMove> moves(const State& state, int agent) const override;
  bool is_terminal(const State& state) const override;
  double evaluate(const State& state) const override;
  /// +1 for a state listed under wins, -1 under losses, else 0.
  int outcome(const State& state) const override;

  const GameTree& tree() const { return tree_; }

 private:
  GameTree tree_;
};

}  // namespace sg::ref
