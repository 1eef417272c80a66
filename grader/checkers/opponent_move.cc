#include "checkers/opponent_move.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "reference/pacman_game.h"

namespace sg {

std::optional<OpponentPolicy> opponent_policy(std::string_view name) {
  if (name == "random") return OpponentPolicy::random;
  if (name == "directional") return OpponentPolicy::directional;
  return std::nullopt;
}

std::string to_string(OpponentPolicy policy) {
  return policy == OpponentPolicy::random ? "random" : "directional";
}

std::size_t opponent_move(const ref::Game& game, const ref::State& state, int agent,
                          const std::vector<ref::GameMove>& legal, OpponentPolicy policy,
                          ref::PythonRandom& rng) {
  if (legal.empty()) throw std::invalid_argument("an opponent without a legal move");
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
