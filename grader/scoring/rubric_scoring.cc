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
      outcome.summary = "graded by a person; pending";
      report.pending_points += criterion.points;
      report.criteria.push_back(std::move(outcome));
      continue;
    }

    int aspects_total = 0;
    int aspects_passed = 0;
    bool grader_error = false;
    std::vector<std::string> failed_tests;
    for (const auto& test : report.tests) {
      bool bound = false;
      bool test_failed = false;
      for (const auto& aspect : test.aspects) {
        if (aspect.criterion_id != criterion.id) continue;
        bound = true;
        if (!aspect.judged && test.verdict != Verdict::grader_error) continue;
        ++aspects_total;
        if (aspect.passed) {
          ++aspects_passed;
        } else {
          test_failed = true;
        }
      }
      if (!bound) continue;
      outcome.test_ids.push_back(test.id);
      if (test.verdict == Verdict::grader_error) grader_error = true;
      if (test_failed) failed_tests.push_back(test.name);
    }

    const std::size_t tests = outcome.test_ids.size();
    if (grader_error) {
      outcome.status = CriterionStatus::grader_error;
      outcome.points = 0.0;
      outcome.summary =
          "not graded: a grader error stopped one of its tests (not counted against the "
          "submission)";
    } else if (aspects_total > 0 && aspects_passed == aspects_total) {
      outcome.status = CriterionStatus::passed;
      outcome.points = criterion.points;
      outcome.summary = fmt::format("{} of {} test{} passed", tests, tests, tests == 1 ? "" : "s");
    } else if (aspects_total == 0) {
      outcome.status = CriterionStatus::failed;
      outcome.points = 0.0;
      outcome.summary =
          "no test could judge this criterion (every one stopped early or printed nothing)";
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
      outcome.summary = fmt::format("{} of {} test{} passed", tests - failed_tests.size(), tests,
                                    tests == 1 ? "" : "s");
    }
    report.score += outcome.points;
    report.criteria.push_back(std::move(outcome));
  }
}

}  // namespace sg
