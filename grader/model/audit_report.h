// AuditReport: whether a spec grades what it should, as a course's CI asks before students see
// it. Its known submissions (fixtures) must get the outcome their expected.yaml states, and the
// reference's mutants (one classic mistake each) should lose points. A plain value type: audit
// fills it, reports/ render it.
#pragma once

#include <string>
#include <vector>

namespace sg {

/// One known submission against its stated outcome.
struct FixtureAudit {
  std::string name;  ///< Its folder, e.g. "buggy-bfs-lifo".
  double expected_score = 0.0;
  double score = 0.0;
  std::vector<std::string> expected_lost;  ///< Criterion ids it must lose, sorted.
  std::vector<std::string> lost;           ///< Criterion ids it lost, sorted.
  std::vector<std::string> problems;       ///< Why it does not meet its expectation; empty: ok.
  bool grader_error = false;
  bool ok() const { return problems.empty(); }
};

/// One mutant of the reference, graded as a student.
struct MutantAudit {
  std::string id;       ///< "goal_test_at_generation".
  std::string mistake;  ///< "tests the goal when a node is generated, not when it is expanded".
  std::vector<std::string> tests;      ///< The tests it applies to.
  std::vector<std::string> killed_by;  ///< The tests where it lost a point-bearing aspect.
  double score = 0.0;
  double max_score = 0.0;
  std::vector<std::string> earned;  ///< Criterion ids it earned in full.
  bool killed() const { return !killed_by.empty(); }
};

struct AuditReport {
  std::string spec_path;
  std::string assignment_id;
  bool fixtures_run = false;  ///< False with --no-fixtures.
  std::vector<FixtureAudit> fixtures;
  std::string fixtures_source;  ///< The expected.yaml read, or empty when none was found.
  bool mutants_run = false;     ///< False with --no-mutants.
  std::vector<MutantAudit> mutants;
  /// Killed mutants / mutants, in [0, 1]; 1 when no mutant applies.
  double mutation_score() const;
  /// Every fixture met its expectation (mutants that survive do not fail an audit by themselves).
  bool fixtures_ok() const;
};

}  // namespace sg
