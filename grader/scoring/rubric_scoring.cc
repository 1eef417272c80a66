#include "scoring/rubric_scoring.h"

#include <fmt/format.h>

namespace sg {

void apply_rubric(const Assignment& assignment, GradeReport& report) {
  report.criteria.clear();
  report.score = 0.0;
  report.max_score = 0.0;
  report.pending_points = 0.0;
  report.has_grader_errors = false;
  for (const auto& test : report.tests) {
    if (test.verdict == Verdict::grader_error) report.has_grader_errors = true;
  }

  for (const auto& criterion : assignment.criteria) {
    CriterionOutcome outcome;
    outcome.id = criterion.id;
    outcome.name = criterion.name;
    outcome.max_points = criterion.points;
    report.max_score += criterion.points;
    if (criterion.manual) {
      outcome.status = CriterionStatus::pending_manual;
      outcome.summary = summarize_criterion(criterion.id, outcome.status, report.tests);
      report.pending_points += criterion.points;
      report.criteria.push_back(std::move(outcome));
      continue;
    }

    int aspects_total = 0;
    int aspects_passed = 0;
    bool grader_error = false;
    for (const auto& test : report.tests) {
      bool bound = false;
      for (const auto& aspect : test.aspects) {
        if (aspect.criterion_id != criterion.id) continue;
        bound = true;
        if (!aspect.judged && test.verdict != Verdict::grader_error) continue;
        ++aspects_total;
        if (aspect.passed) ++aspects_passed;
      }
      if (!bound) continue;
      outcome.test_ids.push_back(test.id);
      if (test.verdict == Verdict::grader_error) grader_error = true;
    }

    if (grader_error) {
      outcome.status = CriterionStatus::grader_error;
      outcome.points = 0.0;
    } else if (aspects_total > 0 && aspects_passed == aspects_total) {
      outcome.status = CriterionStatus::passed;
      outcome.points = criterion.points;
    } else if (aspects_total == 0) {
      outcome.status = CriterionStatus::failed;
      outcome.points = 0.0;
    } else {
      const double fraction =
          aspects_total == 0 ? 0.0 : static_cast<double>(aspects_passed) / aspects_total;
      if (criterion.scoring == CriterionScoring::proportional && aspects_passed > 0) {
        outcome.status = CriterionStatus::partial;
        outcome.points = criterion.points * fraction;
      } else {
        outcome.status = CriterionStatus::failed;
        outcome.points = 0.0;
      }
    }
    outcome.summary = summarize_criterion(criterion.id, outcome.status, report.tests);
    report.score += outcome.points;
    report.criteria.push_back(std::move(outcome));
  }
}

}  // namespace sg
