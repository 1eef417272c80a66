#include "reference/explicit_graph.h"

#include <algorithm>
#include <stdexcept>

namespace sg::ref {

ExplicitGraph::ExplicitGraph(std::map<std::string, std::vector<std::string>> successors)
    : successors_(std::move(successors)) {
  for (const auto& [node, next] : successors_) {
    if (node.empty()) throw std::invalid_argument("a node name is empty");
    std::set<std::string> seen;
    for (const auto& successor : next) {
      if (successor.empty()) throw std::invalid_argument("node '" + node + "' lists an empty name");
      if (!seen.insert(successor).second) {
        throw std::invalid_argument("node '" + node + "' lists '" + successor + "' twice");
      }
    }
  }
}

const std::vector<std::string>& ExplicitGraph::actions(const std::string& state) const {
  static const std::vector<std::string> kNone;
  const auto it = successors_.find(state);
  return it == successors_.end() ? kNone : it->second;
}

bool ExplicitGraph::has_edge(const std::string& from, const std::string& to) const {
  const auto& next = actions(from);
  return std::find(next.begin(), next.end(), to) != next.end();
}

std::set<std::string> ExplicitGraph::nodes() const {
  std::set<std::string> names;
  for (const auto& [node, next] : successors_) {
    names.insert(node);
    names.insert(next.begin(), next.end());
  }
  return names;
}

}  // namespace sg::ref
