#include "reference/csp_search.h"

#include <algorithm>
#include <deque>

#include "reference/python_random.h"

namespace sg::ref {

std::optional<VariableOrder> parse_variable_order(std::string_view name) {
  if (name == "first_unassigned" || name == "static") return VariableOrder::first_unassigned;
  if (name == "mrv") return VariableOrder::mrv;
  if (name == "mrv_degree") return VariableOrder::mrv_degree;
  if (name == "aima_mrv") return VariableOrder::aima_mrv;
  return std::nullopt;
}

std::optional<ValueOrder> parse_value_order(std::string_view name) {
  if (name == "domain") return ValueOrder::domain;
  if (name == "lcv") return ValueOrder::lcv;
  if (name == "aima_lcv") return ValueOrder::aima_lcv;
  return std::nullopt;
}

std::optional<Inference> parse_inference(std::string_view name) {
  if (name == "none") return Inference::none;
  if (name == "forward_checking") return Inference::forward_checking;
  if (name == "mac") return Inference::mac;
  return std::nullopt;
}

std::optional<DomainRestore> parse_domain_restore(std::string_view name) {
  if (name == "snapshot") return DomainRestore::snapshot;
  if (name == "append") return DomainRestore::append;
  return std::nullopt;
}

namespace {

// The values pruned, in order: (variable, value), as AIMA's `removals`.
using Removals = std::vector<std::pair<std::size_t, std::size_t>>;

// Removes from domains[xi] the values no value of domains[xj] supports, each recorded in
// `removals` when given; true if any was removed.
bool revise(const Csp& csp, CspDomains& domains, std::size_t xi, std::size_t xj,
            Removals* removals) {
  auto& values = domains[xi];
  const auto before = values.size();
  std::erase_if(values, [&](std::size_t x) {
    const bool unsupported =
        std::none_of(domains[xj].begin(), domains[xj].end(),
                     [&](std::size_t y) { return csp.consistent(xi, x, xj, y); });
    if (unsupported && removals != nullptr) removals->emplace_back(xi, x);
    return unsupported;
  });
  return values.size() != before;
}

// AC-3 over `queue` (arcs (xi, xj): xi revised against xj), LIFO as AIMA's queue.pop().
bool run_ac3(const Csp& csp, CspDomains& domains,
             std::vector<std::pair<std::size_t, std::size_t>> queue, std::size_t& revisions,
             Removals* removals = nullptr) {
  while (!queue.empty()) {
    const auto [xi, xj] = queue.back();
    queue.pop_back();
    ++revisions;
    if (!revise(csp, domains, xi, xj, removals)) continue;
    if (domains[xi].empty()) return false;
    for (const std::size_t xk : csp.neighbors(xi))
      if (xk != xj) queue.emplace_back(xk, xi);
  }
  return true;
}

class Backtracker {
 public:
  Backtracker(const Csp& csp, const BacktrackingPolicy& policy)
      : csp_(csp), policy_(policy), assignment_(csp.size()), random_(policy.seed) {
    for (std::size_t v = 0; v < csp.size(); ++v) domains_.push_back(csp.domain(v));
  }

  bool backtrack(bool root) {
    if (assigned_ == csp_.size()) return true;
    const std::size_t variable = select();
    for (const std::size_t value : order(variable)) {
      if (csp_.conflicts(variable, value, assignment_) != 0) continue;
      if (run_.assignments.size() >= policy_.max_assignments) {
        run_.budget_exceeded = true;
        return false;
      }
      assign(variable, value);
      if (!csp_.nary_hold(assignment_, variable)) {
        unassign(variable);
        continue;
      }
      CspDomains saved;
      if (policy_.restore == DomainRestore::snapshot) saved = domains_;
      Removals removals;  // AIMA's suppose: the variable's other values, then the inference's
      for (const std::size_t other : domains_[variable])
        if (other != value) removals.emplace_back(variable, other);
      domains_[variable] = {value};
      if (infer(variable, value, removals) && backtrack(false)) return true;
      if (run_.budget_exceeded) return false;
      if (policy_.restore == DomainRestore::snapshot)
        domains_ = std::move(saved);
      else
        for (const auto& [pruned, lost] : removals) domains_[pruned].push_back(lost);
      unassign(variable);
    }
    if (!root) ++run_.backtracks;
    return false;
  }

  BacktrackingRun run() {
    run_.solved = backtrack(true);
    if (run_.solved) run_.solution = assignment_;
    return std::move(run_);
  }

 private:
  void assign(std::size_t variable, std::size_t value) {
    assignment_[variable] = value;
    ++assigned_;
    run_.assignments.emplace_back(variable, value);
  }
  void unassign(std::size_t variable) {
    if (!assignment_[variable]) return;
    assignment_[variable].reset();
    --assigned_;
  }

  // The values `variable` could still take: its current domain (with an inference) or those
  // consistent with the assigned neighbors (without: AIMA's num_legal_values).
  std::size_t remaining(std::size_t variable) const {
    if (policy_.inference != Inference::none) return domains_[variable].size();
    return static_cast<std::size_t>(std::count_if(
        domains_[variable].begin(), domains_[variable].end(),
        [&](std::size_t value) { return csp_.conflicts(variable, value, assignment_) == 0; }));
  }

  std::size_t unassigned_neighbors(std::size_t variable) const {
    return static_cast<std::size_t>(
        std::count_if(csp_.neighbors(variable).begin(), csp_.neighbors(variable).end(),
                      [&](std::size_t other) { return !assignment_[other]; }));
  }

