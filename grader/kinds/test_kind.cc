#include "kinds/test_kind.h"

namespace sg {

std::string TestKind::expected_output(const Assignment& assignment, const TestSpec& test) const {
  // A process that ran and printed nothing: every kind states what it expected before it judges
  // that nothing came out.
  Observation silent;
  silent.termination = Termination::exited;
  silent.exit_code = 0;
  return evaluate(assignment, test, silent).expected;
}

}  // namespace sg
