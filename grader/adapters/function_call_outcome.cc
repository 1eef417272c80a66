#include "adapters/function_call_outcome.h"

#include <algorithm>

namespace sg {

void fail_all_aspects(TestOutcome& outcome, const std::vector<std::string>& aspects,
                      const EarlyStop& stop, const std::vector<std::string>& unjudged) {
  outcome.verdict = stop.verdict;
  outcome.feedback = stop.feedback;
  outcome.aspects.clear();
  for (const auto& aspect : aspects) {
    outcome.aspects.push_back({aspect, "", false, stop.feedback});
  }
  mark_unjudged(outcome, unjudged, "not judged: the test stopped before printing its result");
}

void mark_unjudged(TestOutcome& outcome, const std::vector<std::string>& aspects,
                   const std::string& why) {
  for (auto& aspect : outcome.aspects) {
    if (std::find(aspects.begin(), aspects.end(), aspect.aspect) == aspects.end()) continue;
    aspect.passed = false;
    aspect.judged = false;
    aspect.feedback = why;
  }
}

void record_metrics(TestOutcome& outcome, const Observation& observation) {
  outcome.cpu_seconds = observation.cpu_seconds;
  outcome.wall_seconds = observation.wall_seconds;
  outcome.peak_memory_bytes = observation.peak_memory_bytes;
}

}  // namespace sg
