#include "kinds/priority_queue_kind.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <memory>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/queue_class_steps.h"
#include "checkers/priority_queue_checker.h"
#include "checkers/state_text.h"

namespace sg {

std::vector<MutantOutcome> PriorityQueueKind::mutant_outcomes(const Assignment& assignment,
                                                              const TestSpec& test) const {
  const QueuePlan plan = plan_queue_steps(assignment, test);
  const struct {
    const char* id;
    const char* mistake;
    ref::CourseQueueRules rules;
  } mutants[] = {
      {"enqueue_never_updates",
       "enqueue keeps a queued state's entry even when g is lower",
       {false, ref::TieBreak::earliest_inserted}},
      {"pop_latest_of_equal",
       "pop takes the latest entry among equal f, not the earliest",
       {true, ref::TieBreak::latest_inserted}},
  };
  std::vector<MutantOutcome> outcomes;
  for (const auto& mutant : mutants) {
    MutantOutcome outcome{mutant.id, mutant.mistake, {}};
    outcome.outcome.verdict = Verdict::accepted;
    outcome.outcome.aspects = {check_priority_queue(
        plan.expected, model_observations(plan_queue_steps(assignment, test, mutant.rules)),
        queue_states(plan.domain))};
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

void PriorityQueueKind::validate(const Assignment& assignment, const TestSpec& test) const {
  check_keys(test, keys());
  plan_queue_steps(assignment, test);
}

Invocation PriorityQueueKind::invocation(const Assignment& assignment, const TestSpec& test,
                                         const GradingContext& context) const {
  QueuePlan plan = plan_queue_steps(assignment, test);
  return make_driver_invocation(assignment, test, context, std::move(plan.driver_steps),
                                fmt::format("{} priority-queue operations", plan.expected.size()));
}

TestOutcome PriorityQueueKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                        const Observation& observation) const {
  const QueuePlan plan = plan_queue_steps(assignment, test);
  const QueueStates states = queue_states(plan.domain);
  TestOutcome outcome;
  for (const auto& step : plan.expected) {
    if (!outcome.call.empty()) outcome.call += "\n";
    outcome.call += step.call;
  }
  outcome.expected = expected_queue_text(plan);

  const DriverRun driver =
      read_driver_run(assignment, test, observation, plan.driver_calls, outcome);
  const DriverTranscript& transcript = driver.transcript;
  std::optional<EarlyStop> stop = driver.stop;
  if (stop && (!transcript.import_ok || stop->verdict == Verdict::grader_error)) {
    fail_all_aspects(outcome, aspects(), *stop);
    return outcome;
  }
  const std::vector<PqObservedStep> observed =
      observed_queue_steps(plan, transcript, driver.module_file);
  AspectOutcome behaviour = check_priority_queue(plan.expected, observed, states);
  if (stop) {
    // The process ended early (timeout, crash): the checker names the first step that did not run.
    outcome.verdict = stop->verdict;
    behaviour.feedback =
        stop->feedback + (behaviour.feedback.empty() ? "" : "\n" + behaviour.feedback);
    behaviour.passed = false;
    outcome.feedback = stop->feedback;
  } else if (std::any_of(observed.begin(), observed.end(),
                         [](const PqObservedStep& step) { return step.ran && !step.ok; })) {
    outcome.verdict = Verdict::runtime_error;
  } else {
    outcome.verdict = Verdict::accepted;
  }
  outcome.aspects = {behaviour};
  for (std::size_t i = 0; i < plan.expected.size(); ++i) {
    const DriverStepRecord& record = transcript.steps[plan.observed_index[i]];
    if (plan.expected[i].operation == PqOperation::str && record.finished &&
        record.value.is_string()) {
      outcome.observed += fmt::format("after {} steps, print(pq) showed:\n{}\n", i + 1,
                                      elide(record.value.get<std::string>(), 12, 2000));
    }
    if (!record.stdout_text.empty()) {
      outcome.observed += fmt::format("`{}` printed:\n{}\n", plan.expected[i].call,
                                      elide(record.stdout_text, 6, 600));
    }
  }
  return outcome;
}

}  // namespace sg
