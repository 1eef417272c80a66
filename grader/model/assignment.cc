#include "model/assignment.h"

#include <fmt/format.h>

#include <algorithm>

namespace sg {

std::string SourceLocation::to_string() const {
  if (line <= 0) return file;
  return fmt::format("{}:{}:{}", file, line, column);
}

std::string_view to_string(ExitStatusPolicy policy) {
  switch (policy) {
    case ExitStatusPolicy::required:
      return "required";
    case ExitStatusPolicy::graded:
      return "graded";
    case ExitStatusPolicy::ignored:
      return "ignored";
  }
  return "required";
}

const Criterion* Assignment::find_criterion(std::string_view criterion_id) const {
  for (const auto& criterion : criteria) {
    if (criterion.id == criterion_id) return &criterion;
  }
  return nullptr;
}

std::optional<double> SubmissionBudget::seconds() const {
  if (multiplier > 0 && measured_total_cpu_seconds) return multiplier * *measured_total_cpu_seconds;
  return cpu_seconds;
}

void SubmissionBudget::cap(double most) {
  const std::optional<double> in_effect = seconds();
  cpu_seconds = in_effect ? std::min(*in_effect, most) : most;
  multiplier = 0.0;
}

double ImportLimits::cpu(const SubmissionBudget& budget) const {
  if (cpu_seconds) return *cpu_seconds;
  return budget.seconds().value_or(kDefaultImportCpuSeconds);
}

double ImportLimits::wall(const SubmissionBudget& budget) const {
  return wall_seconds.value_or(2 * cpu(budget) + 5);
}

double Assignment::max_points() const {
  double total = 0.0;
  for (const auto& criterion : criteria) total += criterion.points;
  return total;
}

SpecError::SpecError(const SourceLocation& where, const std::string& message)
    : std::runtime_error(fmt::format("{}: {}", where.to_string(), message)),
      where_(where),
      message_(message) {}

SpecErrors::SpecErrors(std::vector<SpecError> errors)
    : SpecError(errors.at(0).where(), errors.at(0).message()), errors_(std::move(errors)) {
  for (const SpecError& error : errors_) {
    if (!text_.empty()) text_ += '\n';
    text_ += error.what();
  }
}

}  // namespace sg
