// Verdict: the one-word outcome of a test, in the order of precedence the grader applies
// (a grader fault outranks everything; a limit outranks what the checker thought of the output).
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
  runtime_error,
  security_violation,
  grader_error,
};

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
