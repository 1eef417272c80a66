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
#include "model/invocation.h"
#include "model/observation.h"

namespace sg {

/// Where the grader's own pieces are, for building invocations.
struct GradingContext {
  std::filesystem::path driver_dir;  ///< Holds python_driver.py.
  std::string python = "python3";    ///< Interpreter for Python submissions.
  /// For `language: program` submissions: the argv prefix that runs the (built) program in the
  /// working directory, e.g. {"./eightpuzzle"} (set by the engine once per submission).
  std::vector<std::string> program_command;
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
};

}  // namespace sg
