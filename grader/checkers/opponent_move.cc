#include "checkers/opponent_move.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <set>
#include <stdexcept>
#include <utility>

#include "reference/game_search.h"
#include "reference/pacman_game.h"

namespace sg {

namespace {

// A two-player game searched from `root` for `agent`: it moves first, as agent 0 of the view,
// and maximises its own score (agent 0's negated for the other: zero-sum).
class FromAgent : public ref::Game {
 public:
  FromAgent(const ref::Game& game, ref::State root, int agent)
      : game_(game), root_(std::move(root)), agent_(agent) {}
  ref::State initial_state() const override { return root_; }
  int agents() const override { return 2; }
  std::vector<ref::GameMove> moves(const ref::State& state, int agent) const override {
    return game_.moves(state, (agent + agent_) % 2);
  }
  bool is_terminal(const ref::State& state) const override { return game_.is_terminal(state); }
  double evaluate(const ref::State& state) const override {
    return agent_ == 0 ? game_.evaluate(state) : -game_.evaluate(state);
  }

 private:
  const ref::Game& game_;
  ref::State root_;
  int agent_;
};

}  // namespace

std::optional<OpponentPolicy> opponent_policy(std::string_view name) {
  if (name == "random") return OpponentPolicy::random;
  if (name == "directional") return OpponentPolicy::directional;
  if (name == "minimax") return OpponentPolicy::minimax;
  if (name == "alpha_beta") return OpponentPolicy::alpha_beta;
  if (name == "expectimax") return OpponentPolicy::expectimax;
  return std::nullopt;
}

std::string to_string(OpponentPolicy policy) {
  switch (policy) {
    case OpponentPolicy::random:
      return "random";
    case OpponentPolicy::directional:
      return "directional";
    case OpponentPolicy::minimax:
      return "minimax";
    case OpponentPolicy::alpha_beta:
      return "alpha_beta";
    case OpponentPolicy::expectimax:
      return "expectimax";
  }
  return "?";
}

std::optional<ref::GameAlgorithm> searching(OpponentPolicy policy) {
  switch (policy) {
    case OpponentPolicy::minimax:
      return ref::GameAlgorithm::minimax;
    case OpponentPolicy::alpha_beta:
      return ref::GameAlgorithm::alpha_beta;
    case OpponentPolicy::expectimax:
      return ref::GameAlgorithm::expectimax;
    case OpponentPolicy::random:
    case OpponentPolicy::directional:
      break;
  }
  return std::nullopt;
}

std::size_t searched_move(const ref::Game& game, const ref::State& state, int agent, int depth,
                          ref::GameAlgorithm algorithm) {
  if (game.agents() != 2)
    throw std::invalid_argument("a searching opponent plays a two-player game");
  const FromAgent view(game, state, agent);
  ref::GameSearchOptions options;
  options.algorithm = algorithm;
  options.depth = depth;
  options.unit = ref::DepthUnit::per_move;
  const ref::GameSearchRun run = ref::game_search(view, options);
  if (!run.action) throw std::invalid_argument("a searching opponent without a legal move");
  const std::vector<ref::GameMove> legal = game.moves(state, agent);
  const auto found = std::find_if(legal.begin(), legal.end(), [&](const ref::GameMove& move) {
    return move.action == *run.action;
  });
  return static_cast<std::size_t>(found - legal.begin());
}

std::map<ref::State, std::string> searched_policy(const ref::Game& game, int agent, int depth,
                                                  ref::GameAlgorithm algorithm,
                                                  std::size_t max_states) {
  std::map<ref::State, std::string> policy;
  std::set<std::pair<ref::State, int>> seen{{game.initial_state(), 0}};
  std::deque<std::pair<ref::State, int>> frontier{{game.initial_state(), 0}};
  while (!frontier.empty()) {
    const auto [state, mover] = frontier.front();
    frontier.pop_front();
    if (game.is_terminal(state)) continue;
    const std::vector<ref::GameMove> legal = game.moves(state, mover);
    if (legal.empty()) continue;
    if (mover == agent)
      policy.emplace(state, legal[searched_move(game, state, agent, depth, algorithm)].action);
    for (const ref::GameMove& move : legal) {
      std::pair<ref::State, int> next{move.state, (mover + 1) % game.agents()};
      if (seen.insert(next).second) {
        if (seen.size() > max_states)
          throw std::invalid_argument("a searching opponent's game has more than " +
                                      std::to_string(max_states) + " reachable states");
        frontier.push_back(std::move(next));
      }
    }
  }
  return policy;
}

std::size_t opponent_move(const ref::Game& game, const ref::State& state, int agent,
                          const std::vector<ref::GameMove>& legal, OpponentPolicy policy,
                          ref::PythonRandom& rng, int depth) {
  if (legal.empty()) throw std::invalid_argument("an opponent without a legal move");
  if (const auto algorithm = searching(policy))
    return searched_move(game, state, agent, depth, *algorithm);
  if (policy == OpponentPolicy::random)
    return static_cast<std::size_t>(rng.randbelow(static_cast<std::int64_t>(legal.size())));
  const auto* pacman = dynamic_cast<const ref::PacmanGame*>(&game);
  if (pacman == nullptr)
    throw std::invalid_argument("directional opponents are Pacman's ghosts; this is another game");
  const std::vector<double> weight = pacman->directional_ghost(state, agent);
  std::vector<std::size_t> by_name(legal.size());
  std::iota(by_name.begin(), by_name.end(), 0);
  std::sort(by_name.begin(), by_name.end(),
            [&](std::size_t a, std::size_t b) { return legal[a].action < legal[b].action; });
  const double drawn = rng.random();
  std::size_t k = 0;
  double running = weight[by_name[0]];
  while (drawn > running && k + 1 < by_name.size()) running += weight[by_name[++k]];
  return by_name[k];
}

}  // namespace sg
