#include "model/grade_report.h"

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

}  // namespace sg
