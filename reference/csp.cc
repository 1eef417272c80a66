#include "reference/csp.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace sg::ref {

std::size_t Csp::value_index(const std::string& name) {
  const auto found = std::find(values_.begin(), values_.end(), name);
  if (found != values_.end()) return static_cast<std::size_t>(found - values_.begin());
  values_.push_back(name);
  return values_.size() - 1;
}

std::size_t Csp::add_variable(const std::string& name, const std::vector<std::string>& domain) {
  if (name.empty()) throw std::invalid_argument("a variable needs a name");
  if (find(name)) throw std::invalid_argument("variable " + name + " is defined twice");
  std::vector<std::size_t> values;
  for (const std::string& value : domain) {
    const std::size_t index = value_index(value);
    if (std::find(values.begin(), values.end(), index) != values.end())
      throw std::invalid_argument("value " + value + " is in the domain of " + name + " twice");
    values.push_back(index);
  }
  names_.push_back(name);
  domains_.push_back(std::move(values));
  neighbors_.emplace_back();
  pair_constraints_.emplace_back();
  return names_.size() - 1;
}

std::optional<std::size_t> Csp::find(const std::string& name) const {
  const auto found = std::find(names_.begin(), names_.end(), name);
  if (found == names_.end()) return std::nullopt;
  return static_cast<std::size_t>(found - names_.begin());
}

std::optional<std::size_t> Csp::find_value(const std::string& name) const {
  const auto found = std::find(values_.begin(), values_.end(), name);
  if (found == values_.end()) return std::nullopt;
  return static_cast<std::size_t>(found - values_.begin());
}

void Csp::link(std::size_t a, std::size_t b) {
  if (std::find(neighbors_[a].begin(), neighbors_[a].end(), b) == neighbors_[a].end())
    neighbors_[a].push_back(b);
  if (std::find(neighbors_[b].begin(), neighbors_[b].end(), a) == neighbors_[b].end())
    neighbors_[b].push_back(a);
}

void Csp::add_relation(std::size_t a, std::size_t b, Relation relation, std::string description) {
  if (a >= size() || b >= size() || a == b)
    throw std::invalid_argument("a binary constraint needs two different variables");
  binary_.push_back({a, b, std::move(relation), std::move(description)});
  pair_constraints_[a].push_back({b, binary_.size() - 1});
  pair_constraints_[b].push_back({a, binary_.size() - 1});
  link(a, b);
}

void Csp::add_different(std::size_t a, std::size_t b) {
  if (a >= size() || b >= size()) throw std::invalid_argument("no such variable");
  // All-different scopes overlap (a Sudoku cell's row and box): one constraint per pair.
  if (!different_.insert({std::min(a, b), std::max(a, b)}).second) return;
  add_relation(
      a, b, [](std::size_t x, std::size_t y) { return x != y; }, names_[a] + " != " + names_[b]);
}

void Csp::add_table(std::size_t a, std::size_t b,
                    const std::vector<std::pair<std::string, std::string>>& allowed) {
  std::set<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& [x, y] : allowed) pairs.insert({value_index(x), value_index(y)});
  add_relation(
      a, b,
      [pairs](std::size_t x, std::size_t y) {
        return pairs.count({x, y}) > 0;
      },
      "(" + names_.at(a) + ", " + names_.at(b) + ") in its table");
}

void Csp::add_all_different(const std::vector<std::size_t>& scope) {
  for (std::size_t i = 0; i < scope.size(); ++i)
    for (std::size_t j = i + 1; j < scope.size(); ++j) add_different(scope[i], scope[j]);
}

void Csp::add_nary(std::vector<std::size_t> scope, Predicate predicate, std::string description) {
  for (const std::size_t variable : scope)
    if (variable >= size()) throw std::invalid_argument("no such variable in an n-ary scope");
  nary_.push_back({std::move(scope), std::move(predicate), std::move(description)});
}

bool Csp::consistent(std::size_t a, std::size_t va, std::size_t b, std::size_t vb) const {
  for (const auto& [other, index] : pair_constraints_[a]) {
    if (other != b) continue;
    const Binary& constraint = binary_[index];
    const bool holds = constraint.a == a ? constraint.allows(va, vb) : constraint.allows(vb, va);
    if (!holds) return false;
  }
  return true;
}

namespace {

// The scope's values when all are assigned.
std::optional<std::vector<std::size_t>> scope_values(const std::vector<std::size_t>& scope,
                                                     const CspAssignment& assignment) {
  std::vector<std::size_t> values;
  for (const std::size_t variable : scope) {
    if (!assignment[variable]) return std::nullopt;
    values.push_back(*assignment[variable]);
  }
  return values;
}

}  // namespace

bool Csp::nary_hold(const CspAssignment& assignment) const {
  for (const Nary& constraint : nary_) {
    const auto values = scope_values(constraint.scope, assignment);
    if (values && !constraint.holds(*values)) return false;
  }
  return true;
}

bool Csp::nary_hold(const CspAssignment& assignment, std::size_t variable) const {
  for (const Nary& constraint : nary_) {
    if (std::find(constraint.scope.begin(), constraint.scope.end(), variable) ==
        constraint.scope.end())
      continue;
    const auto values = scope_values(constraint.scope, assignment);
    if (values && !constraint.holds(*values)) return false;
  }
  return true;
}

std::size_t Csp::conflicts(std::size_t variable, std::size_t value,
                           const CspAssignment& assignment) const {
  std::size_t count = 0;
  for (const std::size_t other : neighbors_[variable])
    if (assignment[other] && !consistent(variable, value, other, *assignment[other])) ++count;
  return count;
}

std::optional<std::string> Csp::violated(const CspAssignment& assignment) const {
  for (const Binary& constraint : binary_) {
    const auto& a = assignment[constraint.a];
    const auto& b = assignment[constraint.b];
    if (a && b && !constraint.allows(*a, *b))
      return names_[constraint.a] + " = " + values_[*a] + " and " + names_[constraint.b] + " = " +
             values_[*b] + ": " + constraint.description;
  }
  for (const Nary& constraint : nary_) {
    const auto values = scope_values(constraint.scope, assignment);
    if (!values || constraint.holds(*values)) continue;
    std::string text;
    for (std::size_t i = 0; i < constraint.scope.size(); ++i)
      text += (i ? ", " : "") + names_[constraint.scope[i]] + " = " + values_[(*values)[i]];
    return text + ": " + constraint.description;
  }
  return std::nullopt;
}

}  // namespace sg::ref
