#include "audit/spec_audit.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "engine/test_verdict.h"
#include "scoring/rubric_scoring.h"

namespace sg {
namespace {

// A test as a mutant answers it where its mistake does not apply: as the reference does, so
// every aspect the test grades passes.
TestOutcome reference_outcome(const TestSpec& test) {
  TestOutcome outcome;
  outcome.verdict = Verdict::accepted;
  for (const auto& [aspect, criteria] : test.grades)
    if (aspect != "exit") outcome.aspects.push_back({aspect, "", true, ""});  // conclude_test's
  return outcome;
}

void identify(const TestSpec& test, TestOutcome& outcome) {
  outcome.id = test.id;
  outcome.name = test.name;
  outcome.kind = test.kind;
  outcome.visibility = test.visibility;
}

}  // namespace

std::string all_feedback(const GradeReport& report) {
  std::string text;
  for (const auto& test : report.tests) {
    text += test.feedback + "\n";
    for (const auto& aspect : test.aspects) text += aspect.feedback + "\n";
    for (const auto& note : test.notes) text += note + "\n";
  }
  for (const auto& note : report.submission_notes) text += note + "\n";
  text += report.submission_feedback + "\n";
  for (const auto& shared : report.shared_feedback) text += shared.text + "\n";
  return text;
}

FixtureAudit audit_fixture(const Assignment& assignment, const KindRegistry& kinds, Runner& runner,
                           const FixtureExpectation& expectation, const GradeOptions& options) {
  if (!expectation.budget_cpu_seconds)
    return audit_report(grade_submission(assignment, kinds, runner, expectation.folder, options),
                        expectation);
  Assignment capped = assignment;
  capped.submission_budget.cap(*expectation.budget_cpu_seconds);
  return audit_report(grade_submission(capped, kinds, runner, expectation.folder, options),
                      expectation);
}

FixtureAudit audit_report(const GradeReport& report, const FixtureExpectation& expectation) {
  FixtureAudit audit;
  audit.name = expectation.name;
  audit.expected_score = expectation.score;
  audit.expected_lost = expectation.lost;
  audit.score = report.score;
  audit.grader_error = report.has_grader_errors;
  for (const auto& criterion : report.criteria)
    if (criterion.status != CriterionStatus::passed) audit.lost.push_back(criterion.id);
  std::sort(audit.lost.begin(), audit.lost.end());
  if (audit.grader_error)
    audit.problems.push_back("a grader error: some of its tests could not be graded");
  if (std::abs(audit.score - audit.expected_score) > 1e-9)
    audit.problems.push_back(
        fmt::format("scored {:g}, must score {:g}", audit.score, audit.expected_score));
  if (audit.lost != audit.expected_lost)
    audit.problems.push_back(fmt::format("lost [{}], must lose exactly [{}]",
                                         fmt::join(audit.lost, ", "),
                                         fmt::join(audit.expected_lost, ", ")));
  const std::string feedback = all_feedback(report);
  for (const std::string& phrase : expectation.feedback)
    if (feedback.find(phrase) == std::string::npos)
      audit.problems.push_back(fmt::format("its feedback lacks \"{}\"", phrase));
  return audit;
}

std::vector<MutantAudit> audit_mutants(const Assignment& assignment, const KindRegistry& kinds) {
  // mutant id -> its outcome on each test it applies to, by test index.
  std::vector<MutantAudit> mutants;
  std::map<std::string, std::map<std::size_t, TestOutcome>> outcomes;
  for (std::size_t i = 0; i < assignment.tests.size(); ++i) {
    const TestSpec& test = assignment.tests[i];
    const TestKind* kind = kinds.find(test.kind);
    if (kind == nullptr) continue;
    for (MutantOutcome& judged : kind->mutant_outcomes(assignment, test)) {
      auto known = std::find_if(mutants.begin(), mutants.end(),
                                [&](const MutantAudit& m) { return m.id == judged.mutant; });
      if (known == mutants.end()) {
        MutantAudit mutant;
        mutant.id = judged.mutant;
        mutant.mistake = judged.mistake;
        mutants.push_back(std::move(mutant));
        known = std::prev(mutants.end());
      }
      known->tests.push_back(test.id);
      outcomes[judged.mutant][i] = std::move(judged.outcome);
    }
  }
  // A mutant is a program that exits normally: its exit status passes where it is graded.
  Observation exited;
  exited.termination = Termination::exited;
  exited.exit_code = 0;
  const bool program = assignment.submission.language == "program";
  for (MutantAudit& mutant : mutants) {
    GradeReport report;
    const auto& answered = outcomes[mutant.id];
    for (std::size_t i = 0; i < assignment.tests.size(); ++i) {
      const TestSpec& test = assignment.tests[i];
      const auto found = answered.find(i);
      TestOutcome outcome = found == answered.end() ? reference_outcome(test) : found->second;
      identify(test, outcome);
      conclude_test(test, outcome, &exited, program);
      if (found != answered.end() &&
          std::any_of(outcome.aspects.begin(), outcome.aspects.end(), [](const AspectOutcome& a) {
            return !a.criterion_id.empty() && a.judged && !a.passed;
          }))
        mutant.killed_by.push_back(test.id);
      report.tests.push_back(std::move(outcome));
    }
    apply_rubric(assignment, report);
    mutant.score = report.score;
    mutant.max_score = report.max_score;
    for (const auto& criterion : report.criteria)
      if (criterion.status == CriterionStatus::passed) mutant.earned.push_back(criterion.id);
  }
  return mutants;
}

AuditReport audit_spec(const Assignment& assignment, const KindRegistry& kinds, Runner& runner,
                       const std::filesystem::path& spec_path, const AuditOptions& options) {
  AuditReport report;
  report.spec_path = spec_path.string();
  report.assignment_id = assignment.id;
  report.fixtures_run = options.run_fixtures;
  if (options.run_fixtures) {
    std::optional<FixtureSet> set;
    for (const auto& folder : options.fixtures_dirs)
      if (!set) set = find_fixture_set(spec_path, folder);
    if (set) {
      report.fixtures_source = set->expected_file.string();
      std::size_t done = 0;
      for (const FixtureExpectation& expectation : set->submissions) {
        report.fixtures.push_back(
            audit_fixture(assignment, kinds, runner, expectation, options.grade));
        if (options.on_fixture_done)
          options.on_fixture_done(++done, set->submissions.size(), expectation.name);
      }
      for (const std::string& name : set->unlisted) {
        FixtureAudit unlisted;
        unlisted.name = name;
        unlisted.problems.push_back(
            fmt::format("not listed in {}: every known submission states the outcome it must get",
                        set->expected_file.filename().string()));
        report.fixtures.push_back(std::move(unlisted));
      }
    }
  }
  report.mutants_run = options.run_mutants;
  if (options.run_mutants) report.mutants = audit_mutants(assignment, kinds);
  return report;
}

}  // namespace sg
