// A test kind: one way of testing a submission (print_succ, solve, priority_queue, ...). Each
// kind validates its spec keys, builds the invocation for the runner, and judges the observation
// with a checker against the reference's expected result. Kinds never run processes themselves.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/grading_context.h"
#include "model/invocation.h"
#include "model/observation.h"

namespace sg {

/// One mutant's answer to a test (algorithms/search_mutants.h), judged as a student's would be.
struct MutantOutcome {
  std::string mutant;   ///< Catalogue id, e.g. "goal_test_at_generation".
  std::string mistake;  ///< In the student's terms: "tests the goal when a node is generated...".
  TestOutcome outcome;  ///< Aspects judged exactly as a student's answer (criteria not filled).
};

class TestKind {
 public:
  virtual ~TestKind() = default;

  /// The `kind:` value in specs.
  virtual std::string_view name() const = 0;

  /// The aspects a test of this kind reports; a test's `grades` may bind each to a criterion.
  virtual std::vector<std::string> aspects() const = 0;

  /// The kind-specific keys a test may have (besides id, name, kind, visibility, grades, limits).
  virtual std::vector<std::string> keys() const = 0;

  /// True if this kind's tests follow the domain's `action_order` in `assignment`. A spec that
  /// states an action_order one of its tests would ignore is rejected (KindRegistry::validate).
  virtual bool uses_action_order(const Assignment&) const { return false; }

  /// The aspects `test` judges, which a test that never ran fails: the kind's, unless the test
  /// chooses them (a `search` test's `judge:`).
  virtual std::vector<std::string> judged_aspects(const Assignment&, const TestSpec&) const {
    return aspects();
  }

  /// Checks the test's kind-specific input against the assignment (and that the reference can
  /// compute its expected result). Throws SpecError with the offending key's file:line:col.
  virtual void validate(const Assignment& assignment, const TestSpec& test) const = 0;

  /// The process that performs the test.
  virtual Invocation invocation(const Assignment& assignment, const TestSpec& test,
                                const GradingContext& context) const = 0;

  /// Judges what the process did. Fills verdict, aspects (criterion ids are filled in by the
  /// caller from the test's `grades`), call, expected, observed, feedback and notes.
  /// May throw for grader faults; the caller turns that into a grader-error outcome.
  virtual TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                               const Observation& observation) const = 0;

  /// The reference's expected output for the test, rendered for people (what `expect` prints
  /// and golden files freeze). Default: the `expected` that evaluate() reports for a process
  /// that ran and printed nothing. Throws SpecError / std::exception as evaluate() does.
  virtual std::string expected_output(const Assignment& assignment, const TestSpec& test) const;

  /// The reference's mutants that apply to the test, each judged as a student. Default: none
  /// (the kind has no mutants; audit counts its tests as passed by every mutant).
  virtual std::vector<MutantOutcome> mutant_outcomes(const Assignment&, const TestSpec&) const {
    return {};
  }
};

}  // namespace sg
