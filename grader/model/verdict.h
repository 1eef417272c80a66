// Verdict: the one-word outcome of a test, in the order of precedence the grader applies
// (a grader fault outranks everything; a limit outranks what the checker thought of the output).
// The last three are verdicts on the submission as a whole: no test of it could run, and every
// test carries that one verdict (engine/test_verdict.h decides a test's verdict, once).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sg {

enum class Verdict {
  accepted,
  wrong_answer,
  time_limit_exceeded,
  memory_limit_exceeded,
  output_limit_exceeded,
  process_limit_exceeded,  ///< The run reached its process limit (a fork was refused).
  runtime_error,
  security_violation,
  grader_error,
  compile_error,         ///< The submission's build failed; nothing ran.
  submission_error,      ///< A required file is missing, or several files could be the one.
  submission_too_large,  ///< Over the spec's submission size limit; nothing was copied or run.
};

/// True for the verdicts of a test that ran to its end (accepted, wrong answer): only such a test
/// earns points for its aspects. Any other verdict (a limit, a crash, a fault, a submission
/// verdict) fails every aspect of the test.
bool ran_to_completion(Verdict verdict);

/// True for the verdicts that describe the whole submission (compile error, submission error,
/// submission too large).
bool is_submission_verdict(Verdict verdict);

/// Snake-case name used in specs, JSON and fixtures ("time_limit_exceeded").
std::string_view to_string(Verdict verdict);
/// Human wording used in feedback ("time limit exceeded").
std::string_view describe(Verdict verdict);
/// Inverse of to_string; nullopt for an unknown name.
std::optional<Verdict> verdict_from_string(std::string_view name);

/// Gradescope's four visibility values (results.json `visibility`).
enum class Visibility { visible, hidden, after_due_date, after_published };

std::string_view to_string(Visibility visibility);
std::optional<Visibility> visibility_from_string(std::string_view name);

}  // namespace sg
