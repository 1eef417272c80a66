#include "kinds/solve_kind.h"

#include <fmt/format.h>

#include "domains/sliding_tile_setup.h"
#include "kinds/domain_trace.h"

namespace sg {

MaxQueueLine read_max_queue_line(const TestSpec& test) {
  const std::string value =
      read_word(test, "max_queue_line", "optional", {"optional", "required", "forbidden"});
  if (value == "required") return MaxQueueLine::required;
  if (value == "forbidden") return MaxQueueLine::forbidden;
  return MaxQueueLine::optional;
}

QueueCountJudgement read_max_queue_length(const TestSpec& test) {
  const std::string value =
      read_word(test, "max_queue_length", "feedback", {"feedback", "exact", "range"});
  if (value == "exact") return QueueCountJudgement::exact;
  if (value == "range") return QueueCountJudgement::range;
  return QueueCountJudgement::feedback;
}

std::vector<std::string> SolveKind::keys() const {
  std::vector<std::string> keys = {"state",          "function",         "exact_path",
                                   "max_queue_line", "max_queue_length", "cross_check"};
  for (std::string& key : domain_path_keys()) keys.push_back(std::move(key));
  return keys;
}

void SolveKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (composed_test(test)) {
    require_function_adapter(assignment, test);
  } else {
    refuse_composed_keys(test, domain_path_keys());
    read_state(test, "state", make_puzzle(assignment, test), assignment.state_notation);
  }
  validate_domain_path(assignment, composed_form(assignment, test));
}

Invocation SolveKind::invocation(const Assignment& assignment, const TestSpec& test,
                                 const GradingContext& context) const {
  return domain_trace_invocation(assignment, composed_form(assignment, test), context);
}

TestOutcome SolveKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                const Observation& observation) const {
  return evaluate_domain_path(assignment, composed_form(assignment, test), observation, aspects());
}

std::vector<MutantOutcome> SolveKind::mutant_outcomes(const Assignment& assignment,
                                                      const TestSpec& test) const {
  return domain_path_mutants(assignment, composed_form(assignment, test), aspects());
}

}  // namespace sg
