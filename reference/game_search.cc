#include "reference/game_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sg::ref {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = 1e-9;

class GameSearcher {
 public:
  GameSearcher(const Game& game, const GameSearchOptions& options)
      : game_(game),
        options_(options),
        agents_(options.agents_seen > 0 ? options.agents_seen : game.agents()) {}

  GameSearchRun run() {
    const State root = game_.initial_state();
    double best = -kInfinity;
    double alpha = -kInfinity;
    std::vector<std::pair<std::string, double>> root_values;
    for (const GameMove& move : game_.moves(root, 0)) {
      const std::size_t index = generate(move, 0, GeneratedState::kRoot);
      const auto [agent, depth] = next(0, options_.depth);
      const double value = value_of(move.state, agent, depth, index, alpha, kInfinity);
      root_values.emplace_back(move.action, value);
      const bool better =
          options_.root_tie == RootTie::first ? value > best : value >= best - kEpsilon;
      if (!run_.action || better) {
        best = std::max(best, value);
        run_.action = move.action;
      }
      alpha = std::max(alpha, best);
    }
    if (!run_.action) {
      run_.value = evaluate(root);
      return std::move(run_);
    }
    run_.value = best;
    for (const auto& [action, value] : root_values)
      if (std::fabs(value - best) <= kEpsilon) run_.best_actions.push_back(action);
    return std::move(run_);
  }

 private:
  // The agent after `agent`, and the depth left when it moves.
  std::pair<int, int> next(int agent, int depth) const {
    const int following = (agent + 1) % agents_;
    if (options_.unit == DepthUnit::per_move) return {following, depth - 1};
    if (options_.ply_ends_after_agent_0) return {following, agent == 0 ? depth - 1 : depth};
    return {following, following == 0 ? depth - 1 : depth};
  }

  std::size_t generate(const GameMove& move, int agent, std::size_t parent) {
    run_.generated.push_back({move.state, agent, move.action, parent, 0.0});
    return run_.generated.size() - 1;
  }

  double evaluate(const State& state) {
    ++run_.evaluations;
    return game_.evaluate(state);
  }

  // The value of `state` (generated at `index`), `agent` to move with `depth` left.
  double value_of(const State& state, int agent, int depth, std::size_t index, double alpha,
                  double beta) {
    double value = 0.0;
    const std::vector<GameMove> moves = game_.is_terminal(state) || depth <= 0
                                            ? std::vector<GameMove>{}
                                            : game_.moves(state, agent);
    if (moves.empty()) {
      value = evaluate(state);
    } else if (agent == 0) {
      value = maximum(moves, agent, depth, index, alpha, beta);
    } else if (options_.algorithm == GameAlgorithm::expectimax && !options_.chance_takes_minimum) {
      value = average(moves, agent, depth, index);
    } else {
      value = minimum(moves, agent, depth, index, alpha, beta);
    }
    run_.generated[index].value = value;
    return value;
  }

  bool prunes() const { return options_.algorithm == GameAlgorithm::alpha_beta; }

  double maximum(const std::vector<GameMove>& moves, int agent, int depth, std::size_t parent,
                 double alpha, double beta) {
    double v = -kInfinity;
    const auto [following, left] = next(agent, depth);
    for (const GameMove& move : moves) {
      const std::size_t index = generate(move, agent, parent);
      v = std::max(v, value_of(move.state, following, left, index, alpha, beta));
      if (prunes()) {
        if (v > beta || (options_.prune == PruneRule::on_equality && v >= beta)) return v;
        alpha = std::max(alpha, v);
      }
    }
    return v;
  }

  double minimum(const std::vector<GameMove>& moves, int agent, int depth, std::size_t parent,
                 double alpha, double beta) {
    double v = kInfinity;
    const auto [following, left] = next(agent, depth);
    for (const GameMove& move : moves) {
      const std::size_t index = generate(move, agent, parent);
      v = std::min(v, value_of(move.state, following, left, index, alpha, beta));
      if (prunes()) {
        if (v < alpha || (options_.prune == PruneRule::on_equality && v <= alpha)) return v;
        beta = std::min(beta, v);
      }
    }
    return v;
  }

  double average(const std::vector<GameMove>& moves, int agent, int depth, std::size_t parent) {
    const bool stated = std::all_of(moves.begin(), moves.end(),
                                    [](const GameMove& move) { return move.probability > 0; });
    double sum = 0.0;
    const auto [following, left] = next(agent, depth);
    for (const GameMove& move : moves) {
      const std::size_t index = generate(move, agent, parent);
      const double value = value_of(move.state, following, left, index, -kInfinity, kInfinity);
      sum += value * (stated ? move.probability : 1.0 / static_cast<double>(moves.size()));
    }
    return sum;
  }

  const Game& game_;
  const GameSearchOptions& options_;
  const int agents_;
  GameSearchRun run_;
};

}  // namespace

std::string_view to_string(GameAlgorithm algorithm) {
  switch (algorithm) {
    case GameAlgorithm::minimax:
      return "minimax";
    case GameAlgorithm::alpha_beta:
      return "alpha_beta";
    case GameAlgorithm::expectimax:
      return "expectimax";
  }
  return "minimax";
}

std::optional<GameAlgorithm> parse_game_algorithm(std::string_view name) {
  for (const GameAlgorithm algorithm :
       {GameAlgorithm::minimax, GameAlgorithm::alpha_beta, GameAlgorithm::expectimax})
    if (name == to_string(algorithm)) return algorithm;
  if (name == "alphabeta" || name == "alpha-beta") return GameAlgorithm::alpha_beta;
  return std::nullopt;
}

GameSearchRun game_search(const Game& game, const GameSearchOptions& options) {
  if (options.depth < 1) throw std::invalid_argument("a game search needs a depth of 1 or more");
  if (game.agents() < 1) throw std::invalid_argument("a game needs at least one agent");
  GameSearchRun run = GameSearcher(game, options).run();
  if (options.algorithm == GameAlgorithm::alpha_beta) {
    // Alpha-beta's other root values may be bounds: the optimal actions are minimax's.
    GameSearchOptions exact = options;
    exact.algorithm = GameAlgorithm::minimax;
    run.best_actions = GameSearcher(game, exact).run().best_actions;
  }
  return run;
}

}  // namespace sg::ref
