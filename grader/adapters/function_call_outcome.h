// Shared shaping of outcomes for function-call kinds: an outcome whose every aspect failed for
// one reason (the import failed, the call timed out, the function is missing).
#pragma once

#include <string>
#include <vector>

#include "adapters/python_driver_client.h"
#include "model/assignment.h"
#include "model/grade_report.h"

namespace sg {

/// Marks every aspect in `aspects` failed with the stop's feedback and sets the verdict. Aspects in
/// `unjudged` (those that judge what was printed, such as format) are marked not judged instead:
/// a test that stopped early printed nothing to judge them on.
void fail_all_aspects(TestOutcome& outcome, const std::vector<std::string>& aspects,
                      const EarlyStop& stop, const std::vector<std::string>& unjudged = {});

/// Marks the named aspects not judged (e.g. format when nothing was printed).
void mark_unjudged(TestOutcome& outcome, const std::vector<std::string>& aspects,
                   const std::string& why);

/// Copies run metrics (CPU, wall, memory) from the observation into the outcome.
void record_metrics(TestOutcome& outcome, const Observation& observation);

}  // namespace sg
