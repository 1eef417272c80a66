#include "batch/gradebook_csv.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sg {

namespace {

std::string number(double value) {
  if (!std::isfinite(value)) return {};
  // Round away binary noise (0.1 + 0.2) without losing real fractions of a point.
  const double rounded = std::round(value * 1e6) / 1e6;
  return fmt::format("{}", rounded == 0.0 ? 0.0 : rounded);
}

}  // namespace

std::string csv_field(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string quoted = "\"";
  for (const char c : field) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

std::string csv_text(std::string_view field) {
  if (!field.empty() &&
      std::string_view("=+-@\t\r").find(field.front()) != std::string_view::npos) {
    std::string inert(1, '\'');
    inert.append(field);
    return csv_field(inert);
  }
  return csv_field(field);
}

std::string render_gradebook_csv(const std::vector<ClassEntry>& entries) {
  std::vector<std::string> criteria;
  for (const auto& entry : entries)
    for (const auto& criterion : entry.report.criteria)
      if (std::find(criteria.begin(), criteria.end(), criterion.id) == criteria.end())
        criteria.push_back(criterion.id);

  std::vector<const ClassEntry*> rows;
  for (const auto& entry : entries) rows.push_back(&entry);
  std::sort(rows.begin(), rows.end(),
            [](const ClassEntry* a, const ClassEntry* b) { return a->student_id < b->student_id; });

  std::string csv = "student_id,name,total,max";
  for (const auto& id : criteria) csv.append(",").append(csv_text(id));
  csv += "\r\n";
  for (const ClassEntry* entry : rows) {
    const GradeReport& report = entry->report;
    csv.append(csv_text(entry->student_id)).append(",").append(csv_text(entry->student_name));
    csv.append(",").append(report.has_grader_errors ? "" : number(report.score));
    csv.append(",").append(number(report.max_score));
    for (const auto& id : criteria) {
      csv += ",";
      const auto it = std::find_if(report.criteria.begin(), report.criteria.end(),
                                   [&](const CriterionOutcome& c) { return c.id == id; });
      if (it == report.criteria.end() || it->status == CriterionStatus::grader_error ||
          it->status == CriterionStatus::pending_manual)
        continue;
      csv += number(it->points);
    }
    csv += "\r\n";
  }
  return csv;
}

}  // namespace sg
