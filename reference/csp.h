// Constraint satisfaction in the textbook's terms (AIMA, chapter 6): variables, each with a
// domain of values, and constraints between them: binary ones (a relation between two
// variables: different values, or a table of the pairs allowed), all-different over a scope, and
// n-ary ones given by their scope and a predicate. Variables and values are named by text (WA,
// red; a Sudoku's cells A1 .. I9 and digits 1 .. 9), as courses name them, and kept as indices.
// The searches over it are csp_search.h's; the problems courses use are csp_problems.h's.
// No I/O, no grading.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sg::ref {

/// An assignment: per variable, the index of its value in the CSP's value table, or nullopt.
using CspAssignment = std::vector<std::optional<std::size_t>>;

class Csp {
 public:
  /// A binary relation between values (indices into values()): true when the pair is allowed.
  using Relation = std::function<bool(std::size_t, std::size_t)>;
  /// An n-ary predicate over its scope's values, in scope order.
  using Predicate = std::function<bool(const std::vector<std::size_t>&)>;

  /// Adds a variable with its domain (value names, in the domain's order: the order "the
  /// domain's order" tries them). Returns its index. Throws std::invalid_argument for a name
  /// used twice or an empty name.
  std::size_t add_variable(const std::string& name, const std::vector<std::string>& domain);

  /// `a` and `b` take different values (map colouring's edges, N-Queens' columns).
  void add_different(std::size_t a, std::size_t b);
  /// `a` and `b` take a pair `allowed` holds (value names), a constraint given as a table.
  void add_table(std::size_t a, std::size_t b,
                 const std::vector<std::pair<std::string, std::string>>& allowed);
  /// `a` and `b` take values `relation` allows (indices into values()).
  void add_relation(std::size_t a, std::size_t b, Relation relation, std::string description);
  /// Every variable of `scope` takes a different value: expanded into binary constraints, as
  /// AIMA's Sudoku writes its rows, columns and boxes.
  void add_all_different(const std::vector<std::size_t>& scope);
  /// An n-ary constraint: `predicate` holds on the scope's values once all are assigned.
  void add_nary(std::vector<std::size_t> scope, Predicate predicate, std::string description);

  std::size_t size() const { return names_.size(); }
  const std::string& name(std::size_t variable) const { return names_[variable]; }
  /// The variable named `name`, or nullopt.
  std::optional<std::size_t> find(const std::string& name) const;
  /// Every value name, as indexed.
  const std::vector<std::string>& values() const { return values_; }
  /// The value named `name`, or nullopt.
  std::optional<std::size_t> find_value(const std::string& name) const;
  /// A variable's initial domain: value indices in the domain's order.
  const std::vector<std::size_t>& domain(std::size_t variable) const { return domains_[variable]; }
  /// The variables sharing a binary constraint with `variable`, in the order they were linked
  /// (AIMA's `neighbors`).
  const std::vector<std::size_t>& neighbors(std::size_t variable) const {
    return neighbors_[variable];
  }

  /// True when `a` = `va` and `b` = `vb` satisfy every binary constraint between them (true
  /// when there is none: AIMA's `constraints(A, a, B, b)`).
  bool consistent(std::size_t a, std::size_t va, std::size_t b, std::size_t vb) const;

  /// The n-ary constraints with every variable of their scope assigned in `assignment` hold.
  bool nary_hold(const CspAssignment& assignment) const;
  /// The same, for the n-ary constraints whose scope holds `variable` only.
  bool nary_hold(const CspAssignment& assignment, std::size_t variable) const;
  bool has_nary() const { return !nary_.empty(); }

  /// How many assigned neighbors of `variable` conflict with it taking `value` (AIMA's
  /// `nconflicts`), n-ary constraints aside.
  std::size_t conflicts(std::size_t variable, std::size_t value,
                        const CspAssignment& assignment) const;

  /// The first constraint `assignment` violates, in words ("WA = red and NT = red: WA != NT"),
  /// or nullopt when every constraint whose variables are all assigned holds.
  std::optional<std::string> violated(const CspAssignment& assignment) const;

 private:
  struct Binary {
    std::size_t a = 0, b = 0;
    Relation allows;  // (value of a, value of b)
    std::string description;
  };
  struct Nary {
    std::vector<std::size_t> scope;
    Predicate holds;
    std::string description;
  };
  std::size_t value_index(const std::string& name);
  void link(std::size_t a, std::size_t b);

  std::vector<std::string> names_;
  std::vector<std::vector<std::size_t>> domains_;
  std::vector<std::string> values_;
  std::vector<std::vector<std::size_t>> neighbors_;
  std::vector<Binary> binary_;
  // Per pair of variables, the binary constraints between them (indices into binary_).
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> pair_constraints_;
  std::vector<Nary> nary_;
  std::set<std::pair<std::size_t, std::size_t>> different_;  // pairs made different, low first
};

}  // namespace sg::ref
