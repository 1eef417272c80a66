#include "reference/search.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace sg::ref {

std::string_view to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::breadth_first:
      return "bfs";
    case Strategy::depth_first:
      return "dfs";
    case Strategy::uniform_cost:
      return "ucs";
    case Strategy::greedy_best_first:
      return "greedy";
    case Strategy::astar:
      return "astar";
  }
  return "bfs";
}

std::optional<Strategy> parse_strategy(std::string_view name) {
  if (name == "bfs" || name == "breadth_first") return Strategy::breadth_first;
  if (name == "dfs" || name == "depth_first") return Strategy::depth_first;
  if (name == "ucs" || name == "uniform_cost") return Strategy::uniform_cost;
  if (name == "greedy" || name == "greedy_best_first") return Strategy::greedy_best_first;
  if (name == "astar" || name == "a_star") return Strategy::astar;
  return std::nullopt;
}

TieBreak effective_tie_break(const SearchPolicy& policy) {
  if (policy.tie_break) return *policy.tie_break;
  return policy.strategy == Strategy::depth_first ? TieBreak::latest_inserted
                                                  : TieBreak::earliest_inserted;
}

namespace {

struct Node {
  State state;
  long parent = -1;
  std::string action;
  double g = 0.0;
  long long order = 0;  // insertion order, negated for latest-first
  std::size_t depth = 0;  // actions from the initial state
};

struct Key {
  double priority = 0.0;
  long long order = 0;
  std::size_t node = 0;
  bool operator<(const Key& other) const {
    if (priority != other.priority) return priority < other.priority;
    return order < other.order;
  }
};

bool prioritised(Strategy strategy) {
  return strategy != Strategy::breadth_first && strategy != Strategy::depth_first;
}

// The search's state, shared by search() and replay_expansions().
class Engine {
 public:
  Engine(const Problem& problem, const SearchPolicy& policy)
      : problem_(problem), policy_(policy), tie_(effective_tie_break(policy)) {}

  double priority(const Node& node) const {
    switch (policy_.strategy) {
      case Strategy::breadth_first:
      case Strategy::depth_first:
        return 0.0;
      case Strategy::uniform_cost:
        return node.g;
      case Strategy::greedy_best_first:
        return problem_.h(node.state);
      case Strategy::astar:
        return node.g + problem_.h(node.state);
    }
    return 0.0;
  }

  bool checked() const { return policy_.graph_search && policy_.duplicates == Duplicates::checked; }
  bool reached() const { return policy_.graph_search && policy_.duplicates == Duplicates::reached; }

  std::size_t add_node(State state, long parent, std::string action, double g) {
    const std::size_t depth =
        parent < 0 ? 0 : nodes_[static_cast<std::size_t>(parent)].depth + 1;
    Node node{std::move(state), parent, std::move(action), g, 0, depth};
    const long long sequence = next_sequence_++;
    node.order = tie_ == TieBreak::earliest_inserted ? sequence : -sequence;
    nodes_.push_back(std::move(node));
    return nodes_.size() - 1;
  }

  void push(std::size_t index) {
    frontier_.insert({priority(nodes_[index]), nodes_[index].order, index});
    if (checked()) in_frontier_[nodes_[index].state] = index;
    run_.max_frontier = std::max(run_.max_frontier, frontier_.size());
    run_.max_depth = std::max(run_.max_depth, nodes_[index].depth);
  }

  void finish(std::size_t index) {
    run_.found = true;
    std::vector<std::size_t> chain;
    for (long at = static_cast<long>(index); at >= 0;
         at = nodes_[static_cast<std::size_t>(at)].parent)
      chain.push_back(static_cast<std::size_t>(at));
    std::reverse(chain.begin(), chain.end());
    for (std::size_t i = 0; i < chain.size(); ++i) {
      const Node& node = nodes_[chain[i]];
      run_.path.push_back(node.state);
      if (i > 0) run_.actions.push_back(node.action);
    }
    run_.cost = nodes_[index].g;
  }

  // Starts the search; true if the initial state already ends it (goal at generation).
  bool start() {
    const std::size_t root = add_node(problem_.initial_state(), -1, "", 0.0);
    if (reached()) reached_[nodes_[root].state] = 0.0;
    if (policy_.goal_test == GoalTest::on_generation && problem_.is_goal(nodes_[root].state)) {
      finish(root);
      return true;
    }
    push(root);
    return false;
  }

  // Drops entries a lazy graph search would skip when popping them.
  void drop_expanded_entries() {
    if (!policy_.graph_search || policy_.duplicates != Duplicates::lazy) return;
    for (auto it = frontier_.begin(); it != frontier_.end();) {
      if (explored_.count(nodes_[it->node].state)) {
        it = frontier_.erase(it);
      } else {
        ++it;
      }
    }
  }

  std::size_t pop(std::set<Key>::iterator entry) {
    const std::size_t index = entry->node;
    frontier_.erase(entry);
    if (checked()) in_frontier_.erase(nodes_[index].state);
    return index;
  }

