#include "kinds/function_call_outcome.h"

namespace sg {

void fail_all_aspects(TestOutcome& outcome, const std::vector<std::string>& aspects, const EarlyStop& stop) {
  outcome.verdict = stop.verdict;
  outcome.feedback = stop.feedback;
  outcome.aspects.clear();
  for (const auto& aspect : aspects) {
    outcome.aspects.push_back({aspect, "", false, stop.feedback});
  }
}

void record_metrics(TestOutcome& outcome, const Observation& observation) {
  outcome.cpu_seconds = observation.cpu_seconds;
  outcome.wall_seconds = observation.wall_seconds;
  outcome.peak_memory_bytes = observation.peak_memory_bytes;
}

}  // namespace sg
