#include "model/audit_report.h"

#include <algorithm>

namespace sg {

double AuditReport::mutation_score() const {
  if (mutants.empty()) return 1.0;
  const auto killed = std::count_if(mutants.begin(), mutants.end(),
                                    [](const MutantAudit& mutant) { return mutant.killed(); });
  return static_cast<double>(killed) / static_cast<double>(mutants.size());
}

bool AuditReport::fixtures_ok() const {
  return std::all_of(fixtures.begin(), fixtures.end(),
                     [](const FixtureAudit& fixture) { return fixture.ok(); });
}

}  // namespace sg
