#include "model/grade_report.h"

#include <fmt/format.h>

namespace sg {

std::string_view to_string(CriterionStatus status) {
  switch (status) {
    case CriterionStatus::passed:
      return "passed";
    case CriterionStatus::partial:
      return "partial";
    case CriterionStatus::failed:
      return "failed";
    case CriterionStatus::pending_manual:
      return "pending_manual";
    case CriterionStatus::grader_error:
      return "grader_error";
  }
  return "failed";
}

std::string summarize_criterion(const std::string& criterion_id, CriterionStatus status,
                                const std::vector<TestOutcome>& tests) {
  if (status == CriterionStatus::pending_manual) return "graded by a person; pending";
  if (status == CriterionStatus::grader_error)
    return "not graded: a grader error stopped one of its tests (not counted against the "
           "submission)";
  std::size_t bound = 0;
  std::size_t failed = 0;
  std::size_t judged = 0;
  for (const TestOutcome& test : tests) {
    bool is_bound = false;
    bool test_failed = false;
    for (const AspectOutcome& aspect : test.aspects) {
      if (aspect.criterion_id != criterion_id) continue;
      is_bound = true;
      if (!aspect.judged) continue;
      ++judged;
      if (!aspect.passed) test_failed = true;
    }
    bound += is_bound ? 1 : 0;
    failed += test_failed ? 1 : 0;
  }
  if (bound > 0 && judged == 0)
    return "no test could judge this criterion (every one stopped early or printed nothing)";
  return fmt::format("{} of {} test{} passed", bound - failed, bound, bound == 1 ? "" : "s");
}

}  // namespace sg