  // Expands node `index`; true if a goal was generated (goal test at generation).
  bool expand(std::size_t index) {
    const State state = nodes_[index].state;
    const double g = nodes_[index].g;
    run_.expanded.push_back(state);
    if (policy_.graph_search && !reached()) explored_[state] = g;
    std::vector<Step> steps = problem_.successors(state);
    if (policy_.reverse_successors) std::reverse(steps.begin(), steps.end());
    for (Step& step : steps) {
      ++run_.generated;
      const double child_g = g + step.cost;
      if (reached()) {
        const auto [at, added] = reached_.emplace(step.state, child_g);
        if (!added) {
          if (child_g >= at->second) continue;
          at->second = child_g;  // reached more cheaply: a new entry; the old one stays queued
        }
      }
      if (checked()) {
        if (const auto seen = explored_.find(step.state); seen != explored_.end()) {
          if (!policy_.reopen_closed || child_g >= seen->second) continue;
          explored_.erase(seen);  // a cheaper path to an expanded state: expand it again
        }
        if (const auto queued = in_frontier_.find(step.state); queued != in_frontier_.end()) {
          Node& existing = nodes_[queued->second];
          if (prioritised(policy_.strategy) && policy_.update_frontier && child_g < existing.g) {
            frontier_.erase({priority(existing), existing.order, queued->second});
            existing.g = child_g;
            existing.parent = static_cast<long>(index);
            existing.action = step.action;
            existing.depth = nodes_[index].depth + 1;
            run_.max_depth = std::max(run_.max_depth, existing.depth);
            frontier_.insert({priority(existing), existing.order, queued->second});
          }
          continue;
        }
      }
      // The step is done with: its state and action move into the node.
      const std::size_t child = add_node(std::move(step.state), static_cast<long>(index),
                                         std::move(step.action), child_g);
      if (policy_.goal_test == GoalTest::on_generation && problem_.is_goal(nodes_[child].state)) {
        finish(child);
        return true;
      }
      push(child);
    }
    if (policy_.record_frontier) {
      std::vector<State> states;
      for (const Key& key : frontier_) states.push_back(nodes_[key.node].state);
      run_.frontiers.push_back(std::move(states));
    }
    return false;
  }

  const Problem& problem_;
  const SearchPolicy& policy_;
  TieBreak tie_;
  std::vector<Node> nodes_;
  std::set<Key> frontier_;
  std::unordered_map<State, std::size_t> in_frontier_;
  std::unordered_map<State, double> explored_;
  std::unordered_map<State, double> reached_;  // reached duplicates: each state's best g
  long long next_sequence_ = 0;
  SearchRun run_;
};

}  // namespace

SearchRun search(const Problem& problem, const SearchPolicy& policy) {
  Engine engine(problem, policy);
  if (engine.start()) return std::move(engine.run_);
  while (!engine.frontier_.empty()) {
    const std::size_t index = engine.pop(engine.frontier_.begin());
    const State& state = engine.nodes_[index].state;
    if (policy.graph_search && policy.duplicates == Duplicates::lazy &&
        engine.explored_.count(state))
      continue;
    if (policy.goal_test == GoalTest::on_expansion && problem.is_goal(state)) {
      engine.finish(index);
      break;
    }
    if (engine.run_.expanded.size() >= policy.max_expansions) {
      engine.run_.budget_exceeded = true;
      break;
    }
    if (engine.expand(index)) break;
  }
  return std::move(engine.run_);
}

ExpansionReplay replay_expansions(const Problem& problem, const SearchPolicy& policy,
                                  const std::vector<State>& expanded) {
  if (!prioritised(policy.strategy))
    throw std::invalid_argument(
        "breadth- and depth-first expansion orders are compared exactly, not replayed");
  ExpansionReplay replay;
  Engine engine(problem, policy);
  if (engine.start()) {
    replay.ended_early = !expanded.empty();
    replay.consistent = expanded.empty();
    return replay;
  }
  for (std::size_t i = 0; i < expanded.size(); ++i) {
    engine.drop_expanded_entries();
    if (engine.frontier_.empty()) {
      replay.consistent = false;
      replay.ended_early = true;
      replay.diverged_at = i;
      return replay;
    }
    const double best = engine.frontier_.begin()->priority;
    auto chosen = engine.frontier_.end();
    std::vector<State> allowed;
    for (auto it = engine.frontier_.begin(); it != engine.frontier_.end() && it->priority == best;
         ++it) {
      const State& state = engine.nodes_[it->node].state;
      if (std::find(allowed.begin(), allowed.end(), state) == allowed.end())
        allowed.push_back(state);
      if (chosen == engine.frontier_.end() && state == expanded[i]) chosen = it;
    }
    // A goal among the best ends a search that tests goals on expansion: the student should
    // have stopped there, unless another entry of equal priority was chosen.
    if (chosen == engine.frontier_.end()) {
      replay.consistent = false;
      replay.diverged_at = i;
      replay.allowed = std::move(allowed);
      return replay;
    }
    const std::size_t index = engine.pop(chosen);
    if (policy.goal_test == GoalTest::on_expansion && problem.is_goal(engine.nodes_[index].state)) {
      replay.consistent = false;  // a goal is popped and returned, not expanded
      replay.diverged_at = i;
      replay.ended_early = true;
      return replay;
    }
    ++replay.matched;
    if (engine.expand(index)) {
      replay.ended_early = i + 1 < expanded.size();
      replay.consistent = !replay.ended_early;
      replay.goal_next = true;
      if (!replay.consistent) replay.diverged_at = i + 1;
      return replay;
    }
  }
  engine.drop_expanded_entries();
  if (!engine.frontier_.empty()) {
    const double best = engine.frontier_.begin()->priority;
    for (auto it = engine.frontier_.begin(); it != engine.frontier_.end() && it->priority == best;
         ++it)
      replay.goal_next = replay.goal_next || problem.is_goal(engine.nodes_[it->node].state);
  }
  return replay;
}

}  // namespace sg::ref
