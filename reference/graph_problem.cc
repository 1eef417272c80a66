#include "reference/graph_problem.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace sg::ref {

void validate_graph(const Graph& graph) {
  for (const GraphEdge& edge : graph.edges) {
    if (edge.from.empty() || edge.to.empty())
      throw std::invalid_argument("an edge has an empty node name");
    if (!std::isfinite(edge.cost) || edge.cost < 0)
      throw std::invalid_argument("the edge " + edge.from + " - " + edge.to +
                                  " has a negative or infinite cost");
    if (!graph.directed && !edge.action.empty())
      throw std::invalid_argument("the edge " + edge.from + " - " + edge.to +
                                  " names its action, but an undirected edge's actions are the "
                                  "names of the nodes they lead to");
  }
  const std::set<std::string> nodes = graph_nodes(graph);
  for (const auto& [node, value] : graph.heuristic) {
    if (!nodes.count(node))
      throw std::invalid_argument("the heuristic names " + node + ", which is not a node");
    if (!std::isfinite(value) || value < 0)
      throw std::invalid_argument("the heuristic of " + node + " is negative or infinite");
  }
}

std::set<std::string> graph_nodes(const Graph& graph) {
  std::set<std::string> nodes = graph.extra_nodes;
  for (const GraphEdge& edge : graph.edges) {
    nodes.insert(edge.from);
    nodes.insert(edge.to);
  }
  return nodes;
}

GraphProblem::GraphProblem(std::shared_ptr<const Graph> graph, State start, std::set<State> goals,
                           GraphSuccessorOrder order)
    : graph_(std::move(graph)),
      start_(std::move(start)),
      goals_(std::move(goals)),
      nodes_(graph_nodes(*graph_)) {
  if (!nodes_.count(start_))
    throw std::invalid_argument("the start " + start_ + " is not a node of the graph");
  if (goals_.empty()) throw std::invalid_argument("the problem has no goal");
  for (const State& goal : goals_)
    if (!nodes_.count(goal))
      throw std::invalid_argument("the goal " + goal + " is not a node of the graph");
  for (const GraphEdge& edge : graph_->edges) {
    successors_[edge.from].push_back(
        {edge.action.empty() ? edge.to : edge.action, edge.to, edge.cost});
    if (!graph_->directed && edge.from != edge.to)
      successors_[edge.to].push_back({edge.from, edge.from, edge.cost});
  }
  if (order == GraphSuccessorOrder::alphabetical) {
    for (auto& [node, steps] : successors_) {
      std::stable_sort(steps.begin(), steps.end(), [](const Step& a, const Step& b) {
        return a.state != b.state ? a.state < b.state : a.action < b.action;
      });
    }
  }
}

std::vector<Step> GraphProblem::successors(const State& state) const {
  const auto found = successors_.find(state);
  return found == successors_.end() ? std::vector<Step>{} : found->second;
}

double GraphProblem::h(const State& state) const {
  const auto found = graph_->heuristic.find(state);
  return found == graph_->heuristic.end() ? 0.0 : found->second;
}

}  // namespace sg::ref