  std::size_t select() {
    if (policy_.variables == VariableOrder::aima_mrv) {
      // argmin_random_tie: min(shuffled(unassigned), key=num_legal_values)
      std::vector<std::size_t> unassigned;
      for (std::size_t v = 0; v < csp_.size(); ++v)
        if (!assignment_[v]) unassigned.push_back(v);
      random_.shuffle(unassigned);
      return *std::min_element(
          unassigned.begin(), unassigned.end(),
          [&](std::size_t a, std::size_t b) { return domains_[a].size() < domains_[b].size(); });
    }
    std::optional<std::size_t> best;
    for (std::size_t v = 0; v < csp_.size(); ++v) {
      if (assignment_[v]) continue;
      if (!best) {
        best = v;
        if (policy_.variables == VariableOrder::first_unassigned) break;
        continue;
      }
      const std::size_t here = remaining(v), there = remaining(*best);
      if (here < there || (here == there && policy_.variables == VariableOrder::mrv_degree &&
                           unassigned_neighbors(v) > unassigned_neighbors(*best)))
        best = v;
    }
    return *best;
  }

  std::vector<std::size_t> order(std::size_t variable) const {
    std::vector<std::size_t> values = domains_[variable];
    if (policy_.values == ValueOrder::aima_lcv) {
      std::stable_sort(values.begin(), values.end(), [&](std::size_t a, std::size_t b) {
        return csp_.conflicts(variable, a, assignment_) < csp_.conflicts(variable, b, assignment_);
      });
      return values;
    }
    if (policy_.values == ValueOrder::lcv) {
      std::vector<std::pair<std::size_t, std::size_t>> ruled;  // (ruled out, position)
      for (std::size_t i = 0; i < values.size(); ++i) {
        std::size_t out = 0;
        for (const std::size_t other : csp_.neighbors(variable)) {
          if (assignment_[other]) continue;
          for (const std::size_t y : domains_[other])
            if (!csp_.consistent(variable, values[i], other, y)) ++out;
        }
        ruled.emplace_back(out, i);
      }
      std::stable_sort(ruled.begin(), ruled.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      std::vector<std::size_t> sorted;
      for (const auto& [out, i] : ruled) sorted.push_back(values[i]);
      values = std::move(sorted);
    }
    return values;
  }

  // The inference after `variable` = `value`, each value it prunes recorded in `removals`.
  bool infer(std::size_t variable, std::size_t value, Removals& removals) {
    if (policy_.inference == Inference::forward_checking) {
      for (const std::size_t other : csp_.neighbors(variable)) {
        if (assignment_[other]) continue;
        std::erase_if(domains_[other], [&](std::size_t y) {
          const bool pruned = !csp_.consistent(variable, value, other, y);
          if (pruned) removals.emplace_back(other, y);
          return pruned;
        });
        if (domains_[other].empty()) return false;
      }
      return true;
    }
    if (policy_.inference == Inference::mac) {
      std::vector<std::pair<std::size_t, std::size_t>> queue;
      for (const std::size_t other : csp_.neighbors(variable)) queue.emplace_back(other, variable);
      std::size_t revisions = 0;
      return run_ac3(csp_, domains_, std::move(queue), revisions, &removals);
    }
    return true;
  }

  const Csp& csp_;
  const BacktrackingPolicy& policy_;
  CspAssignment assignment_;
  std::size_t assigned_ = 0;
  CspDomains domains_;
  PythonRandom random_;
  BacktrackingRun run_;
};

// Every solution below `assignment`, counted up to `most`, with forward checking and MRV.
void count_below(const Csp& csp, CspAssignment& assignment, CspDomains& domains, std::size_t& found,
                 std::size_t most) {
  std::optional<std::size_t> variable;
  for (std::size_t v = 0; v < csp.size(); ++v)
    if (!assignment[v] && (!variable || domains[v].size() < domains[*variable].size()))
      variable = v;
  if (!variable) {
    if (csp.nary_hold(assignment)) ++found;
    return;
  }
  for (const std::size_t value : domains[*variable]) {
    if (found >= most) return;
    if (csp.conflicts(*variable, value, assignment) != 0) continue;
    assignment[*variable] = value;
    if (csp.nary_hold(assignment, *variable)) {
      CspDomains next = domains;
      next[*variable] = {value};
      bool alive = true;
      for (const std::size_t other : csp.neighbors(*variable)) {
        if (assignment[other]) continue;
        std::erase_if(next[other],
                      [&](std::size_t y) { return !csp.consistent(*variable, value, other, y); });
        alive = alive && !next[other].empty();
      }
      if (alive) count_below(csp, assignment, next, found, most);
    }
    assignment[*variable].reset();
  }
}

}  // namespace

BacktrackingRun backtracking_search(const Csp& csp, const BacktrackingPolicy& policy) {
  return Backtracker(csp, policy).run();
}

Ac3Run ac3(const Csp& csp, CspDomains domains) {
  Ac3Run run;
  if (domains.empty())
    for (std::size_t v = 0; v < csp.size(); ++v) domains.push_back(csp.domain(v));
  std::vector<std::pair<std::size_t, std::size_t>> queue;
  for (std::size_t v = 0; v < csp.size(); ++v)
    for (const std::size_t other : csp.neighbors(v)) queue.emplace_back(v, other);
  run.consistent = run_ac3(csp, domains, std::move(queue), run.revisions);
  run.domains = std::move(domains);
  return run;
}

bool every_domain_single(const CspDomains& domains) {
  return std::all_of(domains.begin(), domains.end(),
                     [](const std::vector<std::size_t>& values) { return values.size() == 1; });
}

std::size_t count_solutions(const Csp& csp, std::size_t most) {
  CspAssignment assignment(csp.size());
  CspDomains domains;
  for (std::size_t v = 0; v < csp.size(); ++v) domains.push_back(csp.domain(v));
  std::size_t found = 0;
  count_below(csp, assignment, domains, found, most);
  return found;
}

}  // namespace sg::ref
