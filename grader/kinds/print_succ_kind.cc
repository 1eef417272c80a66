#include "kinds/print_succ_kind.h"

#include "domains/sliding_tile_setup.h"
#include "kinds/domain_trace.h"

namespace sg {

std::vector<std::string> PrintSuccKind::keys() const {
  std::vector<std::string> keys = {"state", "function"};
  for (std::string& key : domain_listing_keys()) keys.push_back(std::move(key));
  return keys;
}

void PrintSuccKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  if (composed_test(test)) {
    require_function_adapter(assignment, test);
  } else {
    refuse_composed_keys(test, domain_listing_keys());
    read_state(test, "state", make_puzzle(assignment, test), assignment.state_notation);
  }
  validate_domain_listing(assignment, composed_form(assignment, test));
}

Invocation PrintSuccKind::invocation(const Assignment& assignment, const TestSpec& test,
                                     const GradingContext& context) const {
  return domain_trace_invocation(assignment, composed_form(assignment, test), context);
}

TestOutcome PrintSuccKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation) const {
  return evaluate_domain_listing(assignment, composed_form(assignment, test), observation,
                                 aspects());
}

std::vector<MutantOutcome> PrintSuccKind::mutant_outcomes(const Assignment& assignment,
                                                          const TestSpec& test) const {
  return domain_listing_mutants(assignment, composed_form(assignment, test), aspects());
}

}  // namespace sg
