// Shared shaping of outcomes for function-call kinds: an outcome whose every aspect failed for
// one reason (the import failed, the call timed out, the function is missing).
#pragma once

#include <string>
#include <vector>

#include "kinds/python_driver_client.h"
#include "model/grade_report.h"

namespace sg {

/// Marks every aspect in `aspects` failed with the stop's feedback and sets the verdict.
void fail_all_aspects(TestOutcome& outcome, const std::vector<std::string>& aspects, const EarlyStop& stop);

/// Copies run metrics (CPU, wall, memory) from the observation into the outcome.
void record_metrics(TestOutcome& outcome, const Observation& observation);

}  // namespace sg
