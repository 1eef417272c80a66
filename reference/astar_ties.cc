#include "reference/astar_ties.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "reference/heuristics.h"
#include "reference/state_space.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {

constexpr double kTieEpsilon = 1e-9;

// A sliding-tile problem swept on its packed space (state_space.h): every arrangement's
// distance from the start is g*, its heuristic h; no state text is made.
std::optional<AStarTies> board_ties(const TileProblem& problem, std::size_t max_states) {
  const TilePuzzle& puzzle = problem.puzzle();
  const StateSpace space(
      BoardSpace{puzzle.rows(), puzzle.cols(), puzzle.topology(), problem.start()});
  if (space.size() > max_states) return std::nullopt;
  const std::optional<int> optimal = space.distance(puzzle.goal());
  if (!optimal) return std::nullopt;
  AStarTies ties;
  ties.optimal_cost = *optimal;
  const auto goal_depth = static_cast<std::size_t>(*optimal);
  std::size_t deepest_sure = 0, deepest_possible = 0;
  const std::vector<BlankMove> moves = {BlankMove::up, BlankMove::down, BlankMove::left,
                                        BlankMove::right};
  // Manhattan on a bounded board read from a table of each tile's goal cell (evaluate() checks
  // the board each call, a tenth of the sweep's time); any other heuristic through evaluate().
  std::vector<int> goal_cell(puzzle.goal().size() + 1, 0);
  for (std::size_t cell = 0; cell < puzzle.goal().size(); ++cell)
    if (puzzle.goal()[cell] >= 0 &&
        static_cast<std::size_t>(puzzle.goal()[cell]) < goal_cell.size())
      goal_cell[static_cast<std::size_t>(puzzle.goal()[cell])] = static_cast<int>(cell);
  const bool fast = problem.heuristic() == Heuristic::manhattan &&
                    puzzle.topology() == Topology::bounded &&
                    std::all_of(puzzle.goal().begin(), puzzle.goal().end(), [&](int tile) {
                      return tile >= 0 && static_cast<std::size_t>(tile) < goal_cell.size();
                    });
  const int cols = puzzle.cols();
  const auto h = [&](const Tiles& board) {
    if (!fast) return evaluate(puzzle, board, problem.heuristic());
    int sum = 0;
    for (std::size_t cell = 0; cell < board.size(); ++cell) {
      if (board[cell] == 0) continue;
      const int at = static_cast<int>(cell), to = goal_cell[static_cast<std::size_t>(board[cell])];
      sum += std::abs(at / cols - to / cols) + std::abs(at % cols - to % cols);
    }
    return sum;
  };
  for (std::uint64_t rank = 0; rank < space.arrangements(); ++rank) {
    const std::optional<int> g = space.distance_of_rank(rank);
    if (!g || *g > *optimal) continue;
    const Tiles board = space.unrank(rank);
    if (board == puzzle.goal()) continue;
    const int f = *g + h(board);
    if (f > *optimal) continue;
    ++ties.most_expanded;
    deepest_possible = std::max(deepest_possible, static_cast<std::size_t>(*g) + 1);
    if (f == *optimal) continue;
    ++ties.fewest_expanded;
    for (const Successor& next : puzzle.successors(board, moves))
      if (space.distance(next.state) > g)
        deepest_sure = std::max(deepest_sure, static_cast<std::size_t>(*g) + 1);
  }
  ties.least_max_depth = std::max(goal_depth, deepest_sure);
  ties.most_max_depth = std::max(goal_depth, deepest_possible);
  return ties;
}

}  // namespace

std::optional<AStarTies> astar_ties(const Problem& problem, std::size_t max_states) {
  const auto* board = dynamic_cast<const TileProblem*>(&problem);
  if (board != nullptr && board->puzzle().blank_count() == 1) {
    try {
      return board_ties(*board, max_states);
    } catch (const std::invalid_argument&) {
      // Too many arrangements, or a board the packed space cannot hold: swept as any problem.
    }
  }
  // g* of every reachable state: Dijkstra from the start.
  std::unordered_map<State, std::size_t> index;
  std::vector<State> states;
  std::vector<double> g;
  std::vector<bool> done;
  bool unit_costs = true;
  using Entry = std::pair<double, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  const auto reach = [&](const State& state, double cost) -> bool {
    const auto [at, added] = index.emplace(state, states.size());
    if (added) {
      if (states.size() >= max_states) return false;
      states.push_back(state);
      g.push_back(cost);
      done.push_back(false);
      open.push({cost, at->second});
    } else if (cost < g[at->second] - kTieEpsilon) {
      g[at->second] = cost;
      open.push({cost, at->second});
    }
    return true;
  };
  if (!reach(problem.initial_state(), 0.0)) return std::nullopt;
  std::optional<double> optimal;
  std::vector<std::vector<std::size_t>> children;  // each settled state's, by index
  while (!open.empty()) {
    const auto [cost, at] = open.top();
    open.pop();
    if (done[at] || cost > g[at] + kTieEpsilon) continue;
    done[at] = true;
    if (problem.is_goal(states[at]) && !optimal) optimal = cost;
    if (children.size() <= at) children.resize(at + 1);
    for (const Step& step : problem.successors(states[at])) {
      unit_costs = unit_costs && std::abs(step.cost - 1.0) < kTieEpsilon;
      if (!reach(step.state, cost + step.cost)) return std::nullopt;
      children[at].push_back(index.at(step.state));
    }
  }
  children.resize(states.size());
  if (!optimal) return std::nullopt;
  AStarTies ties;
  ties.optimal_cost = *optimal;
  std::size_t deepest_sure = 0, deepest_possible = 0;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const double f = g[i] + problem.h(states[i]);
    const bool goal = problem.is_goal(states[i]);
    if (goal || f > *optimal + kTieEpsilon) continue;
    const bool below = f < *optimal - kTieEpsilon;
    const std::size_t depth = static_cast<std::size_t>(g[i] + 0.5);
    const bool deeper_child = std::any_of(children[i].begin(), children[i].end(),
                                          [&](std::size_t child) { return g[child] > g[i] + 0.5; });
    if (below) {
      ++ties.fewest_expanded;
      // A child one step deeper is on the frontier at that depth (or was, before it was expanded).
      if (deeper_child) deepest_sure = std::max(deepest_sure, depth + 1);
    }
    ++ties.most_expanded;
    if (!children[i].empty()) deepest_possible = std::max(deepest_possible, depth + 1);
  }
  if (unit_costs) {
    const auto goal_depth = static_cast<std::size_t>(*optimal + 0.5);
    ties.least_max_depth = std::max(goal_depth, deepest_sure);
    ties.most_max_depth = std::max(goal_depth, deepest_possible);
  }
  return ties;
}

}  // namespace sg::ref
