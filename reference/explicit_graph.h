// Explicit graphs: a search problem given as a table of successors, as assignments write them
// (`{'a': ['b', 'z', 'd'], 'b': ['a'], ...}`).
//
// In textbook terms: a state is a node name; actions(s) are the names listed for s, in the listed
// order (none when s has no entry, so a node that only appears as a successor is a dead end);
// result(s, a) = a; every step costs 1. The goal is supplied per search. Edges are directed, and
// cycles (a -> b -> a) are allowed: depth-limited searches do not check for repeated states.
// This file has no I/O and knows nothing of grading.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sg::ref {

class ExplicitGraph {
 public:
  /// Node name -> successor names, in action order. Throws std::invalid_argument if a node lists
  /// the same successor twice (the action would be ambiguous) or a name is empty.
  explicit ExplicitGraph(std::map<std::string, std::vector<std::string>> successors);

  /// actions(s): the successors listed for `state`, in order; empty for a node without an entry.
  const std::vector<std::string>& actions(const std::string& state) const;

  /// True iff `to` is listed among the successors of `from` (a legal single step).
  bool has_edge(const std::string& from, const std::string& to) const;

  /// Every node that appears in the table, as a key or as a successor, sorted.
  std::set<std::string> nodes() const;

  const std::map<std::string, std::vector<std::string>>& table() const { return successors_; }

 private:
  std::map<std::string, std::vector<std::string>> successors_;
};

}  // namespace sg::ref
