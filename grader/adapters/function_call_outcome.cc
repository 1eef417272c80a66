#include "adapters/function_call_outcome.h"

#include <algorithm>

#include "languages/language_driver.h"

namespace sg {

std::string submission_file(const Assignment& assignment) {
  const LanguageDriver* driver = language_driver(assignment.submission.language);
  return driver != nullptr ? driver->module_file(assignment) : assignment.submission.module;
}

DriverRun read_driver_run(const Assignment& assignment, const TestSpec& test,
                          const Observation& observation,
                          const std::vector<std::string>& step_calls, TestOutcome& outcome) {
  DriverRun run{read_transcript(observation, step_calls.size()), submission_file(assignment), {}};
  record_metrics(outcome, observation);
  outcome.notes = import_notes(run.transcript, run.module_file);
  run.stop = diagnose_early_stop(observation, run.transcript, step_calls, run.module_file);
  for (std::size_t i = 0; i < step_calls.size() && !run.stop; ++i)
    run.stop = output_overflow(run.transcript.steps[i], step_calls[i], test.limits.output_bytes);
  return run;
}

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
