#include "engine/test_verdict.h"

#include <fmt/format.h>

#include <algorithm>

namespace sg {
namespace {

// One entry per criterion the aspect counts toward; an unbound aspect keeps one entry, with an
// empty criterion (feedback only).
void bind_aspects(const TestSpec& test, TestOutcome& outcome) {
  std::vector<AspectOutcome> bound;
  for (auto& aspect : outcome.aspects) {
    const auto grades = test.grades.find(aspect.aspect);
    if (grades == test.grades.end() || grades->second.empty()) {
      aspect.criterion_id.clear();
      bound.push_back(std::move(aspect));
      continue;
    }
    for (const auto& criterion : grades->second) {
      AspectOutcome copy = aspect;
      copy.criterion_id = criterion;
      bound.push_back(std::move(copy));
    }
  }
  outcome.aspects = std::move(bound);
}

void judge_exit_status(const TestSpec& test, TestOutcome& outcome, const Observation& observation) {
  const int status = observation.exit_code.value_or(-1);
  switch (test.exit_status) {
    case ExitStatusPolicy::required:
      if (status != 0) {
        outcome.verdict = Verdict::runtime_error;
        outcome.feedback = exit_status_feedback(observation);
      }
      break;
    case ExitStatusPolicy::graded:
      break;  // the `exit` aspect, added for every program test (graded_exit_aspect)
    case ExitStatusPolicy::ignored:
      if (status != 0 && !observation.stderr_stream.data.empty() &&
          std::any_of(outcome.aspects.begin(), outcome.aspects.end(),
                      [](const AspectOutcome& aspect) { return !aspect.passed; })) {
        // A wrong answer from a program that failed: what it said on the way out is the
        // student's first clue (a traceback), though the status itself is not graded.
        const std::string& err = observation.stderr_stream.data;
        constexpr std::size_t kKeep = 2000;
        if (!outcome.feedback.empty()) outcome.feedback += '\n';
        outcome.feedback += fmt::format(
            "the program ended with status {} (not graded here); its stderr ends with:\n{}", status,
            err.size() > kKeep ? "..." + err.substr(err.size() - kKeep) : err);
      } else if (status != 0) {
        outcome.notes.push_back(fmt::format(
            "the program exited with status {}; this test does not grade the exit status", status));
      }
      break;
  }
}

// Under `exit_status: graded`, every program test has an `exit` aspect: passed when the program
// exited with status 0; failed when it exited otherwise, was stopped, or did not run.
AspectOutcome graded_exit_aspect(const TestOutcome& outcome, const Observation* observation) {
  AspectOutcome exit{"exit", "", false, ""};
  if (observation == nullptr) {
    exit.feedback = outcome.feedback.empty() ? "the program did not run" : outcome.feedback;
  } else if (observation->termination != Termination::exited) {
    exit.feedback =
        fmt::format("the program did not exit on its own ({})", describe(outcome.verdict));
  } else if (observation->exit_code.value_or(-1) != 0) {
    exit.feedback = exit_status_feedback(*observation);
  } else {
    exit.passed = true;
  }
  return exit;
}

// "0.052 s", "1.3 s", "70 s": as precise as a reader needs.
std::string seconds_text(double seconds) {
  if (seconds >= 10) return fmt::format("{:.0f} s", seconds);
  return fmt::format("{:.2g} s", seconds);
}

// What a correct solution needs on the test, when the spec says (measured, or stated).
std::string calibration_feedback(const TestSpec& test) {
  constexpr const char* kMeaning =
      "so a solution stopped by it most likely never ends (a loop that does not reach the goal) "
      "or does far more work than the assignment needs";
  if (test.time_scaling && test.time_scaling->measured_cpu_seconds) {
    const TimeScaling& scaling = *test.time_scaling;
    return fmt::format(
        "the slowest of the course's accepted solutions needs {} of CPU time on this test; the "
        "limit is {} ({:g} times that, at least {}), {}",
        seconds_text(*scaling.measured_cpu_seconds), seconds_text(test.limits.cpu_seconds),
        scaling.multiplier, seconds_text(scaling.floor_seconds), kMeaning);
  }
  const LimitCalibration& calibration = *test.calibration;
  return fmt::format("{} needs about {} of CPU time on this test; the limit is {}, {}",
                     calibration.solution, seconds_text(calibration.cpu_seconds),
                     seconds_text(test.limits.cpu_seconds), kMeaning);
}

}  // namespace

std::string exit_status_feedback(const Observation& observation) {
  std::string text = fmt::format("the program exited with status {} (expected 0)",
                                 observation.exit_code.value_or(-1));
  if (!observation.stderr_stream.data.empty()) {
    // The end of stderr is where a traceback's last line is.
    const std::string& err = observation.stderr_stream.data;
    const std::size_t keep = 2000;
    text += "; its stderr ends with:\n" +
            (err.size() > keep ? "..." + err.substr(err.size() - keep) : err);
  }
  return text;
}

void conclude_test(const TestSpec& test, TestOutcome& outcome, const Observation* observation,
                   bool program) {
  outcome.id = test.id;
  outcome.name = test.name;
  outcome.kind = test.kind;
  outcome.visibility = test.visibility;

  // A kind says only whether the process stopped abnormally; accepted and wrong answer are
  // decided below from the aspects.
  if (ran_to_completion(outcome.verdict)) {
    outcome.verdict = Verdict::accepted;
    if (program && observation != nullptr && observation->termination == Termination::exited)
      judge_exit_status(test, outcome, *observation);
  }
  if (program && test.exit_status == ExitStatusPolicy::graded)
    outcome.aspects.push_back(graded_exit_aspect(outcome, observation));
  bind_aspects(test, outcome);

  if (outcome.verdict == Verdict::accepted) {
    const bool failed = std::any_of(
        outcome.aspects.begin(), outcome.aspects.end(), [](const AspectOutcome& aspect) {
          return !aspect.criterion_id.empty() && aspect.judged && !aspect.passed;
        });
    if (failed) outcome.verdict = Verdict::wrong_answer;
  } else if (!ran_to_completion(outcome.verdict)) {
    // A test that did not run to its end earns nothing, whatever it printed before.
    for (auto& aspect : outcome.aspects) {
      if (!aspect.judged || !aspect.passed) continue;
      aspect.passed = false;
      aspect.feedback = outcome.feedback.empty()
                            ? fmt::format("not earned: {}", describe(outcome.verdict))
                            : outcome.feedback;
    }
  }
  const bool measured = test.time_scaling && test.time_scaling->measured_cpu_seconds;
  if (outcome.verdict == Verdict::time_limit_exceeded && (test.calibration || measured)) {
    if (!outcome.feedback.empty()) outcome.feedback += '\n';
    outcome.feedback += calibration_feedback(test);
  }
  if (outcome.feedback.empty()) {
    for (const auto& aspect : outcome.aspects) {
      if (!aspect.passed && aspect.judged && !aspect.criterion_id.empty() &&
          !aspect.feedback.empty()) {
        outcome.feedback = aspect.feedback;
        break;
      }
    }
  }
}

TestOutcome not_run_outcome(const std::vector<std::string>& aspects, Verdict verdict,
                            std::string feedback) {
  TestOutcome outcome;
  outcome.verdict = verdict;
  outcome.feedback = std::move(feedback);
  for (const auto& aspect : aspects) outcome.aspects.push_back({aspect, "", false, ""});
  return outcome;
}

}  // namespace sg
