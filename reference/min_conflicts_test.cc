#include "reference/min_conflicts.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "reference/csp_problems.h"
#include "reference/python_oracle_test_util.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace min_conflicts_test {

// Min-conflicts as the book's Python writes it (figure 6.8, with argmin_random_tie and
// conflicted_vars), over N-Queens or Australia, for each seed: the assignments in order (the
// variable's index, the value's position in its domain) and whether it solved. CPython's own
// `random` draws, so the comparison is with the interpreter a course runs.
const char* const kBookMinConflicts = R"py(
import json, random, sys
problem, seeds, max_steps = json.loads(sys.argv[1])
if problem[0] == "queens":
    n = problem[1]
    variables = list(range(n)); domain = list(range(n))
    neighbors = {v: [u for u in variables if u != v] for v in variables}
    def allowed(a, x, b, y): return x != y and abs(x - y) != abs(a - b)
else:
    variables = ["SA", "WA", "NT", "Q", "NSW", "V", "T"]; domain = ["R", "G", "B"]
    edges = [("SA", "WA"), ("SA", "NT"), ("SA", "Q"), ("SA", "NSW"), ("SA", "V"),
             ("NT", "WA"), ("NT", "Q"), ("NSW", "Q"), ("NSW", "V")]
    neighbors = {v: [] for v in variables}
    for a, b in edges: neighbors[a].append(b); neighbors[b].append(a)
    def allowed(a, x, b, y): return x != y
def nconflicts(var, val, current):
    return sum(1 for o in neighbors[var] if o in current and not allowed(var, val, o, current[o]))
def least(var, current):
    values = list(domain); random.shuffle(values)
    return min(values, key=lambda val: nconflicts(var, val, current))
out = []
for seed in seeds:
    random.seed(seed)
    current = {}; steps = []
    for var in variables:
        current[var] = least(var, current); steps.append([variables.index(var), domain.index(current[var])])
    solved = False
    for i in range(max_steps):
        conflicted = [v for v in variables if nconflicts(v, current[v], current) > 0]
        if not conflicted:
            solved = True; break
        var = random.choice(conflicted)
        current[var] = least(var, current); steps.append([variables.index(var), domain.index(current[var])])
    out.append({"solved": solved, "steps": steps})
print(json.dumps(out))
)py";

nlohmann::json book_runs(const nlohmann::json& question) {
  return test_util::run_python_json(kBookMinConflicts, question);
}

// Our run in the same terms: (variable, position of the value in the variable's domain).
nlohmann::json our_run(const Csp& csp, std::int64_t seed, std::size_t max_steps) {
  PythonRandom random(seed);
  const MinConflictsRun run = min_conflicts(csp, random, max_steps);
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& [variable, value] : run.assignments) {
    const auto& domain = csp.domain(variable);
    steps.push_back({variable, std::find(domain.begin(), domain.end(), value) - domain.begin()});
  }
  return {{"solved", run.solved}, {"steps", steps}};
}

void expect_the_books_steps(const Csp& csp, const nlohmann::json& problem, std::size_t max_steps) {
  const nlohmann::json seeds = {0, 1, 2, 3, 7, 42, 2024};
  const nlohmann::json book = book_runs({problem, seeds, max_steps});
  ASSERT_TRUE(book.is_array()) << "python3 did not answer";
  ASSERT_EQ(book.size(), seeds.size());
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    SCOPED_TRACE("seed " + seeds[i].dump());
    EXPECT_EQ(our_run(csp, seeds[i].get<std::int64_t>(), max_steps), book[i]);
  }
}

TEST(MinConflicts, TakesTheBooksStepsUnderCPythonsRandomOnNQueens) {
  expect_the_books_steps(nqueens_csp(8), {"queens", 8}, 100000);
  // Cut short: the run ends unsolved where the book's returns None.
  expect_the_books_steps(nqueens_csp(20), {"queens", 20}, 3);
}

TEST(MinConflicts, TakesTheBooksStepsUnderCPythonsRandomOnAustralia) {
  expect_the_books_steps(australia_csp(), {"australia"}, 100000);
}

TEST(MinConflicts, ASolvedRunBreaksNoConstraintAndCountsItsSteps) {
  const Csp csp = nqueens_csp(12);
  PythonRandom random(5);
  const MinConflictsRun run = min_conflicts(csp, random);
  ASSERT_TRUE(run.solved);
  EXPECT_FALSE(csp.violated(run.assignment).has_value());
  EXPECT_TRUE(conflicted_variables(csp, run.assignment).empty());
  EXPECT_EQ(run.assignments.size(), csp.size() + run.steps);
}

TEST(MinConflicts, RepairingAnyVariableTakesOtherStepsAndStillStopsWhenSolved) {
  const Csp csp = nqueens_csp(8);
  PythonRandom right_random(3), wrong_random(3);
  const MinConflictsRun right = min_conflicts(csp, right_random);
  const MinConflictsRun wrong = min_conflicts(csp, wrong_random, 100000, RepairChoice::any);
  ASSERT_TRUE(wrong.solved);
  EXPECT_FALSE(csp.violated(wrong.assignment).has_value());
  EXPECT_NE(wrong.assignments, right.assignments);
}

TEST(MinConflicts, NoStepsLeavesTheFirstAssignmentUnsolvedUnlessItSolves) {
  const Csp csp = nqueens_csp(8);
  PythonRandom random(0);
  const MinConflictsRun run = min_conflicts(csp, random, 0);
  EXPECT_FALSE(run.solved);
  EXPECT_EQ(run.steps, 0u);
  EXPECT_EQ(run.assignments.size(), 8u);
  for (const auto& value : run.assignment) EXPECT_TRUE(value.has_value());
}

}  // namespace min_conflicts_test
}  // namespace
}  // namespace sg::ref
