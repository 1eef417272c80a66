// aima-python's own backtracking policies (aima_mrv, aima_lcv, restore by appending), compared
// with the book's code run by the installed python3: the same assignments, in the same order.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "reference/csp_problems.h"
#include "reference/csp_search.h"
#include "reference/python_oracle_test_util.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace csp_aima_policies_test {

// backtracking_search as the book's Python writes it: curr_domains made by the first suppose,
// restore appending each pruned value, mrv by argmin_random_tie over num_legal_values, lcv by
// nconflicts, forward_checking over the unassigned neighbors. Prints, per case, the assignments
// (variable index, value's position in the initial domain) in the order made.
const char* const kBookBacktracking = R"py(
import json, random, sys
cases = json.loads(sys.argv[1])
def problem(name):
    if name[0] == "queens":
        n = name[1]; variables = list(range(n)); domain = list(range(n))
        neighbors = {v: [u for u in variables if u != v] for v in variables}
        return variables, domain, neighbors, lambda a, x, b, y: x != y and abs(x - y) != abs(a - b)
    variables = ["SA", "WA", "NT", "Q", "NSW", "V", "T"]; domain = ["R", "G", "B"]
    neighbors = {v: [] for v in variables}
    for a, b in [("SA", "WA"), ("SA", "NT"), ("SA", "Q"), ("SA", "NSW"), ("SA", "V"),
                 ("NT", "WA"), ("NT", "Q"), ("NSW", "Q"), ("NSW", "V")]:
        neighbors[a].append(b); neighbors[b].append(a)
    return variables, domain, neighbors, lambda a, x, b, y: x != y
out = []
for name, select, order, infer, seed in cases:
    variables, domain, neighbors, allowed = problem(name)
    random.seed(seed)
    made = []; state = {"curr": None}
    def nconflicts(var, val, assignment):
        return sum(1 for o in neighbors[var] if o in assignment and not allowed(var, val, o, assignment[o]))
    def support_pruning():
        if state["curr"] is None: state["curr"] = {v: list(domain) for v in variables}
    def choices(var):
        return (state["curr"] or {v: domain for v in variables})[var]
    def legal(var, assignment):
        if state["curr"]: return len(state["curr"][var])
        return sum(1 for val in domain if nconflicts(var, val, assignment) == 0)
    def pick(assignment):
        rest = [v for v in variables if v not in assignment]
        if select == "first_unassigned": return rest[0]
        random.shuffle(rest)
        return min(rest, key=lambda v: legal(v, assignment))
    def values(var, assignment):
        if order == "domain": return choices(var)
        return sorted(choices(var), key=lambda val: nconflicts(var, val, assignment))
    def forward(var, value, assignment, removals):
        if infer == "none": return True
        support_pruning()
        for b in neighbors[var]:
            if b not in assignment:
                for y in state["curr"][b][:]:
                    if not allowed(var, value, b, y):
                        state["curr"][b].remove(y); removals.append((b, y))
                if not state["curr"][b]: return False
        return True
    def backtrack(assignment):
        if len(assignment) == len(variables): return assignment
        var = pick(assignment)
        for value in values(var, assignment):
            if nconflicts(var, value, assignment) == 0:
                assignment[var] = value; made.append([variables.index(var), domain.index(value)])
                support_pruning()
                removals = [(var, a) for a in state["curr"][var] if a != value]
                state["curr"][var] = [value]
                if forward(var, value, assignment, removals):
                    if backtrack(assignment) is not None: return assignment
                for b, y in removals: state["curr"][b].append(y)
        assignment.pop(var, None)
        return None
    solved = backtrack({}) is not None
    out.append({"solved": solved, "assignments": made})
print(json.dumps(out))
)py";

nlohmann::json book_runs(const nlohmann::json& cases) {
  return test_util::run_python_json(kBookBacktracking, cases);
}

TEST(AimaBacktracking, AssignsAsTheBooksCodeDoesUnderEveryPolicyAndSeed) {
  nlohmann::json cases = nlohmann::json::array();
  for (const nlohmann::json& problem :
       {nlohmann::json{"queens", 8}, nlohmann::json{"queens", 6}, nlohmann::json{"australia"}})
    for (const char* select : {"first_unassigned", "aima_mrv"})
      for (const char* order : {"domain", "aima_lcv"})
        for (const char* infer : {"none", "forward_checking"})
          for (const int seed : {0, 1, 7}) cases.push_back({problem, select, order, infer, seed});
  const nlohmann::json book = book_runs(cases);
  ASSERT_TRUE(book.is_array()) << "python3 did not answer";
  ASSERT_EQ(book.size(), cases.size());
  std::size_t backtracked = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const nlohmann::json& c = cases[i];
    SCOPED_TRACE(c.dump());
    const Csp csp = c[0][0] == "queens" ? nqueens_csp(c[0][1].get<int>()) : australia_csp();
    BacktrackingPolicy policy;
    policy.variables = *parse_variable_order(c[1].get<std::string>());
    policy.values = *parse_value_order(c[2].get<std::string>());
    policy.inference = *parse_inference(c[3].get<std::string>());
    policy.restore = DomainRestore::append;
    policy.seed = c[4].get<int>();
    const BacktrackingRun run = backtracking_search(csp, policy);
    nlohmann::json made = nlohmann::json::array();
    for (const auto& [variable, value] : run.assignments) {
      const auto& domain = csp.domain(variable);
      made.push_back({variable, std::find(domain.begin(), domain.end(), value) - domain.begin()});
    }
    EXPECT_EQ((nlohmann::json{{"solved", run.solved}, {"assignments", made}}), book[i]);
    if (run.backtracks > 0) ++backtracked;
  }
  EXPECT_GT(backtracked, 10u) << "the cases exercise the restore order";
}

TEST(AimaBacktracking, WithoutAnInferenceTheBooksMrvIsARandomOrder) {
  // Every unassigned variable keeps its whole current domain, so every choice is a tie: two seeds
  // choose differently, and one seed the same way each time.
  const Csp csp = nqueens_csp(8);
  BacktrackingPolicy policy;
  policy.variables = VariableOrder::aima_mrv;
  policy.seed = 1;
  const BacktrackingRun one = backtracking_search(csp, policy);
  EXPECT_EQ(backtracking_search(csp, policy).assignments, one.assignments);
  policy.seed = 2;
  EXPECT_NE(backtracking_search(csp, policy).assignments, one.assignments);
}

TEST(AimaBacktracking, PolicyNamesAreRead) {
  EXPECT_EQ(parse_variable_order("aima_mrv"), VariableOrder::aima_mrv);
  EXPECT_EQ(parse_value_order("aima_lcv"), ValueOrder::aima_lcv);
  EXPECT_EQ(parse_domain_restore("append"), DomainRestore::append);
  EXPECT_EQ(parse_domain_restore("snapshot"), DomainRestore::snapshot);
  EXPECT_FALSE(parse_domain_restore("undo").has_value());
}

}  // namespace csp_aima_policies_test
}  // namespace
}  // namespace sg::ref
