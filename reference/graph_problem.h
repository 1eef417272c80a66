// GraphProblem: a search problem on an explicit graph, as road-map assignments give them: named
// nodes, edges with step costs (undirected: each edge can be taken both ways; or directed), an
// optional heuristic table h(n), a start and one or more goals.
//
// In textbook terms: a state is a node name; actions(s) are the edges leaving s, each named by the
// edge's action (by default the neighbour's name) and costing the edge's cost; the goal test is
// membership in the goal set; h is the table's value (0 for a node it does not list). Successors
// come in the order the edges are listed (an undirected edge lists its reverse where it was
// declared) or alphabetically by neighbour, as the assignment prescribes.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "reference/problem.h"

namespace sg::ref {

/// One edge as declared.
struct GraphEdge {
  std::string from;
  std::string to;
  double cost = 1.0;
  std::string action;  ///< The action's name; empty means the name of the node it leads to.
};

/// A graph with its heuristic table.
struct Graph {
  bool directed = false;
  std::vector<GraphEdge> edges;             ///< In declaration order.
  std::set<std::string> extra_nodes;        ///< Nodes without edges (still states).
  std::map<std::string, double> heuristic;  ///< h(n); a node not listed has h = 0.
};

/// The order of a node's successors.
enum class GraphSuccessorOrder {
  as_listed,     ///< The order the edges are declared.
  alphabetical,  ///< By the neighbour's name (then by action name).
};

/// Checks a graph: non-empty node names, costs >= 0 and finite, named actions on directed edges
/// only, h >= 0 and finite for nodes that exist. Throws std::invalid_argument naming the
/// offending edge or node.
void validate_graph(const Graph& graph);

/// Every node of the graph (edge ends, extra nodes), sorted.
std::set<std::string> graph_nodes(const Graph& graph);

class GraphProblem : public Problem {
 public:
  /// Throws std::invalid_argument if the start or a goal is not a node, or there is no goal.
  GraphProblem(std::shared_ptr<const Graph> graph, State start, std::set<State> goals,
               GraphSuccessorOrder order = GraphSuccessorOrder::as_listed);

  State initial_state() const override { return start_; }
  std::vector<Step> successors(const State& state) const override;
  bool is_goal(const State& state) const override { return goals_.count(state) > 0; }
  double h(const State& state) const override;
  bool is_state(const State& state) const override { return nodes_.count(state) > 0; }

  const Graph& graph() const { return *graph_; }
  const std::set<State>& goals() const { return goals_; }

 private:
  std::shared_ptr<const Graph> graph_;
  State start_;
  std::set<State> goals_;
  std::set<std::string> nodes_;
  std::map<std::string, std::vector<Step>> successors_;
};

}  // namespace sg::ref
