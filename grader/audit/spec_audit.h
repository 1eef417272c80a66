// Audit: grades a spec's known submissions as a course's CI would, and runs the reference's
// mutants (algorithms/search_mutants.h) as students, to prove the spec grades what it should before
// students see it. `searchgrader audit SPEC` prints the result; docs/spec-format.md, "Auditing".
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "audit/fixture_expectations.h"
#include "engine/grade_submission.h"
#include "model/audit_report.h"

namespace sg {

/// Grades `expectation`'s submission and compares it with what it must get: the exact score,
/// exactly the criteria lost, each feedback phrase present, no grader error. Within the
/// fixture's `budget_cpu_seconds` when it states one.
FixtureAudit audit_fixture(const Assignment& assignment, const KindRegistry& kinds, Runner& runner,
                           const FixtureExpectation& expectation, const GradeOptions& options);

/// Compares `report` (the grade of `expectation`'s submission) with what it must get, as
/// audit_fixture does.
FixtureAudit audit_report(const GradeReport& report, const FixtureExpectation& expectation);

/// Every mutant that applies to some test of `assignment`, graded as a student whose answers on
/// the other tests are the reference's (so only its mistake can cost it points). Runs no process.
std::vector<MutantAudit> audit_mutants(const Assignment& assignment, const KindRegistry& kinds);

/// Everything a report shows of a graded submission's feedback, as one text (what the feedback
/// phrases of expected.yaml are looked for in).
std::string all_feedback(const GradeReport& report);

struct AuditOptions {
  GradeOptions grade;
  /// Where expected.yaml files are looked for, in order (default_fixtures_dirs()).
  std::vector<std::filesystem::path> fixtures_dirs;
  bool run_fixtures = true;
  bool run_mutants = true;
  /// Called as each fixture is graded: (done, total, name).
  std::function<void(std::size_t, std::size_t, const std::string&)> on_fixture_done;
};

/// The audit of the spec at `spec_path` (already loaded and validated as `assignment`).
AuditReport audit_spec(const Assignment& assignment, const KindRegistry& kinds, Runner& runner,
                       const std::filesystem::path& spec_path, const AuditOptions& options);

}  // namespace sg
