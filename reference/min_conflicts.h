// Min-conflicts local search over a Csp (AIMA, chapter 6, figure 6.8), drawing from CPython's
// `random` exactly as the book's code (aima-python's csp.py) draws: a complete assignment is made
// first, each variable in the variables' order taking a value of least conflicts with those
// already assigned; then, step after step, a conflicted variable is chosen by
// `random.choice(conflicted)` and given a value of least conflicts, ties broken by
// `min(shuffled(domain), key=...)` (a `random.shuffle` of a copy of the domain, then the first
// minimum). A course that seeds `random` and hands out the book's code gets the same steps, so a
// grader can judge them exactly. Conflicts are the binary ones, as AIMA's `nconflicts` counts
// them; n-ary constraints aside. No I/O, no grading.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "reference/csp.h"
#include "reference/python_random.h"

namespace sg::ref {

/// Which variable a repair step draws from.
enum class RepairChoice {
  conflicted,  ///< `random.choice(conflicted)`, as the book's code.
  any,         ///< `random.choice(variables)`, conflicted or not: the classic mistake (audit's).
};

struct MinConflictsRun {
  bool solved = false;       ///< A step found no conflicted variable (AIMA returns `current`).
  CspAssignment assignment;  ///< The last complete assignment (AIMA's `csp.current`).
  /// Every assignment made, in order: (variable, value index): first one per variable, in the
  /// variables' order, then one per step (AIMA's `nassigns` is its size).
  std::vector<std::pair<std::size_t, std::size_t>> assignments;
  std::size_t steps = 0;  ///< Repair steps taken: variables chosen after the first assignment.
};

/// Min-conflicts as above, with at most `max_steps` repair steps (AIMA's default 100000): past
/// them the run ends unsolved (AIMA returns None). `random` is the student's generator as seeded
/// (`random.seed(s)`: PythonRandom(s)); it is advanced as CPython's would be. `repair` says which
/// variable a step draws; a run that draws any variable still ends when none is conflicted.
MinConflictsRun min_conflicts(const Csp& csp, PythonRandom& random, std::size_t max_steps = 100000,
                              RepairChoice repair = RepairChoice::conflicted);

/// The variables of a complete `assignment` in conflict with a neighbor, in the variables' order
/// (AIMA's `conflicted_vars`).
std::vector<std::size_t> conflicted_variables(const Csp& csp, const CspAssignment& assignment);

}  // namespace sg::ref
