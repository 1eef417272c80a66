#include "model/verdict.h"

#include <array>
#include <utility>

namespace sg {
namespace {

constexpr std::array<std::pair<Verdict, std::string_view>, 12> kVerdictNames{{
    {Verdict::accepted, "accepted"},
    {Verdict::wrong_answer, "wrong_answer"},
    {Verdict::time_limit_exceeded, "time_limit_exceeded"},
    {Verdict::memory_limit_exceeded, "memory_limit_exceeded"},
    {Verdict::output_limit_exceeded, "output_limit_exceeded"},
    {Verdict::process_limit_exceeded, "process_limit_exceeded"},
    {Verdict::runtime_error, "runtime_error"},
    {Verdict::security_violation, "security_violation"},
    {Verdict::grader_error, "grader_error"},
    {Verdict::compile_error, "compile_error"},
    {Verdict::submission_error, "submission_error"},
    {Verdict::submission_too_large, "submission_too_large"},
}};

constexpr std::array<std::pair<Visibility, std::string_view>, 4> kVisibilityNames{{
    {Visibility::visible, "visible"},
    {Visibility::hidden, "hidden"},
    {Visibility::after_due_date, "after_due_date"},
    {Visibility::after_published, "after_published"},
}};

}  // namespace

std::string_view to_string(Verdict verdict) {
  for (const auto& [value, name] : kVerdictNames) {
    if (value == verdict) return name;
  }
  return "grader_error";
}

std::string_view describe(Verdict verdict) {
  switch (verdict) {
    case Verdict::accepted:
      return "accepted";
    case Verdict::wrong_answer:
      return "wrong answer";
    case Verdict::time_limit_exceeded:
      return "time limit exceeded";
    case Verdict::memory_limit_exceeded:
      return "memory limit exceeded";
    case Verdict::output_limit_exceeded:
      return "output limit exceeded";
    case Verdict::process_limit_exceeded:
      return "process limit exceeded";
    case Verdict::runtime_error:
      return "runtime error";
    case Verdict::security_violation:
      return "security violation";
    case Verdict::grader_error:
      return "grader error";
    case Verdict::compile_error:
      return "compile error";
    case Verdict::submission_error:
      return "submission error";
    case Verdict::submission_too_large:
      return "submission too large";
  }
  return "grader error";
}

bool ran_to_completion(Verdict verdict) {
  return verdict == Verdict::accepted || verdict == Verdict::wrong_answer;
}

bool is_submission_verdict(Verdict verdict) {
  return verdict == Verdict::compile_error || verdict == Verdict::submission_error ||
         verdict == Verdict::submission_too_large;
}

std::optional<Verdict> verdict_from_string(std::string_view name) {
  for (const auto& [value, known] : kVerdictNames) {
    if (known == name) return value;
  }
  return std::nullopt;
}

std::string_view to_string(Visibility visibility) {
  for (const auto& [value, name] : kVisibilityNames) {
    if (value == visibility) return name;
  }
  return "visible";
}

std::optional<Visibility> visibility_from_string(std::string_view name) {
  for (const auto& [value, known] : kVisibilityNames) {
    if (known == name) return value;
  }
  return std::nullopt;
}

}  // namespace sg
