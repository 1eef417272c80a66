#include "kinds/domain_trace_kind.h"

#include "domains/sliding_tile_setup.h"
#include "kinds/domain_trace.h"

namespace sg {

std::string_view DomainTraceKind::name() const {
  return asked_ == Asked::successors ? "print_succ"
         : asked_ == Asked::path     ? "solve"
                                     : "print_path";
}

std::vector<std::string> DomainTraceKind::aspects() const {
  if (asked_ == Asked::successors) return {"successors", "order", "format"};
  if (asked_ == Asked::handed_path) return {"prints", "path", "heuristic", "format"};
  return {"path", "heuristic", "format", "max_queue"};
}

bool DomainTraceKind::uses_action_order(const Assignment& assignment) const {
  return asked_ == Asked::handed_path || successors_in_action_order(assignment);
}

std::vector<std::string> DomainTraceKind::keys() const {
  if (asked_ == Asked::handed_path) return {"start", "goal", "limit", "function", "domain", "line"};
  std::vector<std::string> keys = {"state", "function"};
  if (asked_ == Asked::path)
    keys.insert(keys.end(), {"exact_path", "max_queue_line", "max_queue_length", "cross_check"});
  for (std::string& key : asked_ == Asked::successors ? domain_listing_keys() : domain_path_keys())
    keys.push_back(std::move(key));
  return keys;
}

void DomainTraceKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (asked_ == Asked::handed_path) {
    validate_handed_path(assignment, composed_form(assignment, test));
    return;
  }
  if (composed_test(test)) {
    require_function_adapter(assignment, test);
  } else {
    refuse_composed_keys(test,
                         asked_ == Asked::successors ? domain_listing_keys() : domain_path_keys());
    read_state(test, "state", make_puzzle(assignment, test), assignment.state_notation);
  }
  if (asked_ == Asked::successors)
    validate_domain_listing(assignment, composed_form(assignment, test));
  else
    validate_domain_path(assignment, composed_form(assignment, test));
}

Invocation DomainTraceKind::invocation(const Assignment& assignment, const TestSpec& test,
                                       const GradingContext& context) const {
  return domain_trace_invocation(assignment, composed_form(assignment, test), context);
}

TestOutcome DomainTraceKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                      const Observation& observation) const {
  const TestSpec composed = composed_form(assignment, test);
  if (asked_ == Asked::handed_path) return evaluate_handed_path(assignment, composed, observation);
  return asked_ == Asked::successors
             ? evaluate_domain_listing(assignment, composed, observation, aspects())
             : evaluate_domain_path(assignment, composed, observation, aspects());
}

std::vector<MutantOutcome> DomainTraceKind::mutant_outcomes(const Assignment& assignment,
                                                            const TestSpec& test) const {
  if (asked_ == Asked::handed_path) return {};  // the path is handed in: no search to get wrong
  const TestSpec composed = composed_form(assignment, test);
  return asked_ == Asked::successors ? domain_listing_mutants(assignment, composed, aspects())
                                     : domain_path_mutants(assignment, composed, aspects());
}

}  // namespace sg
