#include "algorithms/game_algorithm.h"

#include "spec/test_keys.h"

namespace sg {

GameAlgorithm game_algorithm(const TestSpec& test) {
  GameAlgorithm read;
  ref::GameSearchOptions& options = read.options;
  const std::string algorithm =
      read_word(test, "algorithm", "", {"minimax", "alpha_beta", "expectimax"});
  if (algorithm.empty())
    throw SpecError(location_of(test, "/algorithm"),
                    "algorithm: minimax, alpha_beta or expectimax (the search the student wrote)");
  options.algorithm = *ref::parse_game_algorithm(algorithm);
  options.depth = static_cast<int>(read_whole(test, "/depth", 1, 20));
  options.unit = read_word(test, "depth_unit", "per_ply", {"per_ply", "per_move"}) == "per_ply"
                     ? ref::DepthUnit::per_ply
                     : ref::DepthUnit::per_move;
  const std::string prune = read_word(test, "prune", "strict", {"strict", "on_equality"});
  if (test.input.contains("prune") && options.algorithm != ref::GameAlgorithm::alpha_beta)
    throw SpecError(location_of(test, "/prune"), "prune: only for algorithm: alpha_beta");
  options.prune = prune == "strict" ? ref::PruneRule::strict : ref::PruneRule::on_equality;
  const std::string ties = read_word(test, "ties", "any", {"any", "first", "last"});
  read.ties = ties == "any"     ? RootActionRule::any_optimal
              : ties == "first" ? RootActionRule::first
                                : RootActionRule::last;
  options.root_tie = ties == "last" ? ref::RootTie::last : ref::RootTie::first;
  return read;
}

}  // namespace sg
