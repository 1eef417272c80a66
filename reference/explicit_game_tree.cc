#include "reference/explicit_game_tree.h"

#include <cmath>
#include <functional>
#include <stdexcept>

namespace sg::ref {

void validate_game_tree(const GameTree& tree) {
  if (tree.agents < 1) throw std::invalid_argument("a game tree needs at least one agent");
  if (tree.root.empty()) throw std::invalid_argument("a game tree needs a root state");
  for (const auto& [state, moves] : tree.moves) {
    double total = 0.0;
    bool stated = false;
    for (const GameMove& move : moves) {
      if (move.state.empty())
        throw std::invalid_argument("state '" + state + "' has a move to an empty state name");
      if (move.probability < 0 || move.probability > 1)
        throw std::invalid_argument("state '" + state + "': a probability outside [0, 1]");
      stated = stated || move.probability > 0;
      total += move.probability;
    }
    if (stated && std::fabs(total - 1.0) > 1e-6)
      throw std::invalid_argument("state '" + state + "': its moves' probabilities sum to " +
                                  std::to_string(total) + ", not 1");
  }
  // Depth-first from the root: no cycle; every leaf and every terminal state has a value.
  enum class Mark { open, done };
  std::map<State, Mark> marks;
  const std::function<void(const State&)> visit = [&](const State& state) {
    const auto mark = marks.find(state);
    if (mark != marks.end()) {
      if (mark->second == Mark::open)
        throw std::invalid_argument("state '" + state + "' is its own descendant");
      return;
    }
    marks[state] = Mark::open;
    const auto moves = tree.moves.find(state);
    const bool leaf = moves == tree.moves.end() || moves->second.empty();
    const bool terminal = tree.wins.count(state) > 0 || tree.losses.count(state) > 0;
    if ((leaf || terminal) && tree.values.count(state) == 0)
      throw std::invalid_argument("state '" + state + "' is a " + (leaf ? "leaf" : "win or loss") +
                                  " without a value");
    if (!leaf)
      for (const GameMove& move : moves->second) visit(move.state);
    marks[state] = Mark::done;
  };
  visit(tree.root);
}

ExplicitGame::ExplicitGame(GameTree tree) : tree_(std::move(tree)) { validate_game_tree(tree_); }

std::vector<GameMove> ExplicitGame::moves(const State& state, int /*agent*/) const {
  const auto it = tree_.moves.find(state);
  return it == tree_.moves.end() ? std::vector<GameMove>{} : it->second;
}

bool ExplicitGame::is_terminal(const State& state) const {
  return tree_.wins.count(state) > 0 || tree_.losses.count(state) > 0;
}

int ExplicitGame::outcome(const State& state) const {
  return tree_.wins.count(state) > 0 ? 1 : tree_.losses.count(state) > 0 ? -1 : 0;
}

double ExplicitGame::evaluate(const State& state) const {
  const auto it = tree_.values.find(state);
  if (it == tree_.values.end())
    throw std::out_of_range("the game tree gives state '" + state +
                            "' no value, and the search stops there");
  return it->second;
}

}  // namespace sg::ref
